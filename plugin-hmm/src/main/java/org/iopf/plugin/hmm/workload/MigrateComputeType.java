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
 * Workload type {@code hmm-migrate-compute} (seed 003, F7): bulk-migrate an input buffer to the
 * device, run a kernel on it at device bandwidth and one on host-resident buffers over PCIe, read
 * the output back, then let the CPU read the input (every page faults back). See
 * {@link MigrateCompute} for the figures it reports.
 *
 * @since 0.1
 */
@Extension
public final class MigrateComputeType implements WorkloadType {
    static final Parameter<String> NODE = Parameter.node("node", "node whose hmm-device runs the kernels")
            .byDefault("node1");
    static final Parameter<Long> SIZE = Parameter.bytes("size",
            "bytes of the input (and of the output) migrated to the device").byDefault("10GiB").range("4KiB", "1TiB")
            .from(Source.seed("003", "F7"));
    static final Parameter<Long> FILLED = Parameter.bytes("filled",
            "bytes at the start of the input the CPU writes with generated content; the rest is touched zeros "
                    + "(keeps a 10 GiB run cheap; every byte still crosses PCIe)").byDefault("16MiB").range("0B", "1TiB")
            .from(Source.assumption("enough generated content to check integrity; the rest costs the same time"));
    static final Parameter<Long> HOST_SIZE = Parameter.bytes("hostSize",
            "bytes of a second input kept in system memory, computed on over PCIe").byDefault("1GiB")
            .range("4KiB", "1TiB").from(Source.seed("003", "F7"));
    static final Parameter<Long> HOST_PRESSURE = Parameter.bytes("hostPressure",
            "bytes other host work populates after the migration, before the read back").byDefault("0B")
            .range("0B", "1TiB").from(Source.seed("003", "F6"));
    static final Parameter<Boolean> WRITE_BACK = Parameter.flag("writeBack",
            "write the output back to a file through the bounce buffer before reading it back").byDefault("false")
            .from(Source.seed("003", "F5"));
    static final Parameter<Long> SEED = Parameter.integer("seed", "seed of the generated content").byDefault("7")
            .range(Long.MIN_VALUE, Long.MAX_VALUE).from(Source.assumption("any fixed seed; the content only has to be reproducible"));

    /** The figures it reports besides the standard ones, in the order {@link MigrateCompute} fills them. */
    static final List<StatisticSpec> STATISTICS = List.of(
            StatisticSpec.gauge("migrate.time", "ns", "time to migrate the input to the device"),
            StatisticSpec.gauge("migrate.rate", "bits/s", "rate of that migration"),
            StatisticSpec.gauge("compute.device.rate", "bits/s", "kernel rate on the migrated input (device memory)"),
            StatisticSpec.gauge("compute.host.rate", "bits/s", "kernel rate on the host-resident input (over PCIe)"),
            StatisticSpec.gauge("readback.time", "ns", "time to read the output back"),
            StatisticSpec.gauge("readback.rate", "bits/s", "rate of the read back"),
            StatisticSpec.gauge("faultback.time", "ns", "time for the CPU to fault the whole input back"));

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
        return Parameter.specs(NODE, SIZE, FILLED, HOST_SIZE, HOST_PRESSURE, WRITE_BACK, SEED);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return STATISTICS;
    }

    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        // the input and the host's own input are populated before the first kernel
        return List.of(HmmRequirements.device(NODE.name(),
                Math.addExact(parameters.get(SIZE), parameters.get(HOST_SIZE))));
    }

    @Override
    public Workload create(WorkloadContext context) {
        return new MigrateCompute(context);
    }
}
