package org.iopf.toolkit.rc;

import java.util.ArrayDeque;
import java.util.Objects;
import org.iopf.api.fabric.Endpoint;
import org.iopf.api.fabric.Packet;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.Payload;
import org.iopf.api.nic.BoundedCompletionQueue;
import org.iopf.api.nic.CompletionOpcode;
import org.iopf.api.nic.CompletionStatus;
import org.iopf.api.nic.MemoryRegion;
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
import org.iopf.toolkit.rc.RcHeader.AckKind;
import org.iopf.toolkit.rc.RcMemory.Verdict;

/**
 * A reliable-connected queue pair (IBA Vol. 1 §9.7 "Reliable service") over a NIC's port
 * ({@link RcLink}) and memory ({@link RcMemory}).
 *
 * <p><b>Requester.</b> Send-queue requests take PSNs, one per packet (a READ one per response
 * packet), 24 bits on the wire ({@link Psn}); ACKs are cumulative; a sequence NAK or the local ACK
 * timeout ({@link LocalAckTimeout}; none when the QP's timeout is 0) makes it go back to the first
 * unacknowledged PSN (go-back-N), the timeout {@code retry_cnt} times in a row before the request
 * fails with {@code TRANSPORT_RETRY_EXCEEDED}; an RNR NAK makes it wait the time the NAK's 5-bit
 * timer code says ({@link RnrTimer}: the responder's timer, not the requester's) and retry, {@code
 * rnr_retry} times (7 = without limit) before {@code RNR_RETRY_EXCEEDED}. While it waits out an RNR
 * NAK, further RNR NAKs and the transport timer are ignored. A packet whose local data has no
 * translation stalls the send queue until the NIC resolves it; a READ response that finds its local
 * page untranslated is dropped and the READ asked again once resolved.
 *
 * <p><b>Responder.</b> Takes request packets in PSN order: a duplicate is answered with an ACK of
 * the last PSN taken, a gap with one sequence NAK (none while an RNR NAK is outstanding: the packets
 * after a refused one are discarded until the requester retries it). A SEND or WRITE WITH IMMEDIATE
 * without a posted receive, or whose target the NIC has not translated ({@link Verdict#RNR}), is
 * answered with an RNR NAK carrying the NIC's timer code; a READ whose source is not translated is
 * dropped ({@link Verdict#DROP}); a violation of key, range, rights or length, or a page that can
 * never be translated ({@link Verdict#REFUSE}), is answered with a remote-access NAK and the queue
 * pair goes to the error state. READ responses are sent before new requests.
 *
 * @param <R> the NIC's region type
 */
public final class RcQueuePairEngine<R> implements QueuePair {
    private final RcLink link;
    private final RcMemory<R> memory;
    private final RcSettings settings;
    private final int qpn;
    private final ProtectionDomain pd;
    private final BoundedCompletionQueue sendCq;
    private final BoundedCompletionQueue recvCq;
    private final QueuePairConfig config;
    private QueuePairState state = QueuePairState.RESET;
    private Endpoint remotePort;
    private int remoteQpn;
    private boolean transmitQueued;

    // requester
    private final ArrayDeque<SendMessage<R>> window = new ArrayDeque<>();
    private long nextPsn;
    private long sendPsn;
    private long ackedPsn = -1;
    private int retries;
    private int rnrRetries;
    private boolean rnrWaiting;
    private boolean localFaultWaiting;
    private boolean readRefetchPending;
    private long timer = -1;
    /** The message {@link #messageAt} found last: a message's packets go out one after another. */
    private SendMessage<R> lastSent;

    // responder
    private final ArrayDeque<ReceiveRequest> receives = new ArrayDeque<>();
    private final ArrayDeque<Object> outbound = new ArrayDeque<>();
    private long expectedPsn;
    private boolean nakOutstanding;
    private boolean rnrOutstanding;
    private long stallSince = -1;
    private ReceiveRequest currentReceive;

    /**
     * Creates a queue pair in the RESET state.
     *
     * @param link the NIC's port, clock and counters
     * @param memory the NIC's regions and translations
     * @param settings the NIC's MTU, ACK timeout and RNR timer code
     * @param qpn the queue pair's number
     * @param pd its protection domain
     * @param sendCq where send completions go
     * @param recvCq where receive completions go
     * @param config its queue sizes and retry counts
     */
    public RcQueuePairEngine(RcLink link, RcMemory<R> memory, RcSettings settings, int qpn, ProtectionDomain pd,
            BoundedCompletionQueue sendCq, BoundedCompletionQueue recvCq, QueuePairConfig config) {
        this.link = Objects.requireNonNull(link, "link is null");
        this.memory = Objects.requireNonNull(memory, "memory is null");
        this.settings = Objects.requireNonNull(settings, "settings is null");
        this.qpn = qpn;
        this.pd = Objects.requireNonNull(pd, "pd is null");
        this.sendCq = Objects.requireNonNull(sendCq, "sendCq is null");
        this.recvCq = Objects.requireNonNull(recvCq, "recvCq is null");
        this.config = Objects.requireNonNull(config, "config is null");
    }

    /**
     * Sets the queue pair's initial PSNs before it is connected, as the QP attributes {@code sq_psn}
     * and {@code rq_psn} do (rdma-core {@code ibv_modify_qp(3)}); both are 0 unless set.
     *
     * @param sendQueuePsn the first PSN the requester sends
     * @param receiveQueuePsn the first PSN the responder expects
     */
    void initialPsns(long sendQueuePsn, long receiveQueuePsn) {
        if (state != QueuePairState.RESET) {
            throw new IllegalStateException("queue pair " + qpn + " is " + state + ", not RESET");
        }
        nextPsn = sendQueuePsn;
        sendPsn = sendQueuePsn;
        ackedPsn = sendQueuePsn - 1;
        expectedPsn = receiveQueuePsn;
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
        R local = memory.localRegion(request.lkey());
        if (local == null || !owns(local) || !memory.registration(local).contains(request.localAddress(),
                request.length())) {
            complete(request, CompletionStatus.LOCAL_PROTECTION_ERROR);
            return PostResult.POSTED;
        }
        SendMessage<R> message = new SendMessage<>(request, local, nextPsn, settings.mtu());
        nextPsn = message.lastPsn() + 1;
        window.addLast(message);
        link.kick(this);
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

    /**
     * Whether the NIC has this queue pair in its list of those waiting for a turn on the port.
     *
     * @return the flag the NIC last set
     */
    public boolean isTransmitQueued() {
        return transmitQueued;
    }

    /**
     * Notes whether the NIC has this queue pair in its list of those waiting for a turn.
     *
     * @param queued the new flag
     */
    public void setTransmitQueued(boolean queued) {
        this.transmitQueued = queued;
    }

    // ---- transmit side ----

    /**
     * Whether the queue pair has a packet to send now.
     *
     * @return true if {@link #nextPacket()} may give one
     */
    public boolean hasPacket() {
        return !outbound.isEmpty() || requesterCanSend();
    }

    private boolean requesterCanSend() {
        return state == QueuePairState.READY && !rnrWaiting && !localFaultWaiting && sendPsn < nextPsn;
    }

    /**
     * The next packet to put on the wire: responses and ACKs first, then requests.
     *
     * @return the packet, or null if none can go now
     */
    public Packet nextPacket() {
        if (!outbound.isEmpty()) {
            return nextResponderPacket();
        }
        if (!requesterCanSend()) {
            return null;
        }
        SendMessage<R> message = messageAt(sendPsn);
        WorkRequest wr = message.request;
        long mtu = settings.mtu();
        RcHeader header;
        Payload payload = Payload.empty();
        if (message.isRead()) {
            if (!message.localPrefetched && wr.length() > 0) {
                message.localPrefetched = true;
                memory.readPosted(message.local, wr.localAddress(), wr.length());
            }
            long offset = MtuSplit.offset(wr.remoteAddress(), mtu, sendPsn - message.firstPsn);
            header = new RcHeader.ReadRequest(remoteQpn, Psn.wire(sendPsn), wr.remoteAddress() + offset, wr.rkey(),
                    wr.length() - offset);
            sendPsn = message.lastPsn() + 1;
        } else {
            long index = sendPsn - message.firstPsn;
            long offset = message.packetOffset(index);
            long length = wr.length() == 0 ? 0 : message.packetLength(offset, wr.length());
            if (length > 0 && memory.localRegion(wr.lkey()) != message.local) {
                // Deregistered (or the key reused) since the post: the L_Key names no valid region now,
                // a Local Protection Error (IBA 10.6.3.1; rxe looks the MR up for every packet, rxe_req.c).
                failMessage(message, CompletionStatus.LOCAL_PROTECTION_ERROR);
                return null;
            }
            if (length > 0) {
                long va = wr.localAddress() + offset;
                long pa = memory.physical(message.local, va);
                if (pa < 0) {
                    localFaultWaiting = true;
                    memory.sendSourceMissing(message.local, va, message.localEnd(), this::localFaultResolved);
                    return null;
                }
                payload = link.memory().capture(pa, length);
            }
            header = new RcHeader.Data(remoteQpn, Psn.wire(sendPsn), wr.opcode(), wr.remoteAddress(), wr.rkey(),
                    wr.length(), offset, index == message.packetCount - 1, wr.immediate());
            sendPsn++;
        }
        armTimer();
        return link.packet(remotePort, RcHeader.DATA_BYTES, header, payload);
    }

    private void localFaultResolved(boolean resolved) {
        localFaultWaiting = false;
        if (!resolved) {
            fail(CompletionStatus.LOCAL_FAULT_ERROR);
            return;
        }
        link.kick(this);
    }

    private Packet nextResponderPacket() {
        Object head = outbound.peekFirst();
        if (head instanceof RcHeader.Ack ack) {
            outbound.pollFirst();
            return link.packet(remotePort, RcHeader.ACK_BYTES, ack, Payload.empty());
        }
        @SuppressWarnings("unchecked")
        ReadJob<R> job = (ReadJob<R>) head;
        long mtu = settings.mtu();
        long count = MtuSplit.packets(job.address, job.length, mtu);
        long offset = MtuSplit.offset(job.address, mtu, job.index);
        long length = job.length == 0 ? 0 : MtuSplit.length(job.address, job.length, mtu, offset);
        Payload payload = Payload.empty();
        if (length > 0) {
            long pa = memory.physical(job.region, job.address + offset);
            if (pa < 0) {
                // Invalidated while the READ was being answered: stop; the requester times out.
                outbound.pollFirst();
                memory.responseSourceMissing(job.region, job.address + offset, job.address + job.length);
                return null;
            }
            payload = link.memory().capture(pa, length);
        }
        boolean last = job.index == count - 1;
        RcHeader header = new RcHeader.ReadResponse(remoteQpn, Psn.wire(job.firstPsn + job.index), offset, last);
        job.index++;
        if (last) {
            outbound.pollFirst();
        }
        return link.packet(remotePort, RcHeader.DATA_BYTES, header, payload);
    }

    private SendMessage<R> messageAt(long psn) {
        // PSN ranges of messages never overlap, and a message leaves the window only once its PSNs
        // are acknowledged (below any PSN sent again) or the queue pair is in error (sends nothing):
        // the last message found that holds the PSN is the window's.
        if (lastSent != null && lastSent.contains(psn)) {
            return lastSent;
        }
        for (SendMessage<R> m : window) {
            if (m.contains(psn)) {
                lastSent = m;
                return m;
            }
        }
        throw new IllegalStateException("no message holds PSN " + psn + " on queue pair " + qpn);
    }

    // ---- receive side ----

    /**
     * A packet for this queue pair arrived.
     *
     * @param packet the packet, its header an {@link RcHeader}
     */
    public void onPacket(Packet packet) {
        if (state == QueuePairState.ERROR) {
            return;
        }
        Object header = packet.header();
        if (header instanceof RcHeader.Data data) {
            onData(data, Psn.unwrap(data.psn(), expectedPsn), packet.payload());
        } else if (header instanceof RcHeader.ReadRequest request) {
            onReadRequest(request, Psn.unwrap(request.psn(), expectedPsn));
        } else if (header instanceof RcHeader.ReadResponse response) {
            onReadResponse(Psn.unwrap(response.psn(), ackedPsn + 1), packet.payload());
        } else if (header instanceof RcHeader.Ack ack) {
            onAck(ack, Psn.unwrap(ack.psn(), ackedPsn + 1));
        }
    }

    private void onData(RcHeader.Data data, long psn, Payload payload) {
        if (!inOrder(psn)) {
            return;
        }
        boolean needsReceive = data.opcode() == Opcode.SEND || data.opcode() == Opcode.RDMA_WRITE_WITH_IMM;
        boolean first = data.offset() == 0;
        ReceiveRequest receive = needsReceive && first ? receives.peekFirst() : currentReceive;
        if (needsReceive && receive == null) {
            rnr(psn);
            return;
        }
        R target;
        long address;
        if (data.opcode() == Opcode.SEND) {
            target = memory.localRegion(receive.lkey());
            address = receive.address();
            if (data.messageLength() > receive.length()) {
                consumeReceive(first, needsReceive);
                refuse(psn, CompletionStatus.LOCAL_LENGTH_ERROR);
                return;
            }
            if (target == null || !owns(target)
                    || !memory.registration(target).contains(address, data.messageLength())) {
                consumeReceive(first, needsReceive);
                refuse(psn, CompletionStatus.LOCAL_PROTECTION_ERROR);
                return;
            }
        } else {
            target = memory.remoteRegion(data.rkey());
            address = data.remoteAddress();
            if (target == null || !owns(target) || !memory.registration(target).remoteWrite()
                    || !memory.registration(target).contains(address, data.messageLength())) {
                consumeReceive(first, needsReceive);
                refuse(psn, CompletionStatus.REMOTE_ACCESS_ERROR);
                return;
            }
        }
        if (payload.length() > 0) {
            long va = address + data.offset();
            Verdict verdict = memory.beforeWrite(target, va, payload.length(), address + data.messageLength());
            if (verdict == Verdict.REFUSE) {
                consumeReceive(first, needsReceive);
                refuse(psn, CompletionStatus.REMOTE_ACCESS_ERROR);
                return;
            }
            if (verdict != Verdict.ACCEPT) {
                markStall();
                rnr(psn);
                return;
            }
            writeInto(target, va, payload);
        }
        consumeReceive(first, needsReceive);
        accepted(psn + 1);
        if (data.last()) {
            if (needsReceive) {
                CompletionOpcode opcode = data.opcode() == Opcode.SEND
                        ? CompletionOpcode.RECV : CompletionOpcode.RECV_RDMA_WITH_IMM;
                post(recvCq, new WorkCompletion(currentReceive.wrId(), qpn, opcode, CompletionStatus.SUCCESS,
                        data.messageLength(), data.immediate(), link.scheduler().now()));
                currentReceive = null;
            }
            respond(new RcHeader.Ack(remoteQpn, Psn.wire(psn), AckKind.ACK, 0));
        }
    }

    private boolean owns(R region) {
        MemoryRegion registration = memory.registration(region);
        return registration.pdn() == pd.pdn();
    }

    private void consumeReceive(boolean first, boolean needsReceive) {
        if (needsReceive && first) {
            currentReceive = receives.pollFirst();
        }
    }

    /** The responder took everything before {@code expected}. */
    private void accepted(long expected) {
        expectedPsn = Math.max(expectedPsn, expected);
        nakOutstanding = false;
        rnrOutstanding = false;
        if (stallSince >= 0) {
            link.faultStall(link.scheduler().now() - stallSince);
            stallSince = -1;
        }
    }

    private void markStall() {
        if (stallSince < 0) {
            stallSince = link.scheduler().now();
        }
    }

    /** Receiver not ready at {@code psn}: an RNR NAK with the NIC's timer code; later packets are discarded. */
    private void rnr(long psn) {
        rnrOutstanding = true;
        link.countRnrSent();
        respond(new RcHeader.Ack(remoteQpn, Psn.wire(psn), AckKind.RNR, settings.rnrTimer()));
    }

    /**
     * The responder cannot serve the request at {@code psn}: it NAKs it, completes the receive the
     * request consumed (if any) with {@code receiveStatus}, and goes to the error state, as an
     * InfiniBand responder does after an access or length violation.
     */
    private void refuse(long psn, CompletionStatus receiveStatus) {
        respond(new RcHeader.Ack(remoteQpn, Psn.wire(psn), AckKind.NAK_REMOTE_ACCESS, 0));
        if (currentReceive != null) {
            recvCq.add(new WorkCompletion(currentReceive.wrId(), qpn, CompletionOpcode.RECV, receiveStatus, 0, 0,
                    link.scheduler().now()));
            currentReceive = null;
        }
        enterError();
    }

    private void onReadRequest(RcHeader.ReadRequest request, long psn) {
        if (psn > expectedPsn) {
            inOrder(psn);
            return;
        }
        R region = memory.remoteRegion(request.rkey());
        if (region == null || !owns(region) || !memory.registration(region).remoteRead()
                || !memory.registration(region).contains(request.remoteAddress(), request.length())) {
            refuse(psn, CompletionStatus.REMOTE_ACCESS_ERROR);
            return;
        }
        if (request.length() > 0) {
            Verdict verdict = memory.beforeRead(region, request.remoteAddress(), request.length());
            if (verdict == Verdict.REFUSE) {
                refuse(psn, CompletionStatus.REMOTE_ACCESS_ERROR);
                return;
            }
            if (verdict != Verdict.ACCEPT) {
                // No RNR NAK answers a READ: the request is dropped; the requester's timer asks again.
                markStall();
                return;
            }
        }
        long count = MtuSplit.packets(request.remoteAddress(), request.length(), settings.mtu());
        accepted(psn + count);
        outbound.addLast(new ReadJob<>(psn, request.remoteAddress(), request.length(), region));
        link.kick(this);
    }

    /** Whether {@code psn} is the expected one; answers duplicates and gaps as the responder should. */
    private boolean inOrder(long psn) {
        if (psn < expectedPsn) {
            respond(new RcHeader.Ack(remoteQpn, Psn.wire(expectedPsn - 1), AckKind.ACK, 0));
            return false;
        }
        if (psn > expectedPsn) {
            if (!nakOutstanding && !rnrOutstanding) {
                nakOutstanding = true;
                respond(new RcHeader.Ack(remoteQpn, Psn.wire(expectedPsn), AckKind.NAK_SEQUENCE, 0));
            }
            return false;
        }
        return true;
    }

    private void onReadResponse(long psn, Payload payload) {
        if (psn > ackedPsn + 1) {
            // The first response of a READ implicitly acknowledges every request before it (their
            // ACKs may have been lost).
            for (SendMessage<R> m : window) {
                if (m.isRead() && m.firstPsn == psn) {
                    acknowledge(psn - 1);
                    break;
                }
            }
        }
        if (psn != ackedPsn + 1 || window.isEmpty() || !window.peekFirst().isRead()) {
            return;
        }
        SendMessage<R> read = window.peekFirst();
        WorkRequest wr = read.request;
        long offset = MtuSplit.offset(wr.remoteAddress(), settings.mtu(), psn - read.firstPsn);
        if (payload.length() > 0) {
            long va = wr.localAddress() + offset;
            boolean awaited = readRefetchPending;
            readRefetchPending = true; // before the hook, which may resolve at once
            Verdict verdict = memory.beforeResponseLands(read.local, va, payload.length(), read.localEnd(),
                    awaited ? null : this::refetchResolved);
            if (verdict != Verdict.ACCEPT) {
                return;
            }
            readRefetchPending = awaited;
            writeInto(read.local, va, payload);
        }
        progress(psn);
        if (psn == read.lastPsn()) {
            window.pollFirst();
            complete(wr, CompletionStatus.SUCCESS);
        }
    }

    private void refetchResolved(boolean resolved) {
        readRefetchPending = false;
        if (!resolved) {
            fail(CompletionStatus.LOCAL_FAULT_ERROR);
            return;
        }
        rewind(ackedPsn + 1);
    }

    private void onAck(RcHeader.Ack ack, long psn) {
        switch (ack.kind()) {
            case ACK -> acknowledge(psn);
            case NAK_SEQUENCE -> {
                acknowledge(psn - 1);
                rewind(psn);
            }
            case RNR -> onRnr(ack, psn);
            case NAK_REMOTE_ACCESS -> {
                acknowledge(psn - 1);
                fail(CompletionStatus.REMOTE_ACCESS_ERROR);
            }
        }
    }

    /** An RNR NAK: wait the responder's timer (the code in the NAK), then retry from its PSN. */
    private void onRnr(RcHeader.Ack ack, long psn) {
        acknowledge(psn - 1);
        if (state != QueuePairState.READY || rnrWaiting) {
            return;
        }
        rnrRetries++;
        link.countRnrReceived();
        if (config.rnrRetry() != 7 && rnrRetries > config.rnrRetry()) {
            fail(CompletionStatus.RNR_RETRY_EXCEEDED);
            return;
        }
        rnrWaiting = true;
        cancelTimer();
        link.scheduler().schedule(RnrTimer.nanos(ack.rnrTimer()), () -> {
            rnrWaiting = false;
            rewind(Math.max(psn, ackedPsn + 1));
        });
    }

    /** Everything up to {@code psn} arrived: complete the messages it covers. */
    private void acknowledge(long psn) {
        if (psn <= ackedPsn) {
            return;
        }
        while (!window.isEmpty() && window.peekFirst().lastPsn() <= psn) {
            SendMessage<R> head = window.peekFirst();
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
        link.kick(this);
    }

    private void armTimer() {
        if (timer < 0 && settings.ackTimeoutNanos().isPresent()) {
            timer = link.scheduler().schedule(settings.ackTimeoutNanos().getAsLong(), this::onTimeout);
        }
    }

    private void cancelTimer() {
        if (timer >= 0) {
            link.scheduler().cancel(timer);
            timer = -1;
        }
    }

    private void onTimeout() {
        timer = -1;
        if (window.isEmpty() || state != QueuePairState.READY || rnrWaiting) {
            return;
        }
        retries++;
        link.countTimeout();
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
        post(sendCq, new WorkCompletion(wr.wrId(), qpn, opcode, status, bytes, 0, link.scheduler().now()));
    }

    private void post(BoundedCompletionQueue cq, WorkCompletion completion) {
        if (!cq.add(completion) && state != QueuePairState.ERROR) {
            enterError();
        }
    }

    /** The head request fails with {@code status}; the queue pair goes to the error state. */
    private void fail(CompletionStatus status) {
        if (state == QueuePairState.ERROR) {
            return;
        }
        if (!window.isEmpty()) {
            complete(window.pollFirst().request, status);
        }
        enterError();
    }

    /** Completes {@code message} with {@code status} and enters the error state (the others are flushed). */
    private void failMessage(SendMessage<R> message, CompletionStatus status) {
        if (state == QueuePairState.ERROR) {
            return;
        }
        window.remove(message);
        complete(message.request, status);
        enterError();
    }

    private void enterError() {
        state = QueuePairState.ERROR;
        cancelTimer();
        SendMessage<R> message;
        while ((message = window.pollFirst()) != null) {
            complete(message.request, CompletionStatus.WORK_REQUEST_FLUSHED);
        }
        ReceiveRequest receive;
        while ((receive = receives.pollFirst()) != null) {
            recvCq.add(new WorkCompletion(receive.wrId(), qpn, CompletionOpcode.RECV,
                    CompletionStatus.WORK_REQUEST_FLUSHED, 0, 0, link.scheduler().now()));
        }
    }

    private void respond(RcHeader.Ack ack) {
        outbound.addLast(ack);
        link.kick(this);
    }

    /** Writes a payload at {@code va} of a region through its translations, page by page. */
    private void writeInto(R region, long va, Payload payload) {
        long page = PageSize.BASE.bytes();
        if ((va & (page - 1)) + payload.length() <= page) {
            link.memory().write(memory.physical(region, va), payload);
            return;
        }
        long done = 0;
        while (done < payload.length()) {
            long at = va + done;
            long piece = Math.min(payload.length() - done, page - (at & (page - 1)));
            link.memory().write(memory.physical(region, at), payload.slice(done, piece));
            done += piece;
        }
    }
}
