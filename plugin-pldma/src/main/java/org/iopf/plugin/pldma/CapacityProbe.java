package org.iopf.plugin.pldma;

import java.util.Optional;
import org.iopf.api.dma.DmaStatus;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.platform.Node;

/**
 * Measures how many transfers can be in flight at once (FIDELITY A9): registers one buffer per
 * transfer on both nodes — pinned, until the pinnable limit refuses one, or unpinned, all of them —
 * then issues one {@code rdma_write} per registered buffer at the same moment and reads the most
 * transfers the PLDMA held at once. Its buffers are unmapped at the end, which unpins them.
 */
final class CapacityProbe {
    private final Node requester;
    private final Node responder;
    private final AddressSpace local;
    private final AddressSpace remote;
    private final PldmaLibrary library;
    private final long base;
    private final long remoteBase;
    private final long size;
    private final int transfers;
    private final Runnable onDone;
    private final String name;
    private int registered;
    private int completed;
    private int failed;
    private boolean done;
    private int peak;

    CapacityProbe(Node requester, Node responder, boolean pinned, int transfers, long size, int phase, long seed,
            Runnable onDone) {
        this.requester = requester;
        this.responder = responder;
        this.size = size;
        this.transfers = transfers;
        this.onDone = onDone;
        this.name = pinned ? "the pinned capacity probe" : "the unpinned capacity probe";
        int id = phase * 100 + 1;
        this.local = requester.memoryManager().createAddressSpace("pldma-probe" + phase);
        this.remote = responder.memoryManager().createAddressSpace("pldma-probe" + phase);
        this.library = PldmaLibrary.open(requester, local, new StreamId(id), new DomainId(id), pinned);
        PldmaLibrary remoteLibrary = PldmaLibrary.open(responder, remote, new StreamId(id), new DomainId(id), pinned);
        this.base = requester.memoryManager().mmap(local, size * transfers, MapOptions.DEFAULT);
        this.remoteBase = responder.memoryManager().mmap(remote, size * transfers, MapOptions.DEFAULT);
        requester.memoryManager().fill(local, base, size * transfers, seed);
        for (int i = 0; i < transfers; i++) {
            if (!library.register(base + i * size, size) || !remoteLibrary.register(remoteBase + i * size, size)) {
                break;
            }
            registered++;
        }
    }

    /** Transfers whose buffers could be registered. */
    int registered() {
        return registered;
    }

    /** The most transfers the PLDMA held in flight at once during the probe. */
    int peak() {
        return peak;
    }

    void start() {
        library.engine().resetPeak();
        if (registered == 0) {
            finish();
            return;
        }
        for (int i = 0; i < registered; i++) {
            library.rdmaWrite(i % library.engine().channelsPerDomain(), base + i * size, responder.id(),
                    remoteBase + i * size, size, c -> {
                        failed += c.status() == DmaStatus.OK ? 0 : 1;
                        if (++completed == registered) {
                            finish();
                        }
                    });
        }
    }

    /** What went wrong with the probe's transfers: failed ones, or a probe that never finished; empty if nothing did. */
    Optional<String> problem() {
        if (!done) {
            return Optional.of(name + " never finished: " + completed + " of " + registered + " transfers completed");
        }
        return failed == 0 ? Optional.empty() : Optional.of(name + ": " + failed + " of " + registered
                + " transfers failed");
    }

    private void finish() {
        done = true;
        peak = library.engine().peakInFlight();
        requester.memoryManager().munmap(local, base, size * transfers);
        responder.memoryManager().munmap(remote, remoteBase, size * transfers);
        onDone.run();
    }
}
