package org.iopf.plugin.hmm.workload;

import java.util.List;
import org.iopf.api.platform.NodeRequirement;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.ParameterType;
import org.iopf.api.platform.Parameters;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadType;
import org.pf4j.Extension;

/**
 * Workload type {@code hmm-mixed} (seed 003: malloc() memory mixes data the device should get
 * with data that must never migrate): a malloc-style heap of objects packed back to back, some of
 * them shared with the CPU and I/O (pinned, so they never migrate). The device migrates the whole
 * heap and computes on it; the CPU keeps using the shared objects. See {@link MixedHeap}.
 *
 * @since 0.1
 */
@Extension
public final class MixedHeapType implements WorkloadType {
    static final String NODE = "node";
    static final String HEAP = "heapSize";
    static final String MAX_OBJECT = "maxObject";
    static final String SHARED_FRACTION = "sharedFraction";
    static final String SEED = "seed";

    /** Creates the type; found through PF4J or {@link java.util.ServiceLoader}. */
    public MixedHeapType() {
    }

    @Override
    public String name() {
        return "hmm-mixed";
    }

    @Override
    public String description() {
        return "HMM malloc-style heap: the device migrates the heap, pinned CPU-shared objects never migrate and "
                + "are reached over PCIe";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return List.of(
                ParameterSpec.of(NODE, ParameterType.NODE, "node1", "node whose hmm-device is driven", ""),
                ParameterSpec.of(HEAP, ParameterType.BYTES, "32MiB", "bytes of the heap", "seed 003")
                        .range("4KiB", "1TiB"),
                ParameterSpec.of(MAX_OBJECT, ParameterType.BYTES, "256KiB",
                        "largest object; sizes are drawn uniformly in 4 KiB steps", "seed 003").range("4KiB", "1TiB"),
                ParameterSpec.of(SHARED_FRACTION, ParameterType.DECIMAL, "0.125",
                        "probability that an object is shared with the CPU and pinned (0..1)", "seed 003")
                        .range("0", "1"),
                ParameterSpec.of(SEED, ParameterType.INTEGER, "5", "seed of the heap's content", "")
                        .range(Long.MIN_VALUE, Long.MAX_VALUE));
    }

    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        return List.of(HmmRequirements.device(NODE, parameters.bytes(HEAP)));
    }

    @Override
    public Workload create(WorkloadContext context) {
        return new MixedHeap(context);
    }
}
