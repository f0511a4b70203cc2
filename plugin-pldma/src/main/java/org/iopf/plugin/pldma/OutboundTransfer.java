package org.iopf.plugin.pldma;

import java.util.function.Consumer;
import org.iopf.api.dma.DmaCompletion;
import org.iopf.api.dma.DmaDescriptor;
import org.iopf.api.dma.DmaStatus;
import org.iopf.api.fabric.Endpoint;
import org.iopf.api.fabric.Packet;
import org.iopf.api.fault.FaultRecord;
import org.iopf.api.fault.FaultResolution;
import org.iopf.api.iommu.Translation;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.Payload;
import org.iopf.api.nic.MtuSplit;

/**
 * The sending side of one PLDMA transfer: MTU packets numbered from 0, each packet's source
 * translated through the node's IOMMU just before it goes on the wire (one packet prepared ahead
 * while the previous one is serialized), cumulative ACKs, fast go-back-N retransmission on a
 * sequence NACK or when the retransmission timer expires, and a pause on a fault — a local source
 * fault until the fault handler answers, a remote destination fault (NACK FAULT) until the
 * receiver sends RESUME. Only this transfer pauses; the engine keeps sending the others.
 */
final class OutboundTransfer implements ChannelSlot {
    /** Where the transfer is in its life. */
    enum State {
        /** Waiting for a buffer of its channel. */
        QUEUED,
        /** Sending. */
        ACTIVE,
        /** A source translation faulted; waiting for the local fault handler. */
        FAULTED,
        /** The receiver's destination faulted; waiting for its RESUME. */
        REMOTE_FAULTED,
        /** The engine's state machine stuck (fault injection): nothing moves until a reset. */
        STUCK,
        /** Ended (completed, failed or aborted). */
        ENDED
    }

    private final TransferServices services;
    private final TransferEvents events;
    final WireKey key;
    final DmaDescriptor descriptor;
    final Endpoint peer;
    final Consumer<DmaCompletion> onComplete;
    final long submitted;
    final int packets;
    final boolean holdsChannel;
    State state = State.QUEUED;
    boolean queuedForTx;
    /** When the transfer last paused on a fault. */
    long pausedAt;
    private int next;
    /** One more than the highest packet number sent so far: a packet below it is a retransmission. */
    private int sentHigh;
    private int acked;
    private int generation;
    private boolean translating;
    private Packet prepared;
    private long timer = -1;
    /** Retransmission timeouts in a row without an ACK that moved the transfer forward. */
    private int silentTimeouts;

    OutboundTransfer(TransferServices services, TransferEvents events, WireKey key, DmaDescriptor descriptor, Endpoint peer,
            Consumer<DmaCompletion> onComplete, boolean holdsChannel) {
        this.services = services;
        this.events = events;
        this.key = key;
        this.descriptor = descriptor;
        this.peer = peer;
        this.onComplete = onComplete;
        this.holdsChannel = holdsChannel;
        this.submitted = services.now();
        this.packets = Math.toIntExact(MtuSplit.packets(descriptor.source(), descriptor.length(), services.mtu()));
    }

    @Override
    public void activate() {
        if (holdsChannel && events.sticksOnActivation()) {
            state = State.STUCK;
            return;
        }
        state = State.ACTIVE;
        pump();
    }

    /** Packets acknowledged so far. */
    int acked() {
        return acked;
    }

    /** Bytes acknowledged so far. */
    long ackedBytes() {
        return acked >= packets ? descriptor.length() : MtuSplit.offset(descriptor.source(), services.mtu(), acked);
    }

    /** Prepares the next packet: translates its source and captures its payload. */
    private void pump() {
        if (state != State.ACTIVE || translating || prepared != null || next >= packets) {
            return;
        }
        int psn = next;
        int gen = generation;
        long mtu = services.mtu();
        long offset = MtuSplit.offset(descriptor.source(), mtu, psn);
        long length = MtuSplit.length(descriptor.source(), descriptor.length(), mtu, offset);
        Translation translation = services.iommu().translate(descriptor.stream(), descriptor.source() + offset,
                Access.READ, this::onLocalFaultResolved);
        if (!(translation instanceof Translation.Hit source)) {
            state = State.FAULTED;
            events.sourceFaulted(this, translation.record().orElseThrow());
            return;
        }
        translating = true;
        services.scheduler().schedule(source.latencyNanos(), () -> {
            translating = false;
            if (gen != generation || state != State.ACTIVE) {
                pump();
                return;
            }
            Payload payload = services.memory().capture(source.physicalAddress(), length);
            prepared = services.dataPacket(peer, new PldmaHeader.Data(key, descriptor.stream().value(), psn, packets,
                    descriptor.destination() + offset), payload);
            next = psn + 1;
            events.ready(this);
        });
    }

    /** The engine's transmitter takes the prepared packet (null if it was discarded). */
    Packet takePrepared() {
        queuedForTx = false;
        Packet packet = prepared;
        prepared = null;
        if (packet != null) {
            int psn = ((PldmaHeader.Data) packet.header()).psn();
            if (psn < sentHigh) {
                events.retransmitted();
            } else {
                sentHigh = psn + 1;
            }
            if (timer < 0) {
                armTimer();
            }
            pump();
        }
        return packet;
    }

    private void onLocalFaultResolved(FaultRecord fault, FaultResolution resolution) {
        if (state == State.ENDED) {
            return;
        }
        if (resolution == FaultResolution.TERMINATE) {
            end(DmaStatus.FAULT_TERMINATED);
            return;
        }
        if (state == State.FAULTED) {
            state = State.ACTIVE;
            events.resumed(this, fault.id());
            pump();
        }
    }

    void onAck(int received) {
        if (state == State.ENDED || received <= acked) {
            return;
        }
        acked = received;
        silentTimeouts = 0;
        if (acked >= packets) {
            end(DmaStatus.OK);
            return;
        }
        if (acked > next) {
            discardAhead(acked);
        }
        cancelTimer();
        if (next > acked) {
            armTimer();
        }
        pump();
    }

    void onNack(int psn, PldmaHeader.NackReason reason) {
        if (state == State.ENDED) {
            return;
        }
        switch (reason) {
            case FATAL -> end(DmaStatus.FAULT_TERMINATED);
            case FAULT -> {
                acked = Math.max(acked, psn);
                cancelTimer();
                discardAhead(psn);
                if (state == State.ACTIVE || state == State.FAULTED) {
                    state = State.REMOTE_FAULTED;
                    events.destinationFaulted(this);
                }
            }
            case SEQUENCE -> {
                acked = Math.max(acked, psn);
                if (state == State.ACTIVE && next > psn) {
                    discardAhead(psn);
                    pump();
                }
            }
        }
    }

    void onResume(int psn) {
        if (state != State.REMOTE_FAULTED) {
            return;
        }
        acked = Math.max(acked, psn);
        state = State.ACTIVE;
        events.resumed(this, 0);
        discardAhead(psn);
        pump();
    }

    /** Forgets packets from {@code psn} on, so that they are prepared (and translated) again. */
    private void discardAhead(int psn) {
        generation++;
        prepared = null;
        next = Math.max(psn, acked);
    }

    private void armTimer() {
        timer = services.scheduler().schedule(services.retransmitTimeout(), this::onTimeout);
    }

    private void cancelTimer() {
        if (timer >= 0) {
            services.scheduler().cancel(timer);
            timer = -1;
        }
    }

    private void onTimeout() {
        timer = -1;
        if ((state == State.ACTIVE || state == State.FAULTED) && next > acked) {
            events.timedOut(this);
            if (++silentTimeouts > services.transportRetries()) {
                end(DmaStatus.TIMEOUT); // the peer does not answer at all (no PLDMA there, link down)
                return;
            }
            discardAhead(acked);
            pump();
        }
    }

    /** Stops the transfer for good and tells the engine (and the submitter, unless aborted). */
    void end(DmaStatus status) {
        endQuietly();
        events.finished(this, status);
    }

    /** Stops the transfer without a completion (an abort by the R5 watchdog). */
    void endQuietly() {
        state = State.ENDED;
        cancelTimer();
        generation++;
        prepared = null;
    }
}
