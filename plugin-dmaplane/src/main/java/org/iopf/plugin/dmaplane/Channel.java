package org.iopf.plugin.dmaplane;

import java.util.List;
import java.util.ArrayList;
import java.util.Objects;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PageTableEntry;
import org.iopf.api.mem.PhysicalMemory;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Metrics;
import org.iopf.api.sim.CpuCore;
import org.iopf.api.sim.WorkPriority;

/**
 * A dmaplane channel (seed 004 §2.1, E1): a submit ring and a completion ring served by one worker
 * kernel thread on its own core. The worker takes descriptors in order, holds an engine reference
 * on both buffers while it copies, spends the copy's time as the memory-system model says (cache
 * hits, line fills from local or remote NUMA nodes), moves the contents, and posts a completion.
 * A full submit ring refuses a descriptor; a full completion ring stops the worker until the
 * consumer polls. Both are flow stalls (counted and traced).
 */
final class Channel {
    private final int index;
    private final Ring<CopyDescriptor> submit;
    private final Ring<ChannelCompletion> completions;
    private final CpuCore core;
    private final int cpuNode;
    private final Dmaplane device;
    private final String track;
    private final Counter submitted;
    private final Counter completed;
    private final Counter stalls;
    private final Counter bytes;
    private Runnable listener;
    private boolean working;
    private boolean blocked;

    Channel(int index, int entries, CpuCore core, int cpuNode, Dmaplane device, String track, Metrics metrics) {
        this.index = index;
        this.submit = new Ring<>(entries);
        this.completions = new Ring<>(entries);
        this.core = Objects.requireNonNull(core, "core is null");
        this.cpuNode = cpuNode;
        this.device = Objects.requireNonNull(device, "device is null");
        this.track = Objects.requireNonNull(track, "track is null");
        this.submitted = DmaplaneStatistics.CHANNEL_SUBMITTED.counter(metrics, "ch" + index);
        this.completed = DmaplaneStatistics.CHANNEL_COMPLETED.counter(metrics, "ch" + index);
        this.stalls = DmaplaneStatistics.CHANNEL_STALLS.counter(metrics, "ch" + index);
        this.bytes = DmaplaneStatistics.CHANNEL_BYTES.counter(metrics, "ch" + index);
    }

    int index() {
        return index;
    }

    CpuCore core() {
        return core;
    }

    Ring<CopyDescriptor> submitRing() {
        return submit;
    }

    Ring<ChannelCompletion> completionRing() {
        return completions;
    }

    long submitted() {
        return submitted.value();
    }

    long completed() {
        return completed.value();
    }

    long stalls() {
        return stalls.value();
    }

    /** Called whenever the completion ring goes from empty to non-empty. */
    void onCompletion(Runnable r) {
        this.listener = r;
    }

    /** Puts a descriptor on the submit ring; false (a flow stall) when it is full. */
    boolean submit(CopyDescriptor d) {
        Objects.requireNonNull(d, "d is null");
        if (!submit.offer(d)) {
            stall("submit_ring_full");
            return false;
        }
        submitted.increment();
        work();
        return true;
    }

    /** Takes up to {@code max} completions; a worker stopped by a full completion ring resumes. */
    List<ChannelCompletion> poll(int max) {
        List<ChannelCompletion> out = new ArrayList<>();
        while (out.size() < max && !completions.isEmpty()) {
            out.add(completions.poll());
        }
        if (blocked && !completions.isFull()) {
            blocked = false;
            work();
        }
        return out;
    }

    private void stall(String reason) {
        stalls.increment();
        if (device.context().tracer().enabled()) {
            device.context().tracer().instant(track, "dmaplane/flow_stall/" + reason, 0);
        }
    }

    private void work() {
        if (working || blocked || submit.isEmpty()) {
            return;
        }
        if (completions.isFull()) {
            blocked = true;
            stall("completion_ring_full");
            return;
        }
        CopyDescriptor d = submit.poll();
        working = true;
        DmaplaneBufferManager buffers = device.bufferManager();
        if (gone(d.source()) || gone(d.destination())) {
            finish(new ChannelCompletion(d.id(), ChannelCompletion.Status.BUFFER_GONE, 0,
                    device.context().scheduler().now()));
            return;
        }
        buffers.retainForEngine(d.source());
        buffers.retainForEngine(d.destination());
        MemoryAccessCost read = device.memorySystem().access(cpuNode, d.source().owner(),
                d.source().address() + d.sourceOffset(), d.length());
        MemoryAccessCost write = device.memorySystem().access(cpuNode, d.destination().owner(),
                d.destination().address() + d.destinationOffset(), d.length());
        long start = device.context().scheduler().now();
        device.memorySystem().spend(core, "dmaplane/copy", WorkPriority.KERNEL, read, 0,
                () -> device.memorySystem().spend(core, "dmaplane/copy", WorkPriority.KERNEL, write, 0, () -> {
                    copy(d);
                    buffers.releaseFromEngine(d.source());
                    buffers.releaseFromEngine(d.destination());
                    bytes.add(d.length());
                    if (device.context().tracer().enabled()) {
                        device.context().tracer().slice(track, "dmaplane/copy", start,
                                device.context().scheduler().now() - start, 0);
                    }
                    finish(new ChannelCompletion(d.id(), ChannelCompletion.Status.OK, d.length(),
                            device.context().scheduler().now()));
                }));
    }

    private static boolean gone(DmaplaneBuffer b) {
        return b.refCount() == 0 || b.isRevoked();
    }

    private void finish(ChannelCompletion c) {
        working = false;
        boolean wasEmpty = completions.isEmpty();
        completions.offer(c);
        completed.increment();
        if (wasEmpty && listener != null) {
            listener.run();
        }
        work();
    }

    /** Moves the contents page piece by page piece. */
    private void copy(CopyDescriptor d) {
        PhysicalMemory memory = device.memory().physicalMemory();
        long done = 0;
        long page = PageSize.BASE.bytes();
        while (done < d.length()) {
            long src = d.source().address() + d.sourceOffset() + done;
            long dst = d.destination().address() + d.destinationOffset() + done;
            long piece = Math.min(d.length() - done, Math.min(page - (src & (page - 1)), page - (dst & (page - 1))));
            memory.write(physical(d.destination(), dst), memory.capture(physical(d.source(), src), piece));
            done += piece;
        }
    }

    private static long physical(DmaplaneBuffer b, long va) {
        PageTableEntry pte = b.owner().entry(va).orElseThrow(() -> new IllegalStateException("buffer page not mapped"));
        return pte.physicalAddress(va);
    }
}
