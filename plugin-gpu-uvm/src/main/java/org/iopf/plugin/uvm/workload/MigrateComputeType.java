package org.iopf.plugin.uvm.workload;

import java.util.List;
import org.iopf.api.observe.StatisticSpec;
import org.iopf.api.platform.NodeRequirement;
import org.iopf.api.platform.Parameter;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.Parameters;
import org.iopf.api.platform.Role;
import org.iopf.api.platform.Source;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadType;
import org.pf4j.Extension;

/**
 * Workload type {@code uvm-migrate-compute}: plugin-hmm's {@code hmm-migrate-compute} job on a
 * {@code uvm-gpu}, where migration is demand paging by GPU far faults instead of a bulk migration.
 * The CPU fills a managed input; a copy kernel (every element loaded from the input and stored to
 * a managed output) runs once while the pages fault onto the GPU, then again on resident data; the
 * CPU reads the output back and then the input (every GPU-resident page migrates back) and checks
 * both. See {@link MigrateCompute} for the figures.
 *
 * @since 0.1
 */
@Extension
public final class MigrateComputeType implements WorkloadType {
    static final Parameter<String> NODE = Parameter.node("node", "node whose uvm-gpu runs the kernels")
            .byDefault("node1");
    static final Parameter<Long> SIZE = Parameter.bytes("size",
            "bytes of the input (and of the output) the kernels copy").byDefault("32MiB").range("4KiB", "64GiB")
            .multipleOf("4KiB")
            .from(Source.assumption("sized against the GPU's deviceMemory by each scenario; both buffers fit"));
    static final Parameter<Long> ACCESS_BYTES = Parameter.bytes("accessBytes",
            "bytes one warp load or store moves: 32 threads x 4 B, coalesced (a page holds as many whole ones as fit)").byDefault("128B")
            .range("4B", "4KiB")
            .from(Source.assumption("a warp of 32 threads each loading a 4-byte word"));
    static final Parameter<Long> SEED = Parameter.integer("seed", "seed of the input's content").byDefault("7")
            .range(Long.MIN_VALUE, Long.MAX_VALUE)
            .from(Source.assumption("any fixed seed; the content only has to be reproducible"));

    /** The figures besides the standard ones, in the order {@link MigrateCompute} fills them (as hmm-migrate-compute's). */
    static final List<StatisticSpec> STATISTICS = List.of(
            StatisticSpec.gauge("migrate.time", "ns",
                    "time of the first copy kernel, whose far faults migrate the input (and zero-fill the output)"),
            StatisticSpec.gauge("migrate.rate", "bits/s", "input bytes migrated to the GPU over that time"),
            StatisticSpec.gauge("compute.device.rate", "bits/s",
                    "second copy kernel's rate on resident data: bytes loaded plus stored per second"),
            StatisticSpec.gauge("readback.time", "ns", "time for the CPU to read the output back (each page migrates)"),
            StatisticSpec.gauge("readback.rate", "bits/s", "rate of that read back"),
            StatisticSpec.gauge("faultback.time", "ns", "time for the CPU to fault the whole input back"));

    /** Creates the type; found through PF4J or {@link java.util.ServiceLoader}. */
    public MigrateComputeType() {
    }

    @Override
    public String name() {
        return "uvm-migrate-compute";
    }

    @Override
    public String description() {
        return "hmm-migrate-compute on a uvm-gpu: a copy kernel migrates its input by far faults, runs again on "
                + "resident data, then the CPU reads the output and the input back and checks them";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return Parameter.specs(NODE, SIZE, ACCESS_BYTES, SEED);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return STATISTICS;
    }

    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        long size = parameters.get(SIZE);
        // the input, its host reference, and the output once read back
        return List.of(NodeRequirement.on(NODE.name(), "runs its kernels").componentType(Role.BUFFER_MANAGER, "uvm-gpu")
                .role(Role.FAULT_HANDLER).memory(Math.multiplyExact(size, 3), 0));
    }

    @Override
    public Workload create(WorkloadContext context) {
        return new MigrateCompute(context);
    }
}
