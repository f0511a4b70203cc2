package org.iopf.reference.workload;

import static java.util.Objects.requireNonNull;

import java.util.ArrayDeque;
import java.util.Optional;
import java.util.function.Consumer;

import org.iopf.api.nic.CompletionQueue;
import org.iopf.api.nic.MemoryRegion;
import org.iopf.api.nic.PostResult;
import org.iopf.api.nic.ReceiveRequest;
import org.iopf.api.nic.WorkCompletion;
import org.iopf.api.nic.WorkRequest;
import org.iopf.api.sim.Time;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.toolkit.integrity.PageIntegrity;
import org.iopf.api.workload.WorkloadOutcome;
import org.iopf.toolkit.workload.WorkloadMeter;

/**
 * Round trips between two NICs. The {@code source} node sends ping {@code k} from its ping slot
 * {@code k mod concurrency}; the {@code target} node's receive completion makes it echo the bytes
 * it received straight back, into the source's pong slot of the same index; the source's receive
 * completion ends the round trip, whose latency is from posting the ping to that completion, and
 * lets the next ping of the slot go. With {@link Verb#SEND} both directions are two-sided SENDs
 * into posted receives; with {@link Verb#WRITE_IMM} both are RDMA WRITE WITH IMMEDIATE into the
 * peer's registered slot, the immediate carrying the slot and a posted receive consumed for the
 * notification. At the end every pong slot is compared with its ping slot.
 */
final class PingPong implements Workload {
    /** The transport of a ping and of its echo. */
    enum Verb {
        /** Two-sided SEND into a posted receive buffer. */
        SEND("send"),
        /** RDMA WRITE WITH IMMEDIATE into the peer's slot; the receive only carries the notification. */
        WRITE_IMM("write-imm");

        private final String label;

        Verb(String label) {
            this.label = label;
        }

        /** The parameter value that selects it. */
        String label() {
            return label;
        }

        /** The verb a parameter value names. */
        static Verb of(String label) {
            for (Verb verb : values()) {
                if (verb.label.equals(label)) {
                    return verb;
                }
            }
            throw new IllegalArgumentException("verb must be send or write-imm: " + label);
        }
    }

    /** Round trips carry the message both ways. */
    private static final int DIRECTIONS = 2;

    private final WorkloadContext context;
    private final TrafficShape shape;
    private final Residency residency;
    private final boolean onDemand;
    private final Verb verb;
    private final WorkloadMeter meter;
    private final long[] sentAt;
    private RdmaSide source;
    private RdmaSide target;
    private long pingBase;
    private long pongBase;
    private long echoBase;
    private MemoryRegion pingRegion;
    private MemoryRegion pongRegion;
    private MemoryRegion echoRegion;
    private long sent;
    private long returned;
    private boolean finished;
    /** Pings posted whose send completion has not come yet: they hold send-queue entries. */
    private int pingsInSendQueue;
    /** Echoes waiting for room in the target's send queue, in arrival order. */
    private final ArrayDeque<WorkRequest> echoesWaiting = new ArrayDeque<>();
    private int echoesInSendQueue;

    /** Reads and validates the parameters. */
    PingPong(WorkloadContext context) {
        this.context = requireNonNull(context, "context is null");
        this.shape = TrafficShape.from(context.parameters(), PingPongType.TRAFFIC);
        this.residency = Residency.from(context.parameters());
        this.onDemand = context.parameters().get(PingPongType.TRAFFIC.onDemand());
        this.verb = Verb.of(context.parameters().get(PingPongType.VERB));
        this.meter = WorkloadMeter.withLatencyAndResidency(context, shape.count());
        this.sentAt = new long[shape.slots()];
    }

    @Override
    public void start() {
        source = RdmaSide.at(context, context.parameters().get(PingPongType.ENDS.source()), "ping-pong-source");
        target = RdmaSide.at(context, context.parameters().get(PingPongType.ENDS.target()), "ping-pong-target");
        long length = shape.slotBytes();
        pingBase = source.map(length);
        pongBase = source.map(length);
        echoBase = target.map(length);
        WorkingSet workingSet = new WorkingSet(residency);
        workingSet.prepareSource(source.memory(), source.space(), pingBase, length, context.random().nextLong());
        workingSet.prepareDestination(source.memory(), source.space(), pongBase, length);
        workingSet.prepareDestination(target.memory(), target.space(), echoBase, length);

        boolean remoteWrite = verb == Verb.WRITE_IMM;
        pingRegion = source.register(pingBase, length, false, false, onDemand);
        pongRegion = source.register(pongBase, length, remoteWrite, false, onDemand);
        echoRegion = target.register(echoBase, length, remoteWrite, false, onDemand);
        source.open(shape.slots(), shape.slots());
        target.open(shape.slots(), shape.slots());
        RdmaSide.connect(source, target);
        for (int slot = 0; slot < shape.slots(); slot++) {
            receive(source, pongRegion, pongBase, slot);
            receive(target, echoRegion, echoBase, slot);
        }
        listen(source, source.sendQueue(), this::onPingSent);
        listen(source, source.receiveQueue(), this::onPong);
        listen(target, target.sendQueue(), this::onEchoSent);
        listen(target, target.receiveQueue(), this::onPing);

        meter.start(workingSet.residentBytes(), workingSet.pinnedBytes());
        sendPings();
    }

    /** Drains a completion queue of {@code side}, one event after it becomes non-empty, into {@code handler}. */
    private void listen(RdmaSide side, CompletionQueue queue, Consumer<WorkCompletion> handler) {
        queue.setListener(() -> context.scheduler().schedule(Time.nanos(0), () -> {
            for (WorkCompletion wc : queue.poll(Integer.MAX_VALUE)) {
                side.saw(wc);
                handler.accept(wc);
            }
            if (meter.isDone()) {
                finish();
            }
        }));
    }

    private void receive(RdmaSide side, MemoryRegion region, long base, int slot) {
        side.queuePair().postReceive(new ReceiveRequest(slot, base + shape.slotOffset(slot), region.lkey(),
                shape.unitSize()));
    }

    /**
     * Posts pings while fewer than {@code slots} round trips are open and the send queue has room.
     * A ping's send-queue entry is freed by its send completion, which can come after its pong
     * when an ACK was lost, so the queue, not only the round trips, limits what may be posted.
     */
    private void sendPings() {
        while (sent < shape.count() && sent - meter.completed() < shape.slots()
                && pingsInSendQueue < shape.slots()) {
            int slot = (int) (sent % shape.slots());
            long offset = shape.slotOffset(slot);
            WorkRequest ping = verb == Verb.SEND
                    ? WorkRequest.send(sent, pingRegion, pingBase + offset, shape.unitSize())
                    : WorkRequest.writeWithImmediate(sent, pingRegion, pingBase + offset, shape.unitSize(),
                            echoBase + offset, echoRegion.rkey(), slot);
            sentAt[slot] = context.scheduler().now();
            sent++;
            if (source.queuePair().postSend(ping) == PostResult.POSTED) {
                pingsInSendQueue++;
            } else {
                meter.failed();
            }
        }
        if (meter.isDone()) {
            finish();
        }
    }

    /** The target received ping: echo what arrived from the slot it landed in. */
    private void onPing(WorkCompletion wc) {
        if (!wc.isSuccess()) {
            return;
        }
        int slot = (int) (verb == Verb.SEND ? wc.wrId() : wc.immediate());
        receive(target, echoRegion, echoBase, (int) wc.wrId());
        long offset = shape.slotOffset(slot);
        WorkRequest echo = verb == Verb.SEND
                ? WorkRequest.send(wc.wrId(), echoRegion, echoBase + offset, shape.unitSize())
                : WorkRequest.writeWithImmediate(wc.wrId(), echoRegion, echoBase + offset, shape.unitSize(),
                        pongBase + offset, pongRegion.rkey(), slot);
        echoesWaiting.addLast(echo);
        sendEchoes();
    }

    /** Posts waiting echoes while the target's send queue has room (see {@link #sendPings()}). */
    private void sendEchoes() {
        while (!echoesWaiting.isEmpty() && echoesInSendQueue < shape.slots()) {
            if (target.queuePair().postSend(echoesWaiting.pollFirst()) == PostResult.POSTED) {
                echoesInSendQueue++;
            } else {
                meter.failed();
            }
        }
    }

    /** The source received an echo: the oldest round trip in flight is over. */
    private void onPong(WorkCompletion wc) {
        if (!wc.isSuccess()) {
            return;
        }
        int slot = (int) (returned % shape.slots());
        returned++;
        receive(source, pongRegion, pongBase, (int) wc.wrId());
        meter.succeeded(DIRECTIONS * wc.byteLength(), context.scheduler().now() - sentAt[slot]);
        sendPings();
    }

    private void onPingSent(WorkCompletion wc) {
        pingsInSendQueue--;
        if (!wc.isSuccess()) {
            meter.failed();
        }
        sendPings();
    }

    private void onEchoSent(WorkCompletion wc) {
        echoesInSendQueue--;
        if (!wc.isSuccess()) {
            meter.failed();
        }
        sendEchoes();
        sendPings();
    }

    /**
     * The round trips asked for, of which those whose pong came back; problems: either queue pair in
     * ERROR, and round trips started whose pong never came back.
     */
    @Override
    public Optional<WorkloadOutcome> outcome() {
        return Optional.of(target.withQueuePair(source.withQueuePair(
                meter.outcome("round trips", sent, "started and never ended"))));
    }

    private void finish() {
        if (finished) {
            return;
        }
        finished = true;
        meter.mismatched(PageIntegrity.mismatchedPages(source.memory(), source.space(), pingBase, source.memory(),
                source.space(), pongBase, shape.slotBytes()));
        context.finish();
    }
}
