package org.iopf.plugin.dmaplane;

import java.util.ArrayDeque;
import java.util.Objects;
import org.iopf.api.fabric.Endpoint;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.Payload;
import org.iopf.api.nic.BoundedCompletionQueue;
import org.iopf.api.nic.CompletionOpcode;
import org.iopf.api.nic.CompletionStatus;
import org.iopf.api.nic.Opcode;
import org.iopf.api.nic.PostResult;
import org.iopf.api.nic.ProtectionDomain;
import org.iopf.api.nic.QueuePair;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.nic.QueuePairState;
import org.iopf.api.nic.ReceiveRequest;
import org.iopf.api.nic.WorkCompletion;
import org.iopf.api.nic.WorkRequest;
import org.iopf.api.sim.WorkPriority;

/**
 * A reliable-connected queue pair of {@link SoftRoceNic}. Requester: messages in order, each split
 * into packets at MTU-aligned addresses, each packet's software cost run on the transmit core
 * before it is put on the wire; cumulative ACKs; RNR NAK sends the transmitter back to the refused
 * message after the RNR delay; an ACK timeout sends it back to the unacknowledged message (go-back-N,
 * as rxe's retransmit timer does) up to the queue pair's {@code retryCount} times in a row, and the
 * next timeout fails the queue pair. Responder: packets of the expected message in order (one after
 * a lost packet is dropped, so a message with a hole is never acknowledged); per-packet cost on
 * the receive core, writes into the target region, a WRITE WITH IMMEDIATE consumes a posted
 * receive and delivers its immediate, one ACK per message. RDMA WRITE and WRITE WITH IMMEDIATE
 * are supported; SEND and RDMA READ are refused with {@link PostResult#INVALID_STATE}.
 */
final class RxeQueuePair implements QueuePair {
    private final SoftRoceNic nic;
    private final int qpn;
    private final ProtectionDomain pd;
    private final BoundedCompletionQueue sendCq;
    private final BoundedCompletionQueue recvCq;
    private final QueuePairConfig config;
    private QueuePairState state = QueuePairState.RESET;
    private Endpoint remotePort;
    private int remoteQpn;

    // requester
    private final ArrayDeque<Message> window = new ArrayDeque<>();
    private long nextMsn;
    private long cursorMsn;
    private boolean transmitting;
    private long generation;
    private int rnrRetries;
    private int retries;

    // responder
    private final ArrayDeque<ReceiveRequest> receives = new ArrayDeque<>();
    private long expectedMsn;
    /** The offset of the next packet of message {@code expectedMsn}: one after a gap is dropped. */
    private long expectedOffset;
    private long refusedMsn = -1;

    /** A posted work request and its transmission state. */
    private static final class Message {
        final WorkRequest request;
        final long msn;
        long timer = -1;

        Message(WorkRequest request, long msn) {
            this.request = request;
            this.msn = msn;
        }
    }

    RxeQueuePair(SoftRoceNic nic, int qpn, ProtectionDomain pd, BoundedCompletionQueue sendCq, BoundedCompletionQueue recvCq,
            QueuePairConfig config) {
        this.nic = nic;
        this.qpn = qpn;
        this.pd = pd;
        this.sendCq = sendCq;
        this.recvCq = recvCq;
        this.config = config;
    }

    @Override
    public int qpn() {
        return qpn;
    }

    @Override
    public ProtectionDomain protectionDomain() {
        return pd;
    }

    @Override
    public QueuePairState state() {
        return state;
    }

    @Override
    public void connect(Endpoint remote, int remoteQueuePair) {
        if (state != QueuePairState.RESET) {
            throw new IllegalStateException("queue pair " + qpn + " is " + state + ", not RESET");
        }
        this.remotePort = Objects.requireNonNull(remote, "remote is null");
        this.remoteQpn = remoteQueuePair;
        this.state = QueuePairState.READY;
    }

    @Override
    public PostResult postSend(WorkRequest request) {
        Objects.requireNonNull(request, "request is null");
        if (state != QueuePairState.READY
                || (request.opcode() != Opcode.RDMA_WRITE && request.opcode() != Opcode.RDMA_WRITE_WITH_IMM)) {
            return PostResult.INVALID_STATE;
        }
        if (window.size() >= config.maxSendRequests()) {
            return PostResult.QUEUE_FULL;
        }
        RxeRegion local = nic.region(request.lkey());
        if (local == null || local.region().pdn() != pd.pdn()
                || !local.region().contains(request.localAddress(), request.length())) {
            complete(request, CompletionStatus.LOCAL_PROTECTION_ERROR);
            return PostResult.POSTED;
        }
        window.addLast(new Message(request, nextMsn++));
        pump();
        return PostResult.POSTED;
    }

    @Override
    public PostResult postReceive(ReceiveRequest request) {
        Objects.requireNonNull(request, "request is null");
        if (state == QueuePairState.ERROR) {
            return PostResult.INVALID_STATE;
        }
        if (receives.size() >= config.maxReceiveRequests()) {
            return PostResult.QUEUE_FULL;
        }
        receives.addLast(request);
        return PostResult.POSTED;
    }

    @Override
    public int outstandingSends() {
        return window.size();
    }

    /** Receives posted and not yet consumed. */
    int postedReceives() {
        return receives.size();
    }

    // ---- requester ----

    private Message messageAt(long msn) {
        for (Message m : window) {
            if (m.msn == msn) {
                return m;
            }
        }
        return null;
    }

    private void pump() {
        if (transmitting || state != QueuePairState.READY) {
            return;
        }
        Message m = messageAt(cursorMsn);
        if (m == null) {
            return;
        }
        transmitting = true;
        long gen = generation;
        nic.txCore().run("rxe/requester", WorkPriority.SOFTIRQ, nic.config().wrCost(), () -> sendPacket(m, 0, gen));
    }

    private void sendPacket(Message m, long offset, long gen) {
        if (gen != generation || state != QueuePairState.READY) {
            return;
        }
        WorkRequest r = m.request;
        long mtu = nic.config().mtu();
        long address = r.localAddress() + offset;
        long length = Math.min(mtu - (address & (mtu - 1)), r.length() - offset);
        nic.txCore().run("rxe/requester", WorkPriority.SOFTIRQ, nic.config().packetNanos(length), () -> {
            if (gen != generation || state != QueuePairState.READY) {
                return;
            }
            RxeRegion local = nic.region(r.lkey());
            if (local == null) {
                fail(m, CompletionStatus.LOCAL_PROTECTION_ERROR);
                return;
            }
            Payload payload = length == 0 ? null
                    : nic.memoryManager().physicalMemory().capture(local.physical(address), length);
            boolean last = offset + length >= r.length();
            nic.send(remotePort, new RxeHeader(RxeHeader.Kind.DATA, remoteQpn, m.msn, r.opcode(), offset, r.length(),
                    r.remoteAddress(), r.rkey(), r.immediate(), last), payload);
            if (last) {
                cursorMsn = m.msn + 1;
                transmitting = false;
                if (m.timer < 0) {
                    m.timer = nic.scheduler().schedule(nic.config().ackTimeout(), () -> timedOut(m));
                }
                pump();
            } else {
                sendPacket(m, offset + length, gen);
            }
        });
    }

    private void timedOut(Message m) {
        m.timer = -1;
        if (!window.contains(m)) {
            return;
        }
        nic.countTimeout();
        if (retries >= config.retryCount()) {
            fail(m, CompletionStatus.TRANSPORT_RETRY_EXCEEDED);
            return;
        }
        retries++;
        stopFrom(m.msn);
        cursorMsn = m.msn;
        transmitting = false;
        pump();
    }

    /** Abandons what is being sent (a new generation) and the timers of message {@code msn} and later. */
    private void stopFrom(long msn) {
        generation++;
        for (Message m : window) {
            if (m.msn >= msn) {
                cancelTimer(m);
            }
        }
    }

    private void onAck(long msn) {
        while (!window.isEmpty() && window.peekFirst().msn <= msn) {
            Message m = window.pollFirst();
            cancelTimer(m);
            rnrRetries = 0;
            retries = 0;
            if (m.request.signaled()) {
                complete(m.request, CompletionStatus.SUCCESS);
            }
        }
    }

    private void onRnrNak(long msn) {
        nic.countRnrNak();
        if (config.rnrRetry() != 7 && ++rnrRetries > config.rnrRetry()) {
            Message m = messageAt(msn);
            if (m != null) {
                fail(m, CompletionStatus.RNR_RETRY_EXCEEDED);
            }
            return;
        }
        stopFrom(msn);
        transmitting = true;
        long gen = generation;
        nic.scheduler().schedule(nic.config().rnrDelay(), () -> {
            if (gen == generation) {
                transmitting = false;
                cursorMsn = msn;
                pump();
            }
        });
    }

    private void cancelTimer(Message m) {
        if (m.timer >= 0) {
            nic.scheduler().cancel(m.timer);
            m.timer = -1;
        }
    }

    /** Fails {@code m} with {@code status}, moves to the error state and flushes everything else. */
    private void fail(Message m, CompletionStatus status) {
        if (state == QueuePairState.ERROR) {
            return;
        }
        state = QueuePairState.ERROR;
        generation++;
        window.remove(m);
        cancelTimer(m);
        complete(m.request, status);
        while (!window.isEmpty()) {
            Message other = window.pollFirst();
            cancelTimer(other);
            complete(other.request, CompletionStatus.WORK_REQUEST_FLUSHED);
        }
        while (!receives.isEmpty()) {
            ReceiveRequest r = receives.pollFirst();
            recvCq.add(new WorkCompletion(r.wrId(), qpn, CompletionOpcode.RECV, CompletionStatus.WORK_REQUEST_FLUSHED,
                    0, 0, nic.scheduler().now()));
        }
    }

    private void complete(WorkRequest r, CompletionStatus status) {
        if (!sendCq.add(new WorkCompletion(r.wrId(), qpn, CompletionOpcode.RDMA_WRITE, status,
                status == CompletionStatus.SUCCESS ? r.length() : 0, 0, nic.scheduler().now()))) {
            state = QueuePairState.ERROR;
        }
    }

    // ---- responder and completer ----

    /** A packet for this queue pair has arrived at the port. */
    void onPacket(RxeHeader h, Payload payload) {
        long cost = h.kind() == RxeHeader.Kind.DATA ? nic.config().packetNanos(payload == null ? 0 : payload.length())
                : nic.config().ackCost();
        String label = h.kind() == RxeHeader.Kind.DATA ? "rxe/responder" : "rxe/completer";
        nic.rxCore().run(label, WorkPriority.SOFTIRQ, cost, () -> handle(h, payload));
    }

    private void handle(RxeHeader h, Payload payload) {
        if (state != QueuePairState.READY) {
            return;
        }
        switch (h.kind()) {
            case ACK -> onAck(h.msn());
            case NAK_RNR -> onRnrNak(h.msn());
            case NAK_ACCESS -> {
                Message m = messageAt(h.msn());
                if (m != null) {
                    fail(m, CompletionStatus.REMOTE_ACCESS_ERROR);
                }
            }
            case DATA -> onData(h, payload);
        }
    }

    private void onData(RxeHeader h, Payload payload) {
        if (h.msn() < expectedMsn) {
            if (h.last()) {
                acknowledge(RxeHeader.Kind.ACK, expectedMsn - 1);
            }
            return;
        }
        if (h.msn() > expectedMsn || h.msn() == refusedMsn) {
            return;
        }
        RxeRegion target = nic.region(h.rkey());
        if (h.offset() == 0 && (target == null || target.region().pdn() != pd.pdn() || !target.region().remoteWrite()
                || !target.region().contains(h.remoteAddress(), h.messageLength()))) {
            refusedMsn = h.msn();
            acknowledge(RxeHeader.Kind.NAK_ACCESS, h.msn());
            return;
        }
        if (h.offset() != 0 && h.offset() != expectedOffset) {
            return; // a packet before it was lost: the requester's timer sends the message again
        }
        if (payload != null && target != null) {
            write(target, h.remoteAddress() + h.offset(), payload);
        }
        expectedOffset = h.offset() + (payload == null ? 0 : payload.length());
        if (!h.last()) {
            return;
        }
        if (h.opcode() == Opcode.RDMA_WRITE_WITH_IMM) {
            ReceiveRequest r = receives.pollFirst();
            if (r == null) {
                acknowledge(RxeHeader.Kind.NAK_RNR, h.msn());
                return;
            }
            if (!recvCq.add(new WorkCompletion(r.wrId(), qpn, CompletionOpcode.RECV_RDMA_WITH_IMM,
                    CompletionStatus.SUCCESS, h.messageLength(), h.immediate(), nic.scheduler().now()))) {
                state = QueuePairState.ERROR;
                return;
            }
        }
        expectedMsn++;
        expectedOffset = 0;
        acknowledge(RxeHeader.Kind.ACK, h.msn());
    }

    private void write(RxeRegion target, long va, Payload payload) {
        long done = 0;
        long page = PageSize.BASE.bytes();
        while (done < payload.length()) {
            long at = va + done;
            long piece = Math.min(payload.length() - done, page - (at & (page - 1)));
            Payload part = done == 0 && piece == payload.length() ? payload : payload.slice(done, piece);
            nic.memoryManager().physicalMemory().write(target.physical(at), part);
            done += piece;
        }
    }

    private void acknowledge(RxeHeader.Kind kind, long msn) {
        nic.rxCore().run("rxe/ack", WorkPriority.SOFTIRQ, nic.config().ackCost(),
                () -> nic.send(remotePort, RxeHeader.ack(kind, remoteQpn, msn), null));
    }
}
