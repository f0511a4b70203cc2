package org.iopf.plugin.hmm.workload;

import java.util.List;
import org.iopf.api.observe.StatisticSpec;
import org.iopf.api.platform.NodeRequirement;
import org.iopf.api.platform.Parameter;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.Parameters;
import org.iopf.api.platform.Source;
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
    static final Parameter<String> NODE = Parameter.node("node", "node whose hmm-device is driven")
            .byDefault("node1");
    static final Parameter<Long> HEAP = Parameter.bytes("heapSize", "bytes of the heap").byDefault("32MiB")
            .range("4KiB", "1TiB").from(Source.seed("003", "§4 (mixed heaps)"));
    static final Parameter<Long> MAX_OBJECT = Parameter.bytes("maxObject",
            "largest object; sizes are drawn uniformly in 4 KiB steps").byDefault("256KiB").range("4KiB", "1TiB")
            .from(Source.seed("003", "§4 (mixed heaps)"));
    static final Parameter<Double> SHARED_FRACTION = Parameter.decimal("sharedFraction",
            "probability that an object is shared with the CPU and pinned (0..1)").byDefault("0.125")
            .range("0", "1").from(Source.assumption("one object in eight shared with the CPU"));
    static final Parameter<Long> SEED = Parameter.integer("seed", "seed of the heap's content").byDefault("5")
            .range(Long.MIN_VALUE, Long.MAX_VALUE).from(Source.assumption("any fixed seed; the content only has to be reproducible"));

    /** The figures it reports besides the standard ones, in the order {@link MixedHeap} fills them. */
    static final List<StatisticSpec> STATISTICS = List.of(
            StatisticSpec.gauge("shared.pages", "pages", "pages of objects shared with the CPU"),
            StatisticSpec.gauge("shared.migrated", "pages", "shared pages that reached the device"),
            StatisticSpec.gauge("private.unmigrated", "pages", "device-private pages that stayed in system memory"),
            StatisticSpec.gauge("shared.faultBacks", "pages", "shared pages the CPU faulted back"),
            StatisticSpec.gauge("device.hostBytes", "bytes", "bytes the device read from system memory over PCIe"));

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
        return Parameter.specs(NODE, HEAP, MAX_OBJECT, SHARED_FRACTION, SEED);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return STATISTICS;
    }

    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        return List.of(HmmRequirements.device(NODE.name(), parameters.get(HEAP)));
    }

    @Override
    public Workload create(WorkloadContext context) {
        return new MixedHeap(context);
    }
}
