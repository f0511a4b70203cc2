package org.iopf.reference.rc;

import java.util.ArrayDeque;
import java.util.Objects;
import org.iopf.api.fabric.Endpoint;
import org.iopf.api.fabric.Packet;
import org.iopf.api.mem.Payload;
import org.iopf.api.nic.BoundedCompletionQueue;
import org.iopf.api.nic.CompletionOpcode;
import org.iopf.api.nic.CompletionStatus;
import org.iopf.api.nic.MtuSplit;
import org.iopf.api.nic.Opcode;
import org.iopf.api.nic.PostResult;
import org.iopf.api.nic.ProtectionDomain;
import org.iopf.api.nic.QueuePair;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.nic.QueuePairState;
import org.iopf.api.nic.ReceiveRequest;
import org.iopf.api.nic.WorkCompletion;
import org.iopf.api.nic.WorkRequest;
import org.iopf.reference.rc.RcHeader.AckKind;

/**
 * A reliable-connected queue pair of {@link PinnedRcNic}: the requester (send queue, PSNs,
 * cumulative ACKs, go-back-N on timeout or sequence NAK, RNR back-off) and the responder
 * (expected PSN, writes into pinned regions, receives, READ responses, ACKs).
 */
final class RcQueuePair implements QueuePair {
    private final PinnedRcNic nic;
    private final int qpn;
    private final ProtectionDomain pd;
    private final BoundedCompletionQueue sendCq;
    private final BoundedCompletionQueue recvCq;
    private final QueuePairConfig config;
    private QueuePairState state = QueuePairState.RESET;
    private Endpoint remotePort;
    private int remoteQpn;
    boolean transmitQueued;

    // requester
    private final ArrayDeque<SendMessage> window = new ArrayDeque<>();
    private long nextPsn;
    private long sendPsn;
    private long ackedPsn = -1;
    private int retries;
    private int rnrRetries;
    private boolean rnrWaiting;
    private long timer = -1;

    // responder
    private final ArrayDeque<ReceiveRequest> receives = new ArrayDeque<>();
    private final ArrayDeque<Object> outbound = new ArrayDeque<>();
    private long expectedPsn;
    private boolean nakOutstanding;
    private ReceiveRequest currentReceive;

    /** A READ being answered: the next response packet to send. */
    private static final class ReadJob {
        final long firstPsn;
        final long address;
        final long length;
        final PinnedRegion region;
        long index;

        ReadJob(long firstPsn, long address, long length, PinnedRegion region) {
            this.firstPsn = firstPsn;
            this.address = address;
            this.length = length;
            this.region = region;
        }
    }

    RcQueuePair(PinnedRcNic nic, int qpn, ProtectionDomain pd, BoundedCompletionQueue sendCq, BoundedCompletionQueue recvCq,
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
        if (state != QueuePairState.READY) {
            return PostResult.INVALID_STATE;
        }
        if (window.size() >= config.maxSendRequests()) {
            return PostResult.QUEUE_FULL;
        }
        PinnedRegion local = nic.regionByLkey(request.lkey());
        if (local == null || local.region().pdn() != pd.pdn()
                || !local.region().contains(request.localAddress(), request.length())) {
            complete(request, CompletionStatus.LOCAL_PROTECTION_ERROR);
            return PostResult.POSTED;
        }
        SendMessage message = new SendMessage(request, local, nextPsn, nic.mtu());
        nextPsn = message.lastPsn() + 1;
        window.addLast(message);
        nic.kick(this);
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

    // ---- transmit side ----

    boolean hasPacket() {
        if (!outbound.isEmpty()) {
            return true;
        }
        return state == QueuePairState.READY && !rnrWaiting && sendPsn < nextPsn;
    }

    /** The next packet to put on the wire: responses and ACKs first, then requests. */
    Packet nextPacket() {
        if (!outbound.isEmpty()) {
            return nextResponderPacket();
        }
        if (state != QueuePairState.READY || rnrWaiting || sendPsn >= nextPsn) {
            return null;
        }
        SendMessage message = messageAt(sendPsn);
        WorkRequest wr = message.request;
        RcHeader header;
        Payload payload = null;
        long mtu = nic.mtu();
        if (message.isRead()) {
            long offset = MtuSplit.offset(wr.remoteAddress(), mtu, sendPsn - message.firstPsn);
            header = new RcHeader.ReadRequest(remoteQpn, sendPsn, wr.remoteAddress() + offset, wr.rkey(),
                    wr.length() - offset);
            sendPsn = message.lastPsn() + 1;
        } else {
            long index = sendPsn - message.firstPsn;
            long offset = MtuSplit.offset(wr.localAddress(), mtu, index);
            long length = wr.length() == 0 ? 0 : MtuSplit.length(wr.localAddress(), wr.length(), mtu, offset);
            if (length > 0) {
                payload = nic.memory().capture(message.local.physical(wr.localAddress() + offset), length);
            }
            header = new RcHeader.Data(remoteQpn, sendPsn, wr.opcode(), wr.remoteAddress(), wr.rkey(), wr.length(),
                    offset, index == message.packetCount - 1, wr.immediate());
            sendPsn++;
        }
        armTimer();
        return nic.packet(remotePort, RcHeader.DATA_BYTES, header, payload);
    }

    private Packet nextResponderPacket() {
        Object head = outbound.peekFirst();
        if (head instanceof RcHeader.Ack ack) {
            outbound.pollFirst();
            return nic.packet(remotePort, RcHeader.ACK_BYTES, ack, null);
        }
        ReadJob job = (ReadJob) head;
        long mtu = nic.mtu();
        long count = MtuSplit.packets(job.address, job.length, mtu);
        long offset = MtuSplit.offset(job.address, mtu, job.index);
        long length = job.length == 0 ? 0 : MtuSplit.length(job.address, job.length, mtu, offset);
        Payload payload = length == 0 ? null : nic.memory().capture(job.region.physical(job.address + offset), length);
        boolean last = job.index == count - 1;
        RcHeader header = new RcHeader.ReadResponse(remoteQpn, job.firstPsn + job.index, offset, last);
        job.index++;
        if (last) {
            outbound.pollFirst();
        }
        return nic.packet(remotePort, RcHeader.DATA_BYTES, header, payload);
    }

    private SendMessage messageAt(long psn) {
        for (SendMessage m : window) {
            if (m.contains(psn)) {
                return m;
            }
        }
        throw new IllegalStateException("no message holds PSN " + psn + " on queue pair " + qpn);
    }

    // ---- receive side ----

    void onPacket(Packet packet) {
        if (state == QueuePairState.ERROR) {
            return;
        }
        Object header = packet.header();
        if (header instanceof RcHeader.Data data) {
            onData(data, packet.payload());
        } else if (header instanceof RcHeader.ReadRequest request) {
            onReadRequest(request);
        } else if (header instanceof RcHeader.ReadResponse response) {
            onReadResponse(response, packet.payload());
        } else if (header instanceof RcHeader.Ack ack) {
            onAck(ack);
        }
    }

    private void onData(RcHeader.Data data, Payload payload) {
        if (!inOrder(data.psn())) {
            return;
        }
        boolean needsReceive = data.opcode() == Opcode.SEND || data.opcode() == Opcode.RDMA_WRITE_WITH_IMM;
        if (needsReceive && data.offset() == 0) {
            currentReceive = receives.pollFirst();
            if (currentReceive == null) {
                respond(new RcHeader.Ack(remoteQpn, data.psn(), AckKind.RNR));
                return;
            }
        }
        PinnedRegion target;
        long address;
        if (data.opcode() == Opcode.SEND) {
            target = nic.regionByLkey(currentReceive.lkey());
            address = currentReceive.address();
            if (data.messageLength() > currentReceive.length()) {
                refuse(data.psn(), CompletionStatus.LOCAL_LENGTH_ERROR);
                return;
            }
            if (target == null || target.region().pdn() != pd.pdn()
                    || !target.region().contains(address, data.messageLength())) {
                refuse(data.psn(), CompletionStatus.LOCAL_PROTECTION_ERROR);
                return;
            }
        } else {
            target = nic.regionByRkey(data.rkey());
            address = data.remoteAddress();
            if (target == null || target.region().pdn() != pd.pdn() || !target.region().remoteWrite()
                    || !target.region().contains(address, data.messageLength())) {
                refuse(data.psn(), CompletionStatus.REMOTE_ACCESS_ERROR);
                return;
            }
        }
        if (payload != null) {
            writeInto(target, address + data.offset(), payload);
        }
        expectedPsn++;
        nakOutstanding = false;
        if (data.last()) {
            if (needsReceive) {
                CompletionOpcode opcode = data.opcode() == Opcode.SEND
                        ? CompletionOpcode.RECV : CompletionOpcode.RECV_RDMA_WITH_IMM;
                post(recvCq, new WorkCompletion(currentReceive.wrId(), qpn, opcode, CompletionStatus.SUCCESS,
                        data.messageLength(), data.immediate(), nic.now()));
                currentReceive = null;
            }
            respond(new RcHeader.Ack(remoteQpn, data.psn(), AckKind.ACK));
        }
    }

    /**
     * The responder cannot serve the request at {@code psn}: it NAKs it, completes the receive the
     * request consumed (if any) with {@code receiveStatus}, and goes to the error state, as an
     * InfiniBand responder does after an access or length violation.
     */
    private void refuse(long psn, CompletionStatus receiveStatus) {
        respond(new RcHeader.Ack(remoteQpn, psn, AckKind.NAK_REMOTE_ACCESS));
        if (currentReceive != null) {
            recvCq.add(new WorkCompletion(currentReceive.wrId(), qpn, CompletionOpcode.RECV, receiveStatus, 0, 0,
                    nic.now()));
            currentReceive = null;
        }
        enterError();
    }

    private void onReadRequest(RcHeader.ReadRequest request) {
        if (request.psn() > expectedPsn) {
            inOrder(request.psn());
            return;
        }
        PinnedRegion region = nic.regionByRkey(request.rkey());
        if (region == null || region.region().pdn() != pd.pdn() || !region.region().remoteRead()
                || !region.region().contains(request.remoteAddress(), request.length())) {
            refuse(request.psn(), CompletionStatus.REMOTE_ACCESS_ERROR);
            return;
        }
        long count = MtuSplit.packets(request.remoteAddress(), request.length(), nic.mtu());
        expectedPsn = Math.max(expectedPsn, request.psn() + count);
        nakOutstanding = false;
        outbound.addLast(new ReadJob(request.psn(), request.remoteAddress(), request.length(), region));
        nic.kick(this);
    }

    /** Whether {@code psn} is the expected one; answers duplicates and gaps as the responder should. */
    private boolean inOrder(long psn) {
        if (psn < expectedPsn) {
            respond(new RcHeader.Ack(remoteQpn, expectedPsn - 1, AckKind.ACK));
            return false;
        }
        if (psn > expectedPsn) {
            if (!nakOutstanding) {
                nakOutstanding = true;
                respond(new RcHeader.Ack(remoteQpn, expectedPsn, AckKind.NAK_SEQUENCE));
            }
            return false;
        }
        return true;
    }

    private void onReadResponse(RcHeader.ReadResponse response, Payload payload) {
        if (response.psn() > ackedPsn + 1) {
            // The first response of a READ implicitly acknowledges every request before it (their
            // ACKs may have been lost).
            for (SendMessage m : window) {
                if (m.isRead() && m.firstPsn == response.psn()) {
                    acknowledge(response.psn() - 1);
                    break;
                }
            }
        }
        if (response.psn() != ackedPsn + 1 || window.isEmpty() || !window.peekFirst().isRead()) {
            return;
        }
        SendMessage read = window.peekFirst();
        WorkRequest wr = read.request;
        long offset = MtuSplit.offset(wr.remoteAddress(), nic.mtu(), response.psn() - read.firstPsn);
        if (payload != null) {
            writeInto(read.local, wr.localAddress() + offset, payload);
        }
        progress(response.psn());
        if (response.psn() == read.lastPsn()) {
            window.pollFirst();
            complete(wr, CompletionStatus.SUCCESS);
        }
    }

    private void onAck(RcHeader.Ack ack) {
        switch (ack.kind()) {
            case ACK -> acknowledge(ack.psn());
            case NAK_SEQUENCE -> {
                acknowledge(ack.psn() - 1);
                rewind(ack.psn());
            }
            case RNR -> {
                acknowledge(ack.psn() - 1);
                rnrRetries++;
                if (config.rnrRetry() != 7 && rnrRetries > config.rnrRetry()) {
                    fail(CompletionStatus.RNR_RETRY_EXCEEDED);
                    return;
                }
                rnrWaiting = true;
                cancelTimer();
                nic.scheduler().schedule(nic.rnrDelay(), () -> {
                    rnrWaiting = false;
                    rewind(ackedPsn + 1);
                });
            }
            case NAK_REMOTE_ACCESS -> {
                acknowledge(ack.psn() - 1);
                fail(CompletionStatus.REMOTE_ACCESS_ERROR);
            }
        }
    }

    /** Everything up to {@code psn} arrived: complete the messages it covers. */
    private void acknowledge(long psn) {
        if (psn <= ackedPsn) {
            return;
        }
        while (!window.isEmpty() && window.peekFirst().lastPsn() <= psn) {
            SendMessage head = window.peekFirst();
            if (head.isRead()) {
                // An ACK beyond an unfinished READ means its responses were lost: everything before
                // the READ has arrived, so count it acknowledged, then ask for the READ again.
                if (head.firstPsn - 1 > ackedPsn) {
                    progress(head.firstPsn - 1);
                }
                rewind(ackedPsn + 1);
                return;
            }
            window.pollFirst();
            complete(head.request, CompletionStatus.SUCCESS);
        }
        progress(psn);
        if (!window.isEmpty() && window.peekFirst().isRead()) {
            return;
        }
        rnrRetries = 0;
    }

    private void progress(long psn) {
        ackedPsn = psn;
        retries = 0;
        sendPsn = Math.max(sendPsn, ackedPsn + 1);
        cancelTimer();
        if (!window.isEmpty()) {
            armTimer();
        }
    }

    private void rewind(long psn) {
        if (state != QueuePairState.READY || window.isEmpty()) {
            return;
        }
        sendPsn = Math.max(psn, window.peekFirst().firstPsn);
        if (window.peekFirst().isRead() && window.peekFirst().contains(sendPsn)) {
            sendPsn = Math.max(sendPsn, ackedPsn + 1);
        }
        nic.kick(this);
    }

    private void armTimer() {
        if (timer < 0) {
            timer = nic.scheduler().schedule(nic.ackTimeout(), this::onTimeout);
        }
    }

    private void cancelTimer() {
        if (timer >= 0) {
            nic.scheduler().cancel(timer);
            timer = -1;
        }
    }

    private void onTimeout() {
        timer = -1;
        if (window.isEmpty() || state != QueuePairState.READY) {
            return;
        }
        retries++;
        nic.countTimeout();
        if (retries > config.retryCount()) {
            fail(CompletionStatus.TRANSPORT_RETRY_EXCEEDED);
            return;
        }
        rewind(ackedPsn + 1);
    }

    // ---- completions and errors ----

    private void complete(WorkRequest wr, CompletionStatus status) {
        if (status == CompletionStatus.SUCCESS && !wr.signaled()) {
            return;
        }
        CompletionOpcode opcode = switch (wr.opcode()) {
            case SEND -> CompletionOpcode.SEND;
            case RDMA_WRITE, RDMA_WRITE_WITH_IMM -> CompletionOpcode.RDMA_WRITE;
            case RDMA_READ -> CompletionOpcode.RDMA_READ;
        };
        long bytes = status == CompletionStatus.SUCCESS ? wr.length() : 0;
        post(sendCq, new WorkCompletion(wr.wrId(), qpn, opcode, status, bytes, 0, nic.now()));
    }

    private void post(BoundedCompletionQueue cq, WorkCompletion completion) {
        if (!cq.add(completion) && state != QueuePairState.ERROR) {
            enterError();
        }
    }

    /** The head request fails with {@code status}; the queue pair goes to the error state. */
    private void fail(CompletionStatus status) {
        if (!window.isEmpty()) {
            complete(window.pollFirst().request, status);
        }
        enterError();
    }

    private void enterError() {
        state = QueuePairState.ERROR;
        cancelTimer();
        SendMessage message;
        while ((message = window.pollFirst()) != null) {
            complete(message.request, CompletionStatus.WORK_REQUEST_FLUSHED);
        }
        ReceiveRequest receive;
        while ((receive = receives.pollFirst()) != null) {
            recvCq.add(new WorkCompletion(receive.wrId(), qpn, CompletionOpcode.RECV,
                    CompletionStatus.WORK_REQUEST_FLUSHED, 0, 0, nic.now()));
        }
    }

    private void respond(RcHeader.Ack ack) {
        outbound.addLast(ack);
        nic.kick(this);
    }

    /** Writes a payload at {@code va} of a pinned region, page by page. */
    private void writeInto(PinnedRegion region, long va, Payload payload) {
        long done = 0;
        while (done < payload.length()) {
            long piece = Math.min(payload.length() - done, PinnedRegion.toPageEnd(va + done));
            nic.memory().write(region.physical(va + done), payload.slice(done, piece));
            done += piece;
        }
    }
}
