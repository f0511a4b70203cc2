package org.iopf.plugin.dmaplane;

import java.util.ArrayDeque;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.iopf.api.nic.CompletionQueue;
import org.iopf.api.nic.CompletionStatus;
import org.iopf.api.nic.Opcode;
import org.iopf.api.nic.PostResult;
import org.iopf.api.nic.QueuePair;
import org.iopf.api.nic.ReceiveRequest;
import org.iopf.api.nic.WorkCompletion;
import org.iopf.api.nic.WorkRequest;
import org.iopf.api.sim.WorkPriority;
import org.iopf.api.workload.WorkloadOutcome;

/**
 * One end of a dmaplane RDMA connection (seed 004 §4, E6): a queue pair with its send and receive
 * completion queues and the dual credits of {@link CreditFlow}. Data goes out as WRITE WITH
 * IMMEDIATE, posted by the engine's kernel thread (post cost on its core) only while both credits
 * allow; send completions give send credits back; the peer re-posts each consumed receive and
 * returns receive credits in one zero-length WRITE WITH IMMEDIATE per poll batch (immediate =
 * top bit | count), which lands in receives reserved for credit updates. Completion queues are
 * sized from the credits, so they cannot overflow; a post that must wait for credits is a flow
 * stall (counted and traced).
 */
final class RdmaConnection {
    private static final int UPDATE_FLAG = 0x8000_0000;
    private static final long UPDATE_WR = 1L << 62;

    private final RdmaEngine engine;
    private final QueuePair qp;
    private final CompletionQueue sendCq;
    private final CompletionQueue recvCq;
    private final int window;
    private final RegisteredBuffer control;
    private final String track;
    private final ArrayDeque<RdmaTransfer> pending = new ArrayDeque<>();
    private final Map<Long, RdmaTransfer> inFlight = new TreeMap<>();
    private CreditFlow credits;
    private RdmaConnection peer;
    private RdmaReceiver receiver = (imm, len) -> { };
    private long nextWrId;
    private long nextRecvId;
    private int pendingReturn;
    private boolean sendPolling;
    private boolean recvPolling;
    private boolean stalled;
    private long dataReceived;
    private long errors;
    private CompletionStatus firstFailure;

    RdmaConnection(RdmaEngine engine, QueuePair qp, CompletionQueue sendCq, CompletionQueue recvCq, int credits,
            RegisteredBuffer control) {
        this.engine = Objects.requireNonNull(engine, "engine is null");
        this.qp = Objects.requireNonNull(qp, "qp is null");
        this.sendCq = Objects.requireNonNull(sendCq, "sendCq is null");
        this.recvCq = Objects.requireNonNull(recvCq, "recvCq is null");
        this.control = Objects.requireNonNull(control, "control is null");
        if (credits <= 0) {
            throw new IllegalArgumentException("credits must be > 0: " + credits);
        }
        this.window = credits;
        this.track = engine.track() + "/qp" + qp.qpn();
    }

    /** Connects two ends: each pre-posts its receive window (data) and as many receives for credit updates. */
    static void connect(RdmaConnection a, RdmaConnection b) {
        a.peer = b;
        b.peer = a;
        a.qp.connect(b.engine.nic().endpoint(), b.qp.qpn());
        b.qp.connect(a.engine.nic().endpoint(), a.qp.qpn());
        a.start(b.window);
        b.start(a.window);
    }

    private void start(int peerWindow) {
        credits = new CreditFlow(window, peerWindow);
        for (int i = 0; i < 2 * window; i++) {
            postReceive();
        }
        sendCq.setListener(this::onSendCompletion);
        recvCq.setListener(this::onReceiveCompletion);
        traceCredits();
    }

    /** Where received data goes. */
    void onReceive(RdmaReceiver r) {
        this.receiver = Objects.requireNonNull(r, "r is null");
    }

    QueuePair queuePair() {
        return qp;
    }

    CreditFlow credits() {
        return credits;
    }

    CompletionQueue sendQueue() {
        return sendCq;
    }

    CompletionQueue receiveQueue() {
        return recvCq;
    }

    int window() {
        return window;
    }

    long dataReceived() {
        return dataReceived;
    }

    long errors() {
        return errors;
    }

    int pending() {
        return pending.size();
    }

    /** Queues a WRITE WITH IMMEDIATE; it is posted as soon as credits allow. */
    void submit(RdmaTransfer transfer) {
        Objects.requireNonNull(transfer, "transfer is null");
        if (credits == null) {
            throw new IllegalStateException("connection is not connected");
        }
        pending.addLast(transfer);
        pump();
    }

    private void pump() {
        while (!pending.isEmpty()) {
            RdmaTransfer t = pending.peekFirst();
            DmaplaneBuffer local = t.local().buffer();
            if (local.isRevoked() || local.refCount() == 0) {
                pending.pollFirst();
                failed(CompletionStatus.LOCAL_PROTECTION_ERROR);
                t.onDone().accept(CompletionStatus.LOCAL_PROTECTION_ERROR);
                continue;
            }
            if (!credits.canPost()) {
                if (!stalled) {
                    stalled = true;
                    engine.countStall(track, credits.stallReason());
                }
                return;
            }
            pending.pollFirst();
            stalled = false;
            credits.take();
            engine.buffers().retainForEngine(local);
            long wrId = nextWrId++;
            inFlight.put(wrId, t);
            WorkRequest wr = WorkRequest.writeWithImmediate(wrId, t.local().region(),
                    local.address() + t.offset(), t.length(), t.remote().buffer().address() + t.remoteOffset(),
                    t.remote().region().rkey(), t.immediate());
            post(wr);
        }
    }

    private void post(WorkRequest wr) {
        long start = engine.scheduler().now();
        engine.core().run("dmaplane/post", WorkPriority.KERNEL, engine.postCost(), () -> {
            engine.countPost();
            if (engine.tracer().enabled()) {
                engine.tracer().slice(track, "dmaplane/post", start, engine.scheduler().now() - start, 0);
            }
            traceCredits();
            PostResult r = qp.postSend(wr);
            if (r != PostResult.POSTED) {
                finishSend(wr.wrId(), CompletionStatus.WORK_REQUEST_FLUSHED);
            }
        });
    }

    private void postReceive() {
        qp.postReceive(new ReceiveRequest(nextRecvId++, control.buffer().address(), control.region().lkey(), 0));
    }

    private void onSendCompletion() {
        if (!sendPolling) {
            sendPolling = true;
            pollSend();
        }
    }

    private void pollSend() {
        if (sendCq.size() == 0) {
            sendPolling = false;
            return;
        }
        engine.core().run("dmaplane/poll", WorkPriority.KERNEL, engine.pollCost(), () -> {
            for (WorkCompletion wc : sendCq.poll(1)) {
                engine.countCompletion();
                if ((wc.wrId() & UPDATE_WR) == 0) {
                    finishSend(wc.wrId(), wc.status());
                } else if (!wc.isSuccess()) {
                    failed(wc.status());
                }
            }
            pollSend();
        });
    }

    private void finishSend(long wrId, CompletionStatus status) {
        RdmaTransfer t = inFlight.remove(wrId);
        if (t == null) {
            return;
        }
        credits.returnSend();
        engine.buffers().releaseFromEngine(t.local().buffer());
        if (status != CompletionStatus.SUCCESS) {
            failed(status);
        }
        traceCredits();
        t.onDone().accept(status);
        pump();
    }

    private void failed(CompletionStatus status) {
        errors++;
        engine.countError();
        if (firstFailure == null) {
            firstFailure = status;
        }
    }

    /**
     * {@code outcome} with what this end leaves undone as problems: its queue pair in ERROR (with
     * the first failure it saw), transfers never posted (and the credit they wait for), transfers
     * posted whose completion never came.
     *
     * @param unit what a transfer is to the workload ({@code messages}, {@code chunks})
     */
    WorkloadOutcome explain(WorkloadOutcome outcome, String unit) {
        WorkloadOutcome explained = outcome.withQueuePair(engine.nic().endpoint(), qp, firstFailure);
        if (!pending.isEmpty()) {
            String reason = credits.stallReason();
            explained = explained.withProblem(pending.size() + " " + unit + " never posted"
                    + (reason == null ? "" : ", waiting for " + reason));
        }
        if (!inFlight.isEmpty()) {
            explained = explained.withProblem(inFlight.size() + " " + unit + " posted and never completed");
        }
        return explained;
    }

    private void onReceiveCompletion() {
        if (!recvPolling) {
            recvPolling = true;
            pollReceive();
        }
    }

    private void pollReceive() {
        if (recvCq.size() == 0) {
            recvPolling = false;
            if (pendingReturn > 0) {
                returnCredits();
            }
            return;
        }
        engine.core().run("dmaplane/poll", WorkPriority.KERNEL, engine.pollCost() + engine.postCost(), () -> {
            for (WorkCompletion wc : recvCq.poll(1)) {
                engine.countCompletion();
                if (!wc.isSuccess()) {
                    failed(wc.status());
                    continue;
                }
                postReceive();
                if ((wc.immediate() & UPDATE_FLAG) != 0) {
                    credits.returnReceive(wc.immediate() & ~UPDATE_FLAG);
                    traceCredits();
                    pump();
                } else {
                    dataReceived++;
                    pendingReturn++;
                    receiver.received(wc.immediate(), wc.byteLength());
                }
            }
            pollReceive();
        });
    }

    private void returnCredits() {
        int n = pendingReturn;
        pendingReturn = 0;
        long wrId = UPDATE_WR | nextWrId++;
        post(new WorkRequest(wrId, Opcode.RDMA_WRITE_WITH_IMM, control.buffer().address(), control.region().lkey(), 0,
                peer.control.buffer().address(), peer.control.region().rkey(), UPDATE_FLAG | n, true));
    }

    private void traceCredits() {
        if (engine.tracer().enabled() && credits != null) {
            engine.tracer().counter(track, "credits", credits.sendCredits());
            engine.tracer().counter(track, "recv_credits", credits.receiveCredits());
        }
    }
}
