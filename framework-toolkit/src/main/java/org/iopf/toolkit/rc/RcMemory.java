package org.iopf.toolkit.rc;

import java.util.function.Consumer;
import org.iopf.api.nic.MemoryRegion;

/**
 * The NIC's memory as the RC engine sees it: its registered regions (of the NIC's own type
 * {@code R}) and their translations. A translation either hits (a physical address) or misses,
 * and the NIC says what a miss means where it matters: accept, RNR, drop or refuse. A NIC whose
 * regions are pinned keeps every default; a NIC on on-demand memory raises its page faults here.
 *
 * @param <R> the NIC's region type
 */
public interface RcMemory<R> {
    /** What the engine does with a packet whose pages are not all translated. */
    enum Verdict {
        /** Every page is translated: go on. */
        ACCEPT,
        /** Answer an RNR NAK (a SEND or WRITE whose target faults); the retry comes after the timer. */
        RNR,
        /** Drop it without an answer (a READ whose source faults: an RNR NAK cannot answer a READ). */
        DROP,
        /** Answer a remote-access NAK and go to the error state (the page can never be translated). */
        REFUSE
    }

    /**
     * The region a local key names.
     *
     * @param lkey the key
     * @return the region, or null if none
     */
    R localRegion(int lkey);

    /**
     * The region a remote key names.
     *
     * @param rkey the key
     * @return the region, or null if none
     */
    R remoteRegion(int rkey);

    /**
     * The registration behind a region: its protection domain, range and rights.
     *
     * @param region a region of this NIC
     * @return its memory region
     */
    MemoryRegion registration(R region);

    /**
     * Translates one address of a region.
     *
     * @param region a region of this NIC
     * @param va an address inside it
     * @return the physical address, or {@code -1} if the NIC has no translation for it now
     */
    long physical(R region, long va);

    /**
     * Responder: a SEND or WRITE packet is about to land at {@code [va, va+length)} of a message
     * that ends at {@code messageEnd}.
     *
     * @param region the target region
     * @param va the packet's first address
     * @param length the packet's bytes, {@code > 0}
     * @param messageEnd the end of the message's range in the region
     * @return {@link Verdict#ACCEPT}, {@link Verdict#RNR} or {@link Verdict#REFUSE}
     */
    default Verdict beforeWrite(R region, long va, long length, long messageEnd) {
        return Verdict.ACCEPT;
    }

    /**
     * Responder: an RDMA READ request asks for {@code [va, va+length)}.
     *
     * @param region the source region
     * @param va the first address
     * @param length bytes, {@code > 0}
     * @return {@link Verdict#ACCEPT}, {@link Verdict#DROP} or {@link Verdict#REFUSE}
     */
    default Verdict beforeRead(R region, long va, long length) {
        return Verdict.ACCEPT;
    }

    /**
     * Responder: the page of a READ response packet at {@code va} lost its translation while the
     * READ was answered; the engine stops answering it (the requester times out and asks again).
     *
     * @param region the source region
     * @param va the packet's first address
     * @param end the end of the READ's range
     */
    default void responseSourceMissing(R region, long va, long end) {
        throw new IllegalStateException("no translation at 0x" + Long.toHexString(va) + " of a pinned region");
    }

    /**
     * Requester: the data of the next packet at {@code va} has no translation; the send queue
     * waits until {@code resume} is called with whether it was resolved.
     *
     * @param region the local region
     * @param va the packet's first address
     * @param end the end of the request's local range
     * @param resume to call once, later, with {@code true} (resolved) or {@code false} (the request fails)
     */
    default void sendSourceMissing(R region, long va, long end, Consumer<Boolean> resume) {
        throw new IllegalStateException("no translation at 0x" + Long.toHexString(va) + " of a pinned region");
    }

    /**
     * Requester: an RDMA READ request of {@code [va, va+length)} of the local region is being sent
     * (a NIC may make the destination resident meanwhile).
     *
     * @param region the local region
     * @param va the first local address
     * @param length bytes, {@code > 0}
     */
    default void readPosted(R region, long va, long length) {
    }

    /**
     * Requester: a READ response packet is about to land at {@code [va, va+length)}.
     *
     * @param region the local region
     * @param va the packet's first address
     * @param length its bytes, {@code > 0}
     * @param end the end of the request's local range
     * @param resume null if a refetch is already awaited; otherwise, when answering
     *        {@link Verdict#DROP}, to call once, later, with whether the page was resolved (the
     *        engine then asks for the READ again)
     * @return {@link Verdict#ACCEPT} or {@link Verdict#DROP}
     */
    default Verdict beforeResponseLands(R region, long va, long length, long end, Consumer<Boolean> resume) {
        return Verdict.ACCEPT;
    }
}
