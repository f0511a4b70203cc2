package org.iopf.reference.rc;

import org.iopf.api.nic.MtuSplit;
import org.iopf.api.nic.Opcode;
import org.iopf.api.nic.WorkRequest;

/**
 * A posted send-queue request and the PSNs it occupies: one per packet for SEND and WRITE, one
 * per response packet for READ (the request itself carries the first).
 */
final class SendMessage {
    final WorkRequest request;
    final PinnedRegion local;
    final long firstPsn;
    final long packetCount;

    SendMessage(WorkRequest request, PinnedRegion local, long firstPsn, long mtu) {
        this.request = request;
        this.local = local;
        this.firstPsn = firstPsn;
        long splitAddress = isRead() ? request.remoteAddress() : request.localAddress();
        this.packetCount = MtuSplit.packets(splitAddress, request.length(), mtu);
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
}
