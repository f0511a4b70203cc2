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
    boolean localPrefetched;

    SendMessage(WorkRequest request, R local, long firstPsn, long mtu) {
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

    long localEnd() {
        return request.localAddress() + request.length();
    }
}
