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
 * Workload type {@code uvm-copy}: copy-engine transfers between managed ranges, whose misses are
 * non-replayable faults. The CPU fills a source; a copy engine copies it to a destination (every
 * page faults, non-replayably, and is serviced) and the CPU checks the destination; then, with
 * {@code freeSource}, the CPU frees the source and the copy is issued again: its first fault finds
 * no VMA and the channel is cancelled with an error status. See {@link CopyEngine}.
 *
 * @since 0.1
 */
@Extension
public final class CopyEngineType implements WorkloadType {
    static final Parameter<String> NODE = Parameter.node("node", "node whose uvm-gpu's copy engines run the copies")
            .byDefault("node1");
    static final Parameter<Long> SIZE = Parameter.bytes("size", "bytes of the source (and destination) range")
            .byDefault("1MiB").range("4KiB", "1GiB").multipleOf("4KiB")
            .from(Source.assumption("a small cudaMemcpy between two managed ranges"));
    static final Parameter<Boolean> FREE_SOURCE = Parameter.flag("freeSource",
            "after the first copy the CPU frees the source and issues the copy again (a use after free)")
            .byDefault("true").from(Source.assumption("the copy-engine access to freed memory of issue 21 item 2"));
    static final Parameter<Long> SEED = Parameter.integer("seed", "seed of the source's content").byDefault("7")
            .range(Long.MIN_VALUE, Long.MAX_VALUE)
            .from(Source.assumption("any fixed seed; the content only has to be reproducible"));

    static final StatisticSpec COPY_TIME = StatisticSpec.gauge("copy.time", "ns",
            "time of the first copy, non-replayable faults included");
    static final StatisticSpec CANCELLED = StatisticSpec.gauge("copy.cancelled", "copies",
            "copies whose channel was cancelled with an error status");

    /** Creates the type; found through PF4J or {@link java.util.ServiceLoader}. */
    public CopyEngineType() {
    }

    @Override
    public String name() {
        return "uvm-copy";
    }

    @Override
    public String description() {
        return "Copy-engine copies between managed ranges on a uvm-gpu (non-replayable faults); optionally again "
                + "after the CPU freed the source, which cancels the channel with an error status";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return Parameter.specs(NODE, SIZE, FREE_SOURCE, SEED);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return List.of(COPY_TIME, CANCELLED);
    }

    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        return List.of(NodeRequirement.on(NODE.name(), "runs its copies").componentType(Role.BUFFER_MANAGER, "uvm-gpu")
                .role(Role.FAULT_HANDLER).memory(Math.multiplyExact(parameters.get(SIZE), 3), 0));
    }

    @Override
    public Workload create(WorkloadContext context) {
        return new CopyEngine(context);
    }
}
