package org.iopf.toolkit.rc;

import org.iopf.api.nic.MtuSplit;
import org.iopf.api.nic.Opcode;
import org.iopf.api.nic.WorkRequest;

/**
 * A posted send-queue request and the PSNs it occupies: one per packet for SEND and WRITE, one per
 * response packet for READ (the request itself carries the first).
 */
final class SendMessage<R> {
    final WorkRequest request;
    final R local;
    final long firstPsn;
    final long packetCount;
    /** The MTU, and the bytes from the split address to its next MTU boundary (the first packet's most). */
    private final long mtu;
    private final long firstSpan;
    boolean localPrefetched;

    SendMessage(WorkRequest request, R local, long firstPsn, long mtu) {
        this.request = request;
        this.local = local;
        this.firstPsn = firstPsn;
        long splitAddress = isRead() ? request.remoteAddress() : request.localAddress();
        this.packetCount = MtuSplit.packets(splitAddress, request.length(), mtu);
        this.mtu = mtu;
        this.firstSpan = (splitAddress / mtu + 1) * mtu - splitAddress;
    }

    /**
     * {@link MtuSplit#offset} of packet {@code index} from the split address, without a division:
     * every packet after the first starts on an MTU boundary.
     */
    long packetOffset(long index) {
        return index == 0 ? 0 : firstSpan + (index - 1) * mtu;
    }

    /** {@link MtuSplit#length} of the packet at {@code offset} of a message of {@code length} bytes. */
    long packetLength(long offset, long length) {
        return Math.min(length - offset, offset == 0 ? firstSpan : mtu);
    }

    long lastPsn() {
        return firstPsn + packetCount - 1;
    }

    boolean contains(long psn) {
        return psn >= firstPsn && psn <= lastPsn();
    }

    boolean isRead() {
        return request.opcode() == Opcode.RDMA_READ;
    }

    long localEnd() {
        return request.localAddress() + request.length();
    }
}
