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
 * Workload type {@code uvm-stream}: the CPU fills a managed allocation, a kernel on the
 * {@code uvm-gpu} reads all of it (each element once, in grid-stride order or in a seeded random
 * permutation, or each with its neighbours a row above and below), {@code rounds} times with the CPU writing every page in between, and the CPU reads it back and checks every page against a host reference. See
 * {@link StreamKernel}.
 *
 * @since 0.1
 */
@Extension
public final class StreamKernelType implements WorkloadType {
    static final Parameter<String> NODE = Parameter.node("node", "node whose uvm-gpu runs the kernel")
            .byDefault("node1");
    static final Parameter<Long> SIZE = Parameter.bytes("size", "bytes of the managed allocation the kernel reads")
            .byDefault("64MiB").range("4KiB", "64GiB").multipleOf("4KiB")
            .from(Source.assumption("sized against the GPU's deviceMemory by each scenario (50%, 150%)"));
    static final Parameter<Long> ACCESS_BYTES = Parameter.bytes("accessBytes",
            "bytes one warp access reads: 32 threads x 4 B, coalesced").byDefault("128B").range("4B", "4KiB")
            .from(Source.assumption("a warp of 32 threads each loading a 4-byte word"));
    static final Parameter<String> PATTERN = Parameter.choice("pattern",
            "stream: element k is read by warp k mod warps (grid-stride loop); random: the same elements in a "
                    + "seeded permutation; stencil: grid-stride, each element with its neighbours one row above and "
                    + "below (three loads)", "stream", "random", "stencil").byDefault("stream")
            .from(Source.assumption("the access patterns of the UVM studies: streaming, irregular and stencil"));
    static final Parameter<Long> ROW_BYTES = Parameter.bytes("rowBytes",
            "bytes of one row of the stencil's grid: its neighbours above and below are this far away")
            .byDefault("64KiB").range("4B", "1GiB")
            .from(Source.assumption("a 2-D grid of 16 Ki 4-byte cells per row; rows span 16 pages"));
    static final Parameter<Integer> ROUNDS = Parameter.count("rounds",
            "times the kernel runs; between two runs the CPU writes the first 8 bytes of every page (of the "
                    + "allocation and of the reference), so pages on the GPU migrate back").byDefault("1").range(1, 10_000)
            .from(Source.assumption("a CPU-GPU ping-pong over one allocation, the case thrashing detection is for"));
    static final Parameter<Long> SEED = Parameter.integer("seed", "seed of the content and of the random order")
            .byDefault("7").range(Long.MIN_VALUE, Long.MAX_VALUE)
            .from(Source.assumption("any fixed seed; the content only has to be reproducible"));

    static final StatisticSpec KERNEL_TIME = StatisticSpec.gauge("kernel.time", "ns",
            "time from each launch to the kernel's last access, summed over the rounds");
    static final StatisticSpec KERNEL_ACCESSES = StatisticSpec.gauge("kernel.accesses", "accesses",
            "warp accesses the kernels completed");

    /** Creates the type; found through PF4J or {@link java.util.ServiceLoader}. */
    public StreamKernelType() {
    }

    @Override
    public String name() {
        return "uvm-stream";
    }

    @Override
    public String description() {
        return "A GPU kernel reads a CPU-filled managed allocation (streaming, random or stencil order), faulting it onto "
                + "the uvm-gpu; the CPU then reads it back and checks every page";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return Parameter.specs(NODE, SIZE, ACCESS_BYTES, PATTERN, ROW_BYTES, ROUNDS, SEED);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return List.of(KERNEL_TIME, KERNEL_ACCESSES);
    }

    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        long size = parameters.get(SIZE);
        // the allocation and its host reference are populated before the kernel
        return List.of(NodeRequirement.on(NODE.name(), "runs its kernel").componentType(Role.BUFFER_MANAGER, "uvm-gpu")
                .role(Role.FAULT_HANDLER).memory(Math.multiplyExact(size, 2), 0));
    }

    @Override
    public Workload create(WorkloadContext context) {
        return new StreamKernel(context);
    }
}
