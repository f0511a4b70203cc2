package org.iopf.plugin.pldma;

import java.util.HashMap;
import java.util.Map;
import org.iopf.api.fabric.Packet;
import org.iopf.api.fault.FaultRecord;
import org.iopf.api.fault.FaultResolution;
import org.iopf.api.fault.FaultResolutionListener;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.iommu.Translation;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.Payload;
import org.iopf.api.mem.PhysicalMemory;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Metrics;
import org.iopf.api.sim.Scheduler;

/**
 * The receiving side of a PLDMA: writes each transfer's packets in order, exactly once. A packet
 * is written only if it is the next one expected; an earlier one (a retransmission, or a block
 * submitted again after a reset) is acknowledged without being written; a later one means a
 * packet was lost and is answered with one NACK SEQUENCE. Each packet's destination (one or two
 * pages) is translated through the node's IOMMU with the stream the sender names: a fault pauses
 * the transfer (NACK FAULT; packets behind it are dropped) until the fault handler answers, then a
 * RESUME asks the sender to go on from the faulting packet, or a NACK FATAL fails the transfer.
 */
final class PldmaReceiver {
    private static final long PAGE = PageSize.BASE.bytes();

    private final ReceiverEvents events;
    private final Scheduler scheduler;
    private final Iommu iommu;
    private final PhysicalMemory memory;
    private final Map<WireKey, InboundTransfer> inbound = new HashMap<>();
    private final Counter nacksSent;
    private final Counter duplicates;
    private final Counter dropped;
    private final Counter faults;
    private final Counter bytesWritten;

    PldmaReceiver(ReceiverEvents events, Scheduler scheduler, Iommu iommu, PhysicalMemory memory, Metrics metrics) {
        this.events = events;
        this.scheduler = scheduler;
        this.iommu = iommu;
        this.memory = memory;
        this.nacksSent = PldmaStatistics.NACKS_SENT.counter(metrics);
        this.duplicates = PldmaStatistics.DUPLICATES.counter(metrics);
        this.dropped = PldmaStatistics.DROPPED_WHILE_FAULTED.counter(metrics);
        this.faults = PldmaStatistics.FAULTS_DESTINATION.counter(metrics);
        this.bytesWritten = PldmaStatistics.BYTES_WRITTEN.counter(metrics);
    }

    /** Destination translations that faulted so far. */
    long faults() {
        return faults.value();
    }

    /** Packets of the transfer {@code key} written so far. */
    int received(WireKey key) {
        InboundTransfer in = inbound.get(key);
        return in == null ? 0 : in.expected;
    }

    void onData(Packet packet, PldmaHeader.Data data) {
        InboundTransfer in = inbound.computeIfAbsent(data.key(),
                k -> new InboundTransfer(k, packet.source(), data.packets()));
        if (in.failed) {
            sendNack(in, PldmaHeader.NackReason.FATAL);
            return;
        }
        if (data.psn() < in.expected) {
            duplicates.increment();
            events.sendControl(in.sender, new PldmaHeader.Ack(in.key, in.expected));
            return;
        }
        if (in.faulted) {
            dropped.increment();
            if (data.psn() == in.expected) {
                // a sender that does not know of the pause (a block submitted again after a
                // reset) is told to wait for RESUME too
                sendNack(in, PldmaHeader.NackReason.FAULT);
            }
            return;
        }
        if (data.psn() > in.expected) {
            if (!in.nakSent) {
                in.nakSent = true;
                sendNack(in, PldmaHeader.NackReason.SEQUENCE);
            }
            return;
        }
        writeInOrder(in, data, packet.payload());
    }

    private void writeInOrder(InboundTransfer in, PldmaHeader.Data data, Payload payload) {
        StreamId stream = new StreamId(data.stream());
        long length = payload.length();
        long destination = data.destination();
        long first = Math.min(length, PAGE - (destination & (PAGE - 1)));
        FaultResolutionListener listener = (fault, resolution) -> onFaultResolved(in, fault, resolution);
        if (!(iommu.translate(stream, destination, Access.WRITE, listener) instanceof Translation.Hit head)) {
            fault(in);
            return;
        }
        Translation.Hit tail = null;
        if (first < length) {
            if (!(iommu.translate(stream, destination + first, Access.WRITE, listener) instanceof Translation.Hit hit)) {
                fault(in);
                return;
            }
            tail = hit;
        }
        memory.write(head.physicalAddress(), first == length ? payload : payload.slice(0, first));
        if (tail != null) {
            memory.write(tail.physicalAddress(), payload.slice(first, length - first));
        }
        bytesWritten.add(length);
        in.expected++;
        in.nakSent = false;
        int received = in.expected;
        long latency = head.latencyNanos() + (tail == null ? 0 : tail.latencyNanos());
        scheduler.schedule(latency, () -> {
            events.sendControl(in.sender, new PldmaHeader.Ack(in.key, received));
            if (received == in.packets) {
                events.readArrived(in.key);
            }
        });
    }

    private void fault(InboundTransfer in) {
        in.faulted = true;
        faults.increment();
        sendNack(in, PldmaHeader.NackReason.FAULT);
    }

    private void onFaultResolved(InboundTransfer in, FaultRecord fault, FaultResolution resolution) {
        if (!in.faulted) {
            return;
        }
        in.faulted = false;
        if (resolution == FaultResolution.RETRY) {
            events.sendControl(in.sender, new PldmaHeader.Resume(in.key, in.expected));
        } else {
            in.failed = true;
            sendNack(in, PldmaHeader.NackReason.FATAL);
            events.readFailed(in.key);
        }
    }

    private void sendNack(InboundTransfer in, PldmaHeader.NackReason reason) {
        nacksSent.increment();
        events.sendControl(in.sender, new PldmaHeader.Nack(in.key, in.expected, reason));
    }
}
