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
 * Workload type {@code hmm-migrate-compute} (seed 003, F7): bulk-migrate an input buffer to the
 * device, run a kernel on it at device bandwidth and one on host-resident buffers over PCIe, read
 * the output back, then let the CPU read the input (every page faults back). See
 * {@link MigrateCompute} for the figures it reports.
 *
 * @since 0.1
 */
@Extension
public final class MigrateComputeType implements WorkloadType {
    static final String NODE = "node";
    static final String SIZE = "size";
    static final String FILLED = "filled";
    static final String HOST_SIZE = "hostSize";
    static final String HOST_PRESSURE = "hostPressure";
    static final String WRITE_BACK = "writeBack";
    static final String SEED = "seed";

    /** Creates the type; found through PF4J or {@link java.util.ServiceLoader}. */
    public MigrateComputeType() {
    }

    @Override
    public String name() {
        return "hmm-migrate-compute";
    }

    @Override
    public String description() {
        return "HMM: bulk migrate to device memory, device compute on migrated and on host data, read back, "
                + "CPU fault-back of the input; optional bounce write-back and host memory pressure";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return List.of(
                ParameterSpec.of(NODE, ParameterType.NODE, "node1", "node whose hmm-device runs the kernels", ""),
                ParameterSpec.of(SIZE, ParameterType.BYTES, "10GiB",
                        "bytes of the input (and of the output) migrated to the device", "seed 003; F7")
                        .range("4KiB", "1TiB"),
                ParameterSpec.of(FILLED, ParameterType.BYTES, "16MiB",
                        "bytes at the start of the input the CPU writes with generated content; the rest is "
                                + "touched zeros (keeps a 10 GiB run cheap; every byte still crosses PCIe)", "")
                        .range("0B", "1TiB"),
                ParameterSpec.of(HOST_SIZE, ParameterType.BYTES, "1GiB",
                        "bytes of a second input kept in system memory, computed on over PCIe", "seed 003; F7")
                        .range("0B", "1TiB"),
                ParameterSpec.of(HOST_PRESSURE, ParameterType.BYTES, "0B",
                        "bytes other host work populates after the migration, before the read back", "F6")
                        .range("0B", "1TiB"),
                ParameterSpec.of(WRITE_BACK, ParameterType.BOOLEAN, "false",
                        "write the output back to a file through the bounce buffer before reading it back", "F5"),
                ParameterSpec.of(SEED, ParameterType.INTEGER, "7", "seed of the generated content", "")
                        .range(Long.MIN_VALUE, Long.MAX_VALUE));
    }

    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        // the input and the host's own input are populated before the first kernel
        return List.of(HmmRequirements.device(NODE,
                Math.addExact(parameters.bytes(SIZE), parameters.bytes(HOST_SIZE))));
    }

    @Override
    public Workload create(WorkloadContext context) {
        return new MigrateCompute(context);
    }
}
