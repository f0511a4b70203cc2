package org.iopf.plugin.infinibandnpf;

import java.util.ArrayDeque;
import java.util.Objects;
import org.iopf.api.fabric.Endpoint;
import org.iopf.api.fabric.Packet;
import org.iopf.api.mem.Access;
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
import org.iopf.plugin.infinibandnpf.HcaHeader.AckKind;

/**
 * A reliable-connected queue pair of {@link NpfHca} on on-demand memory.
 *
 * <p><b>Requester.</b> Send-queue requests take PSNs (one per packet; a READ one per response
 * packet); ACKs are cumulative; a sequence NAK or the local ACK timeout ({@link AckTimeout},
 * {@code retry_cnt} times) makes it go back to the first unacknowledged PSN; an RNR NAK makes it
 * wait the time the NAK's 5-bit timer field encodes ({@link RnrTimer}) and retry, {@code rnr_retry}
 * times (7 = infinite). A packet whose local page has no HCA translation stalls the send queue on a
 * network page fault (requester-side NPF) until it is resolved. A READ request needs no local data:
 * it is sent at once while the fault for its local buffer runs; a response that finds its local
 * page untranslated is dropped, and the READ is asked again from that PSN once the fault is
 * resolved.
 *
 * <p><b>Responder.</b> A SEND or WRITE packet whose target page has no translation raises a network
 * page fault and is answered with an RNR NAK carrying the HCA's {@code minRnrTimer}; packets after
 * it are discarded until the requester retries that PSN (B3). An RDMA READ request whose range has
 * no translation cannot be RNR-NAKed: it is dropped without an answer, and the requester asks again
 * only when its transport timer expires (B3, B4). A page whose fault the OS could not resolve (no
 * mapping any more) is answered with a remote-access NAK on the retry, as an access violation.
 */
final class HcaQueuePair implements QueuePair {
    private final NpfHca hca;
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
    private final ArrayDeque<Message> window = new ArrayDeque<>();
    private long nextPsn;
    private long sendPsn;
    private long ackedPsn = -1;
    private int retries;
    private int rnrRetries;
    private boolean rnrWaiting;
    private boolean localFaultWaiting;
    private boolean readRefetchPending;
    private long timer = -1;

    // responder
    private final ArrayDeque<ReceiveRequest> receives = new ArrayDeque<>();
    private final ArrayDeque<Object> outbound = new ArrayDeque<>();
    private long expectedPsn;
    private boolean nakOutstanding;
    private boolean rnrOutstanding;
    private long stallSince = -1;
    private ReceiveRequest currentReceive;

    /** A posted send-queue request and the PSNs it occupies. */
    private static final class Message {
        final WorkRequest request;
        final OdpRegion local;
        final long firstPsn;
        final long packetCount;
        boolean localPrefetched;

        Message(WorkRequest request, OdpRegion local, long firstPsn, long mtu) {
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

    /** A READ being answered: the next response packet to send. */
    private static final class ReadJob {
        final long firstPsn;
        final long address;
        final long length;
        final OdpRegion region;
        long index;

        ReadJob(long firstPsn, long address, long length, OdpRegion region) {
            this.firstPsn = firstPsn;
            this.address = address;
            this.length = length;
            this.region = region;
        }
    }

    HcaQueuePair(NpfHca hca, int qpn, ProtectionDomain pd, BoundedCompletionQueue sendCq, BoundedCompletionQueue recvCq,
            QueuePairConfig config) {
        this.hca = hca;
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
        OdpRegion local = hca.region(request.lkey());
        if (local == null || local.region().pdn() != pd.pdn()
                || !local.region().contains(request.localAddress(), request.length())) {
            complete(request, CompletionStatus.LOCAL_PROTECTION_ERROR);
            return PostResult.POSTED;
        }
        Message message = new Message(request, local, nextPsn, hca.config().mtu());
        nextPsn = message.lastPsn() + 1;
        window.addLast(message);
        hca.kick(this);
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
        return !outbound.isEmpty() || requesterCanSend();
    }

    private boolean requesterCanSend() {
        return state == QueuePairState.READY && !rnrWaiting && !localFaultWaiting && sendPsn < nextPsn;
    }

    /** The next packet to put on the wire (responses and ACKs first), or null if none can go now. */
    Packet nextPacket() {
        if (!outbound.isEmpty()) {
            return nextResponderPacket();
        }
        if (!requesterCanSend()) {
            return null;
        }
        Message message = messageAt(sendPsn);
        WorkRequest wr = message.request;
        long mtu = hca.config().mtu();
        HcaHeader header;
        Payload payload = null;
        if (message.isRead()) {
            prefetchReadDestination(message);
            long offset = MtuSplit.offset(wr.remoteAddress(), mtu, sendPsn - message.firstPsn);
            header = new HcaHeader.ReadRequest(remoteQpn, sendPsn, wr.remoteAddress() + offset, wr.rkey(),
                    wr.length() - offset);
            sendPsn = message.lastPsn() + 1;
        } else {
            long index = sendPsn - message.firstPsn;
            long offset = MtuSplit.offset(wr.localAddress(), mtu, index);
            long length = wr.length() == 0 ? 0 : MtuSplit.length(wr.localAddress(), wr.length(), mtu, offset);
            if (length > 0) {
                long va = wr.localAddress() + offset;
                long pa = message.local.lookup(va);
                if (pa < 0) {
                    stallOnLocalFault(message, va);
                    return null;
                }
                payload = hca.memory().capture(pa, length);
            }
            header = new HcaHeader.Data(remoteQpn, sendPsn, wr.opcode(), wr.remoteAddress(), wr.rkey(),
                    wr.length(), offset, index == message.packetCount - 1, wr.immediate());
            sendPsn++;
        }
        armTimer();
        return hca.packet(remotePort, HcaHeader.DATA_BYTES, header, payload);
    }

    /** Requester-side NPF on data to send: the send queue waits for it. */
    private void stallOnLocalFault(Message message, long va) {
        localFaultWaiting = true;
        hca.npf().fault(message.local, va, message.localEnd(), Access.READ, hca.faultContext(pd), resolved -> {
            localFaultWaiting = false;
            if (!resolved) {
                fail(CompletionStatus.LOCAL_FAULT_ERROR);
                return;
            }
            hca.kick(this);
        });
    }

    /** A READ's local buffer is faulted in while its request travels (no stall). */
    private void prefetchReadDestination(Message message) {
        if (message.localPrefetched || message.request.length() == 0) {
            return;
        }
        message.localPrefetched = true;
        long miss = message.local.firstMissing(message.request.localAddress(), message.request.length());
        if (miss >= 0) {
            hca.npf().fault(message.local, miss, message.localEnd(), Access.WRITE, hca.faultContext(pd), null);
        }
    }

    private Packet nextResponderPacket() {
        Object head = outbound.peekFirst();
        if (head instanceof HcaHeader.Ack ack) {
            outbound.pollFirst();
            return hca.packet(remotePort, HcaHeader.ACK_BYTES, ack, null);
        }
        ReadJob job = (ReadJob) head;
        long mtu = hca.config().mtu();
        long count = MtuSplit.packets(job.address, job.length, mtu);
        long offset = MtuSplit.offset(job.address, mtu, job.index);
        long length = job.length == 0 ? 0 : MtuSplit.length(job.address, job.length, mtu, offset);
        Payload payload = null;
        if (length > 0) {
            long pa = job.region.lookup(job.address + offset);
            if (pa < 0) {
                // Invalidated while the READ was being answered: stop; the requester times out.
                outbound.pollFirst();
                hca.npf().fault(job.region, job.address + offset, job.address + job.length, Access.READ,
                        hca.faultContext(pd), null);
                hca.countReadFaultDrop();
                return null;
            }
            payload = hca.memory().capture(pa, length);
        }
        boolean last = job.index == count - 1;
        HcaHeader header = new HcaHeader.ReadResponse(remoteQpn, job.firstPsn + job.index, offset, last);
        job.index++;
        if (last) {
            outbound.pollFirst();
        }
        return hca.packet(remotePort, HcaHeader.DATA_BYTES, header, payload);
    }

    private Message messageAt(long psn) {
        for (Message m : window) {
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
        if (header instanceof HcaHeader.Data data) {
            onData(data, packet.payload());
        } else if (header instanceof HcaHeader.ReadRequest request) {
            onReadRequest(request);
        } else if (header instanceof HcaHeader.ReadResponse response) {
            onReadResponse(response, packet.payload());
        } else if (header instanceof HcaHeader.Ack ack) {
            onAck(ack);
        }
    }

    private void onData(HcaHeader.Data data, Payload payload) {
        if (!inOrder(data.psn())) {
            return;
        }
        boolean needsReceive = data.opcode() == Opcode.SEND || data.opcode() == Opcode.RDMA_WRITE_WITH_IMM;
        boolean first = data.offset() == 0;
        ReceiveRequest receive = needsReceive && first ? receives.peekFirst() : currentReceive;
        if (needsReceive && receive == null) {
            rnr(data.psn());
            return;
        }
        OdpRegion target;
        long address;
        if (data.opcode() == Opcode.SEND) {
            target = hca.region(receive.lkey());
            address = receive.address();
            if (data.messageLength() > receive.length()) {
                consumeReceive(first, needsReceive);
                refuse(data.psn(), CompletionStatus.LOCAL_LENGTH_ERROR);
                return;
            }
            if (target == null || target.region().pdn() != pd.pdn()
                    || !target.region().contains(address, data.messageLength())) {
                consumeReceive(first, needsReceive);
                refuse(data.psn(), CompletionStatus.LOCAL_PROTECTION_ERROR);
                return;
            }
        } else {
            target = hca.region(data.rkey());
            address = data.remoteAddress();
            if (target == null || target.region().pdn() != pd.pdn() || !target.region().remoteWrite()
                    || !target.region().contains(address, data.messageLength())) {
                consumeReceive(first, needsReceive);
                refuse(data.psn(), CompletionStatus.REMOTE_ACCESS_ERROR);
                return;
            }
        }
        if (payload != null) {
            long va = address + data.offset();
            long miss = target.firstMissing(va, payload.length());
            if (miss >= 0 && target.isUnresolvable(miss)) {
                consumeReceive(first, needsReceive);
                refuse(data.psn(), CompletionStatus.REMOTE_ACCESS_ERROR);
                return;
            }
            if (miss >= 0) {
                hca.npf().fault(target, miss, address + data.messageLength(), Access.WRITE, hca.faultContext(pd),
                        null);
                markStall();
                rnr(data.psn());
                return;
            }
            writeInto(target, va, payload);
        }
        consumeReceive(first, needsReceive);
        accepted(data.psn() + 1);
        if (data.last()) {
            if (needsReceive) {
                CompletionOpcode opcode = data.opcode() == Opcode.SEND
                        ? CompletionOpcode.RECV : CompletionOpcode.RECV_RDMA_WITH_IMM;
                post(recvCq, new WorkCompletion(currentReceive.wrId(), qpn, opcode, CompletionStatus.SUCCESS,
                        data.messageLength(), data.immediate(), hca.now()));
                currentReceive = null;
            }
            respond(new HcaHeader.Ack(remoteQpn, data.psn(), AckKind.ACK, 0));
        }
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
            hca.recordFaultStall(hca.now() - stallSince);
            stallSince = -1;
        }
    }

    private void markStall() {
        if (stallSince < 0) {
            stallSince = hca.now();
        }
    }

    /** Receiver not ready at {@code psn}: an RNR NAK with the HCA's timer; later packets are discarded. */
    private void rnr(long psn) {
        rnrOutstanding = true;
        hca.countRnrSent();
        respond(new HcaHeader.Ack(remoteQpn, psn, AckKind.RNR, hca.config().minRnrTimer()));
    }

    /**
     * The responder cannot serve the request at {@code psn}: it NAKs it, completes the receive the
     * request consumed (if any) with {@code receiveStatus}, and goes to the error state.
     */
    private void refuse(long psn, CompletionStatus receiveStatus) {
        respond(new HcaHeader.Ack(remoteQpn, psn, AckKind.NAK_REMOTE_ACCESS, 0));
        if (currentReceive != null) {
            recvCq.add(new WorkCompletion(currentReceive.wrId(), qpn, CompletionOpcode.RECV, receiveStatus, 0, 0,
                    hca.now()));
            currentReceive = null;
        }
        enterError();
    }

    private void onReadRequest(HcaHeader.ReadRequest request) {
        if (request.psn() > expectedPsn) {
            inOrder(request.psn());
            return;
        }
        OdpRegion region = hca.region(request.rkey());
        if (region == null || region.region().pdn() != pd.pdn() || !region.region().remoteRead()
                || !region.region().contains(request.remoteAddress(), request.length())) {
            refuse(request.psn(), CompletionStatus.REMOTE_ACCESS_ERROR);
            return;
        }
        if (request.length() > 0) {
            long miss = region.firstMissing(request.remoteAddress(), request.length());
            if (miss >= 0 && region.isUnresolvable(miss)) {
                refuse(request.psn(), CompletionStatus.REMOTE_ACCESS_ERROR);
                return;
            }
            if (miss >= 0) {
                // No RNR for a READ: the request is dropped without an answer (B3).
                hca.npf().fault(region, miss, request.remoteAddress() + request.length(), Access.READ,
                        hca.faultContext(pd), null);
                hca.countReadFaultDrop();
                markStall();
                return;
            }
        }
        long count = MtuSplit.packets(request.remoteAddress(), request.length(), hca.config().mtu());
        accepted(request.psn() + count);
        outbound.addLast(new ReadJob(request.psn(), request.remoteAddress(), request.length(), region));
        hca.kick(this);
    }

    /** Whether {@code psn} is the expected one; answers duplicates and gaps as the responder should. */
    private boolean inOrder(long psn) {
        if (psn < expectedPsn) {
            respond(new HcaHeader.Ack(remoteQpn, expectedPsn - 1, AckKind.ACK, 0));
            return false;
        }
        if (psn > expectedPsn) {
            if (!nakOutstanding && !rnrOutstanding) {
                nakOutstanding = true;
                respond(new HcaHeader.Ack(remoteQpn, expectedPsn, AckKind.NAK_SEQUENCE, 0));
            }
            return false;
        }
        return true;
    }

    private void onReadResponse(HcaHeader.ReadResponse response, Payload payload) {
        if (response.psn() > ackedPsn + 1) {
            for (Message m : window) {
                if (m.isRead() && m.firstPsn == response.psn()) {
                    acknowledge(response.psn() - 1);
                    break;
                }
            }
        }
        if (response.psn() != ackedPsn + 1 || window.isEmpty() || !window.peekFirst().isRead()) {
            return;
        }
        Message read = window.peekFirst();
        WorkRequest wr = read.request;
        long offset = MtuSplit.offset(wr.remoteAddress(), hca.config().mtu(), response.psn() - read.firstPsn);
        if (payload != null) {
            long va = wr.localAddress() + offset;
            long miss = read.local.firstMissing(va, payload.length());
            if (miss >= 0) {
                dropResponseOnLocalFault(read, miss);
                return;
            }
            writeInto(read.local, va, payload);
        }
        progress(response.psn());
        if (response.psn() == read.lastPsn()) {
            window.pollFirst();
            complete(wr, CompletionStatus.SUCCESS);
        }
    }

    /** A READ response found its local page untranslated: drop it, fault, and ask again after. */
    private void dropResponseOnLocalFault(Message read, long miss) {
        hca.countResponseDrop();
        if (readRefetchPending) {
            return;
        }
        readRefetchPending = true;
        hca.npf().fault(read.local, miss, read.localEnd(), Access.WRITE, hca.faultContext(pd), resolved -> {
            readRefetchPending = false;
            if (!resolved) {
                fail(CompletionStatus.LOCAL_FAULT_ERROR);
                return;
            }
            rewind(ackedPsn + 1);
        });
    }

    private void onAck(HcaHeader.Ack ack) {
        switch (ack.kind()) {
            case ACK -> acknowledge(ack.psn());
            case NAK_SEQUENCE -> {
                acknowledge(ack.psn() - 1);
                rewind(ack.psn());
            }
            case RNR -> onRnr(ack);
            case NAK_REMOTE_ACCESS -> {
                acknowledge(ack.psn() - 1);
                fail(CompletionStatus.REMOTE_ACCESS_ERROR);
            }
        }
    }

    private void onRnr(HcaHeader.Ack ack) {
        acknowledge(ack.psn() - 1);
        if (state != QueuePairState.READY || rnrWaiting) {
            return;
        }
        rnrRetries++;
        hca.countRnrReceived();
        if (config.rnrRetry() != 7 && rnrRetries > config.rnrRetry()) {
            fail(CompletionStatus.RNR_RETRY_EXCEEDED);
            return;
        }
        rnrWaiting = true;
        cancelTimer();
        long resumeAt = ack.psn();
        hca.scheduler().schedule(RnrTimer.nanos(ack.rnrTimer()), () -> {
            rnrWaiting = false;
            rewind(Math.max(resumeAt, ackedPsn + 1));
        });
    }

    /** Everything up to {@code psn} arrived: complete the messages it covers. */
    private void acknowledge(long psn) {
        if (psn <= ackedPsn) {
            return;
        }
        while (!window.isEmpty() && window.peekFirst().lastPsn() <= psn) {
            Message head = window.peekFirst();
            if (head.isRead()) {
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
        hca.kick(this);
    }

    private void armTimer() {
        if (timer < 0) {
            timer = hca.scheduler().schedule(hca.config().ackTimeoutNanos(), this::onTimeout);
        }
    }

    private void cancelTimer() {
        if (timer >= 0) {
            hca.scheduler().cancel(timer);
            timer = -1;
        }
    }

    private void onTimeout() {
        timer = -1;
        if (window.isEmpty() || state != QueuePairState.READY || rnrWaiting) {
            return;
        }
        retries++;
        hca.countTimeout();
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
        post(sendCq, new WorkCompletion(wr.wrId(), qpn, opcode, status, bytes, 0, hca.now()));
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

    private void enterError() {
        state = QueuePairState.ERROR;
        cancelTimer();
        Message message;
        while ((message = window.pollFirst()) != null) {
            complete(message.request, CompletionStatus.WORK_REQUEST_FLUSHED);
        }
        ReceiveRequest receive;
        while ((receive = receives.pollFirst()) != null) {
            recvCq.add(new WorkCompletion(receive.wrId(), qpn, CompletionOpcode.RECV,
                    CompletionStatus.WORK_REQUEST_FLUSHED, 0, 0, hca.now()));
        }
    }

    private void respond(HcaHeader.Ack ack) {
        outbound.addLast(ack);
        hca.kick(this);
    }

    /** Writes a payload at {@code va} through the region's HCA translations, page by page. */
    private void writeInto(OdpRegion region, long va, Payload payload) {
        long done = 0;
        while (done < payload.length()) {
            long at = va + done;
            long piece = Math.min(payload.length() - done, OdpRegion.PAGE - (at & (OdpRegion.PAGE - 1)));
            hca.memory().write(region.lookup(at), payload.slice(done, piece));
            done += piece;
        }
    }
}
