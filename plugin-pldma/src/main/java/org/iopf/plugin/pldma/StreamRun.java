package org.iopf.plugin.pldma;

import org.iopf.api.dma.DmaStatus;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageSize;
import org.iopf.api.platform.Node;
import org.iopf.api.sim.Scheduler;

/**
 * One stream of a phase: a process on each node with the user library open, a buffer with
 * content where the data comes from and one where it goes, and a loop that keeps
 * {@code concurrency} requests in flight until {@code messages} have completed. A faulting stream
 * registers its memory unpinned before any of it is resident (its source content is written after
 * registration, so its source pages are not mapped either) and, with {@code freshPerMessage}, sends
 * every request to fresh, never-touched memory; a resident stream reuses {@code concurrency} slots
 * of memory made resident (and so mapped) before registration.
 */
final class StreamRun {
    private final StreamSetup setup;
    private final boolean faulting;
    private final boolean fresh;
    private final int channel;
    private final Node requester;
    private final Node responder;
    private final Scheduler scheduler;
    private final Runnable onDone;
    private final PldmaLibrary library;
    private final Node dataFrom;
    private final Node dataTo;
    private final AddressSpace fromSpace;
    private final AddressSpace toSpace;
    private final long fromBase;
    private final long toBase;
    private final long span;
    private final long pinnedAtStart;
    private long residentAtStart;
    private int submitted;
    private int completed;
    private long bytes;
    private long errors;
    private long started;
    private long lastCompletion;
    private final org.iopf.api.observe.Histogram latency;
    private Runnable onActivity = () -> { };

    StreamRun(StreamSetup setup, int index, int phase, Node requester, Node responder, Scheduler scheduler,
            org.iopf.api.observe.Histogram latency, long seed, Runnable onDone) {
        this.setup = setup;
        this.faulting = index < setup.faultingStreams();
        this.fresh = faulting && setup.freshPerMessage();
        this.channel = 0;
        this.requester = requester;
        this.responder = responder;
        this.scheduler = scheduler;
        this.latency = latency;
        this.onDone = onDone;
        int id = phase * 100 + index + 1;
        StreamId stream = new StreamId(id);
        DomainId domain = new DomainId(id);
        AddressSpace local = requester.memoryManager().createAddressSpace("pldma-p" + phase + "-s" + index);
        AddressSpace remote = responder.memoryManager().createAddressSpace("pldma-p" + phase + "-s" + index);
        this.library = PldmaLibrary.open(requester, local, stream, domain, setup.pinned());
        PldmaLibrary remoteLibrary = PldmaLibrary.open(responder, remote, stream, domain, setup.pinned());
        boolean write = setup.operation() == RdmaOperation.WRITE;
        this.dataFrom = write ? requester : responder;
        this.dataTo = write ? responder : requester;
        this.fromSpace = write ? local : remote;
        this.toSpace = write ? remote : local;
        PldmaLibrary fromLibrary = write ? library : remoteLibrary;
        PldmaLibrary toLibrary = write ? remoteLibrary : library;
        this.span = setup.span(index);
        MemoryManager fromMemory = dataFrom.memoryManager();
        MemoryManager toMemory = dataTo.memoryManager();
        this.fromBase = fromMemory.mmap(fromSpace, span, MapOptions.DEFAULT);
        this.toBase = toMemory.mmap(toSpace, span, MapOptions.DEFAULT);
        if (faulting && !setup.pinned()) {
            register(fromLibrary, fromBase);
            register(toLibrary, toBase);
            fromMemory.fill(fromSpace, fromBase, span, seed);
        } else {
            fromMemory.fill(fromSpace, fromBase, span, seed);
            toMemory.fill(toSpace, toBase, span, 0);
            register(fromLibrary, fromBase);
            register(toLibrary, toBase);
        }
        this.pinnedAtStart = fromLibrary.pinnedBytes() + toLibrary.pinnedBytes();
    }

    private void register(PldmaLibrary lib, long base) {
        if (!lib.register(base, span)) {
            throw new IllegalStateException("cannot register " + span + " B pinned for a pldma stream: the "
                    + "pinnable limit is reached");
        }
    }

    boolean faulting() {
        return faulting;
    }

    long bytes() {
        return bytes;
    }

    long errors() {
        return errors;
    }

    int completed() {
        return completed;
    }

    /** Requests that completed successfully. */
    long succeeded() {
        return completed - errors;
    }

    /** Requests submitted whose completion has not come. */
    int open() {
        return submitted - completed;
    }

    /** Bytes of the stream's buffers resident when traffic started (registered pinned or made resident). */
    long residentAtStart() {
        return residentAtStart;
    }

    /** Bytes of the stream's buffers resident now, on both nodes. */
    long residentNow() {
        return fromSpace.residentBytes() + toSpace.residentBytes();
    }

    /** Runs {@code hook} after every submission and completion (to sample the phase's memory). */
    void onActivity(Runnable hook) {
        this.onActivity = java.util.Objects.requireNonNull(hook, "hook is null");
    }

    long pinnedAtStart() {
        return pinnedAtStart;
    }

    long elapsed() {
        return lastCompletion - started;
    }

    void start() {
        started = scheduler.now();
        residentAtStart = fromSpace.residentBytes() + toSpace.residentBytes();
        while (submitted < setup.messages() && submitted - completed < setup.concurrency()) {
            submitOne();
        }
    }

    private void submitOne() {
        int message = submitted++;
        long slot = fresh ? message : message % Math.min(setup.concurrency(), setup.messages());
        long offset = slot * setup.messageSize();
        if (setup.operation() == RdmaOperation.WRITE) {
            library.rdmaWrite(channel, fromBase + offset, responder.id(), toBase + offset, setup.messageSize(),
                    this::onComplete);
        } else {
            library.rdmaRead(channel, toBase + offset, responder.id(), fromBase + offset, setup.messageSize(),
                    this::onComplete);
        }
        onActivity.run();
    }

    private void onComplete(RdmaCompletion completion) {
        completed++;
        onActivity.run();
        lastCompletion = scheduler.now();
        if (completion.status() == DmaStatus.OK) {
            bytes += completion.bytes();
            latency.record(completion.latencyNanos());
        } else {
            errors++;
        }
        if (submitted < setup.messages()) {
            submitOne();
        } else if (completed == setup.messages()) {
            onDone.run();
        }
    }

    /** Pages of the destination that differ from the source at the end. */
    long mismatchedPages() {
        long page = PageSize.BASE.bytes();
        byte[] a = new byte[(int) page];
        byte[] b = new byte[(int) page];
        long used = Math.min(span, setup.messageSize() * (fresh ? setup.messages()
                : Math.min(setup.concurrency(), setup.messages())));
        long mismatched = 0;
        for (long offset = 0; offset < used; offset += page) {
            int length = (int) Math.min(page, used - offset);
            dataFrom.memoryManager().read(fromSpace, fromBase + offset, a, 0, length);
            dataTo.memoryManager().read(toSpace, toBase + offset, b, 0, length);
            if (!java.util.Arrays.equals(a, 0, length, b, 0, length)) {
                mismatched++;
            }
        }
        return mismatched;
    }
}
