package org.iopf.plugin.pldma;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;
import org.iopf.api.dma.DmaEngine;
import org.iopf.api.dma.DmaStatus;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PinResult;
import org.iopf.api.platform.Node;
import org.iopf.api.platform.NodeId;
import org.iopf.api.sim.CpuCore;
import org.iopf.api.sim.Scheduler;
import org.iopf.api.sim.ServiceTime;
import org.iopf.api.sim.WorkPriority;

/**
 * The ExaNeSt user-space RDMA library of one process on one node (seed 000 §3.3, §4.1):
 * {@link #rdmaWrite} and {@link #rdmaRead} hand requests to the node's R5 transfer scheduler and
 * report their completion. Memory is registered before use, either <b>unpinned</b>
 * (fault-aware: the pages resident now are mapped into the process's protection domain, nothing is
 * pinned, and every other page faults in when a packet first touches it) or <b>pinned</b> (the
 * comparison: every page is pinned and mapped, within the node's pinnable limit). Each call and
 * each completion takes {@code libraryCallCost} of CPU time on the library's core.
 *
 * @since 0.1
 */
public final class PldmaLibrary {
    private final Node node;
    private final PldmaEngine engine;
    private final AddressSpace space;
    private final StreamId stream;
    private final DomainId domain;
    private final boolean pinned;
    private final CpuCore core;
    private final ServiceTime callCost;
    private final RandomGenerator random;
    private final List<AddressRange> registered = new ArrayList<>();
    private boolean watching;
    private long pinnedBytes;

    private PldmaLibrary(Node node, AddressSpace space, StreamId stream, DomainId domain, boolean pinned) {
        this.node = node;
        DmaEngine dma = node.requireRole(DmaEngine.class);
        if (!(dma instanceof PldmaEngine pldma)) {
            throw new IllegalStateException("the DMA engine of node '" + node.id() + "' is not a pldma engine");
        }
        this.engine = pldma;
        this.space = space;
        this.stream = stream;
        this.domain = domain;
        this.pinned = pinned;
        var p = engine.context().parameters();
        this.core = engine.context().resources().requireCore(p.get(PldmaEngineType.LIBRARY_CORE));
        this.callCost = p.get(PldmaEngineType.LIBRARY_CALL_COST);
        this.random = engine.context().random();
    }

    /**
     * Opens the library for the process {@code space} on {@code node}: attaches the process's
     * stream to its protection domain in the node's IOMMU.
     *
     * @param pinned register memory pinned (the comparison) rather than unpinned (fault-aware)
     */
    public static PldmaLibrary open(Node node, AddressSpace space, StreamId stream, DomainId domain, boolean pinned) {
        Objects.requireNonNull(node, "node is null");
        Objects.requireNonNull(space, "space is null");
        Objects.requireNonNull(stream, "stream is null");
        Objects.requireNonNull(domain, "domain is null");
        PldmaLibrary library = new PldmaLibrary(node, space, stream, domain, pinned);
        node.requireRole(Iommu.class).attach(stream, domain, space);
        return library;
    }

    /** The node's PLDMA, for the plugin's own workloads. */
    PldmaEngine engine() {
        return engine;
    }

    /** Whether this library registers memory pinned. */
    public boolean pinned() {
        return pinned;
    }

    /** Bytes this library has pinned. */
    public long pinnedBytes() {
        return pinnedBytes;
    }

    /** The node's R5 scheduler's state counts, for tests and reports. */
    public int blocksIn(BlockState state) {
        return engine.r5().blocksIn(state);
    }

    /**
     * Registers {@code [va, va+length)} for RDMA.
     *
     * @return whether it was registered; pinned registration fails beyond the pinnable limit
     */
    public boolean register(long va, long length) {
        MemoryManager memory = node.memoryManager();
        Iommu iommu = node.requireRole(Iommu.class);
        long first = PageSize.BASE.alignDown(va);
        long end = PageSize.BASE.alignUp(va + length);
        if (pinned) {
            if (memory.pin(space, first, end - first) != PinResult.PINNED) {
                return false;
            }
            pinnedBytes += end - first;
        } else if (!watching) {
            watching = true;
            memory.registerNotifier(space, (s, range, reason) -> iommu.unmap(domain, range.start(), range.length()));
        }
        boolean writable = space.vma(va).map(v -> v.writable()).orElse(false);
        for (long page = first; page < end; page += PageSize.BASE.bytes()) {
            long mapped = page;
            memory.translate(space, page, Access.READ)
                    .ifPresent(frame -> iommu.map(domain, mapped, frame, PageSize.BASE.bytes(), writable));
        }
        registered.add(new AddressRange(va, length));
        return true;
    }

    /** {@code rdma_write}: {@code length} bytes from local {@code va} to {@code remoteVa} on {@code remote}. */
    public void rdmaWrite(int channel, long va, NodeId remote, long remoteVa, long length,
            Consumer<RdmaCompletion> done) {
        call(RdmaOperation.WRITE, channel, va, remote, remoteVa, length, done);
    }

    /** {@code rdma_read}: {@code length} bytes from {@code remoteVa} on {@code remote} into local {@code va}. */
    public void rdmaRead(int channel, long va, NodeId remote, long remoteVa, long length,
            Consumer<RdmaCompletion> done) {
        call(RdmaOperation.READ, channel, va, remote, remoteVa, length, done);
    }

    private void call(RdmaOperation operation, int channel, long va, NodeId remote, long remoteVa, long length,
            Consumer<RdmaCompletion> done) {
        Objects.requireNonNull(remote, "remote is null");
        Objects.requireNonNull(done, "done is null");
        Scheduler scheduler = engine.context().scheduler();
        long submitted = scheduler.now();
        core.run("pldma/lib-call", WorkPriority.USER, callCost.draw(random), () -> {
            if (!isRegistered(va, length)) {
                done.accept(new RdmaCompletion(-1, operation, DmaStatus.ERROR, 0, 0, 0, submitted, scheduler.now()));
                return;
            }
            engine.r5().post(operation, stream, channel, va, remote, remoteVa, length, submitted,
                    completion -> core.run("pldma/lib-complete", WorkPriority.USER, callCost.draw(random),
                            () -> done.accept(new RdmaCompletion(completion.requestId(), operation,
                                    completion.status(), completion.bytes(), completion.blocks(),
                                    completion.retries(), submitted, scheduler.now()))));
        });
    }

    private boolean isRegistered(long va, long length) {
        for (AddressRange range : registered) {
            if (va >= range.start() && va + length <= range.end()) {
                return true;
            }
        }
        return false;
    }
}
