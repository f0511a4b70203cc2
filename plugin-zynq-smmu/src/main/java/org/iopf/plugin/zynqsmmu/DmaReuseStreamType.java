package org.iopf.plugin.zynqsmmu;

import java.util.List;
import org.iopf.api.mem.PageSize;
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
 * Workload type {@code dma-reuse-stream}: a process whose DMA copies go through on-demand
 * (unpinned, unmapped) buffers in rounds, and which releases both buffers between rounds with
 * {@code madvise(MADV_DONTNEED)} and writes new data into the source, as an application that
 * frees and reuses large buffers does. The release reaches the IOMMU through the fault handler's
 * MMU notifier, which unmaps each whole buffer; a buffer that is one 2 MiB-aligned 2 MiB region
 * fills one level-3 table, which that unmap frees (FIDELITY A11: the stale walk-cache entry a
 * missing invalidation leaves).
 *
 * <p>Metrics under {@code workload.}: the standard ones ({@code messages}: blocks copied,
 * {@code bytes}, {@code errors}, {@code latency}, {@code elapsed}) and
 * {@code integrity.mismatchedPages}, summed over the rounds (each round's destination is compared
 * with its source before the release).
 *
 * @since 0.2
 */
@Extension
public final class DmaReuseStreamType implements WorkloadType {
    static final Parameter<String> NODE = Parameter.node("node", "node whose DMA engine copies").byDefault("node1");
    static final Parameter<Long> BUFFER_SIZE = Parameter.bytes("bufferSize",
            "bytes of each of the two buffers (mmap aligns them to 2 MiB: 2 MiB fills one level-3 table)")
            .byDefault("2MiB").range("4KiB", "1GiB")
            .from(Source.assumption("one level-3 table per buffer, the smallest unit io-pgtable-arm frees"));
    static final Parameter<Long> BLOCK_SIZE = Parameter.bytes("blockSize", "bytes per DMA transfer")
            .byDefault("64KiB").range("4KiB", "1GiB")
            .from(Source.assumption("the 64 KiB blocks of the smmu-a7/a10/a11 scenarios"));
    static final Parameter<Integer> BLOCKS = Parameter.count("blocks",
            "blocks copied per round, one at a time, block i at offset i x blockSize of both buffers")
            .byDefault("2").range(1, 16_384).from(Source.assumption("a few blocks: every page of them faults"));
    static final Parameter<Integer> ROUNDS = Parameter.count("rounds",
            "rounds; between two, both buffers are released (MADV_DONTNEED) and the source is written again")
            .byDefault("2").range(1, 1000).from(Source.assumption("two rounds: the second reuses what the first freed"));
    static final Parameter<Boolean> RELEASE = Parameter.flag("release",
            "release both buffers between rounds (off: the rounds copy the same, still mapped, pages again)")
            .byDefault("true").from(Source.assumption("the reuse is the point of the workload"));

    /** Creates the type; found through PF4J or {@link java.util.ServiceLoader}. */
    public DmaReuseStreamType() {
    }

    @Override
    public String name() {
        return "dma-reuse-stream";
    }

    @Override
    public String description() {
        return "DMA copies through on-demand buffers in rounds; between rounds the process releases both buffers "
                + "(MADV_DONTNEED) and rewrites the source, so the IOMMU unmaps (and frees) their tables";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return Parameter.specs(NODE, BUFFER_SIZE, BLOCK_SIZE, BLOCKS, ROUNDS, RELEASE);
    }

    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        long length = PageSize.BASE.alignUp(parameters.get(BUFFER_SIZE));
        return List.of(NodeRequirement.on(NODE.name(), "copies with it").role(Role.DMA_ENGINE).role(Role.IOMMU)
                .role(Role.FAULT_HANDLER).memory(Math.multiplyExact(length, 2), 0));
    }

    @Override
    public Workload create(WorkloadContext context) {
        return new DmaReuseStream(context);
    }
}
