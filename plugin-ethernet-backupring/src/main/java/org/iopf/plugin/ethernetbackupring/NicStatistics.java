package org.iopf.plugin.ethernetbackupring;

import java.util.List;
import org.iopf.api.observe.StatisticSpec;

/**
 * The statistics of an {@code eth-nic} (names under {@code NODE.NIC.}), each declared once here,
 * listed by {@code iopf components eth-nic} and registered from its declaration by the part that
 * records it (the receive path, the sender, the backup ring, the IOprovider, the IOMMU mirror).
 */
final class NicStatistics {
    static final StatisticSpec TX_BYTES = StatisticSpec.counter("tx.bytes", "bytes", "bytes of frames sent");
    static final StatisticSpec TX_FRAMES = StatisticSpec.counter("tx.frames", "frames", "frames sent");
    static final StatisticSpec RX_UNKNOWN_FLOW = StatisticSpec.counter("rx.unknownFlow", "frames",
            "frames for no flow of this NIC, dropped");
    static final StatisticSpec RX_FRAMES = StatisticSpec.counter("rx.frames", "frames", "frames received");
    static final StatisticSpec RX_FAULTS = StatisticSpec.counter("rx.faults", "faults",
            "receive-buffer faults raised through the IOMMU");
    static final StatisticSpec RX_FAULT_DROPS = StatisticSpec.counter("rx.faultDrops", "frames",
            "frames dropped because their rx-buffer page faulted (cold ring)");
    static final StatisticSpec RX_FIFO_DROPS = StatisticSpec.counter("rx.fifoDrops", "frames",
            "frames dropped because the receive packet buffer (rxFifo) was full");
    static final StatisticSpec RX_RING_FULL_DROPS = StatisticSpec.counter("rx.ringFullDrops", "frames",
            "frames dropped because the backup ring was full");
    static final StatisticSpec RX_STALE_DROPS = StatisticSpec.counter("rx.invalidatedInFlightDrops", "frames",
            "frames dropped because their page's IOMMU entry was invalidated while they were in flight");
    static final StatisticSpec RX_DUPLICATES = StatisticSpec.counter("rx.duplicates", "frames",
            "frames already received (retransmissions of delivered data)");
    static final StatisticSpec RX_OUT_OF_WINDOW = StatisticSpec.counter("rx.outOfWindow", "frames",
            "frames beyond the receive window");
    static final StatisticSpec RX_ACKS = StatisticSpec.counter("rx.acks", "acks", "ACKs sent by the receiver");
    static final StatisticSpec RX_BACKUP_RING_PACKETS = StatisticSpec.counter("rx.backupRingPackets", "frames",
            "frames written to the backup ring");
    static final StatisticSpec RX_FAULT_TO_PLACED = StatisticSpec.histogram("rx.faultToPlaced", "ns",
            "time from a frame's fault to its bytes in the user buffer");
    static final StatisticSpec TCP_RETRANSMISSIONS = StatisticSpec.counter("tcp.retransmissions", "segments",
            "segments sent again");
    static final StatisticSpec TCP_RETRANSMITTED_BYTES = StatisticSpec.counter("tcp.retransmittedBytes", "bytes",
            "payload bytes sent again");
    static final StatisticSpec TCP_TIMEOUTS = StatisticSpec.counter("tcp.timeouts", "timeouts",
            "retransmission-timer expiries, the one that gives up included (Linux TCPTimeouts)");
    static final StatisticSpec TCP_FAST_RETRANSMITS = StatisticSpec.counter("tcp.fastRetransmits", "retransmits",
            "entries into fast recovery: three duplicate ACKs, or with SACK a hole deemed lost (RFC 6675 or RACK)");
    static final StatisticSpec TCP_DUPLICATE_ACKS = StatisticSpec.counter("tcp.duplicateAcks", "acks",
            "duplicate ACKs received");
    static final StatisticSpec TCP_GAVE_UP = StatisticSpec.counter("tcp.gaveUp", "connections",
            "connections aborted after tcpRetries2 (Linux TCPAbortOnTimeout)");
    static final StatisticSpec TCP_LOSS_PROBES = StatisticSpec.counter("tcp.lossProbes", "probes",
            "tail-loss probes sent (RFC 8985 §7; Linux TCPLossProbes)");
    static final StatisticSpec TCP_CWND = StatisticSpec.gauge("tcp.cwnd", "bytes", "the sender's congestion window");
    static final StatisticSpec RING_STORED = StatisticSpec.counter("backupRing.stored", "packets",
            "packets stored in the backup ring");
    static final StatisticSpec RING_OVERFLOWS = StatisticSpec.counter("backupRing.overflowDrops", "packets",
            "packets that found the backup ring full");
    static final StatisticSpec RING_COPIES = StatisticSpec.counter("backupRing.copies", "packets",
            "packets the IOprovider copied from the backup ring into the user buffer");
    static final StatisticSpec RING_COPIED_BYTES = StatisticSpec.counter("backupRing.copiedBytes", "bytes",
            "bytes of those copies");
    static final StatisticSpec RING_LOST = StatisticSpec.counter("backupRing.lostAfterResolve", "packets",
            "stored packets whose page could not be placed after its fault was resolved");
    static final StatisticSpec RING_OCCUPANCY = StatisticSpec.gauge("backupRing.occupancy", "slots",
            "backup-ring slots in use");
    static final StatisticSpec RING_MAX_OCCUPANCY = StatisticSpec.gauge("backupRing.maxOccupancy", "slots",
            "most backup-ring slots in use at once");
    static final StatisticSpec RING_BYTES = StatisticSpec.gauge("backupRing.bytes", "bytes",
            "pinned memory of the backup ring");
    static final StatisticSpec IOMMU_INVALIDATED_PAGES = StatisticSpec.counter("iommu.invalidatedPages", "pages",
            "rx-buffer pages whose IOMMU entries the OS invalidated (reclaim, migration, fork)");

    /** Every statistic an {@code eth-nic} records. */
    static final List<StatisticSpec> DECLARED = List.of(TX_BYTES, TX_FRAMES, RX_UNKNOWN_FLOW, RX_FRAMES, RX_FAULTS,
            RX_FAULT_DROPS, RX_FIFO_DROPS, RX_RING_FULL_DROPS, RX_STALE_DROPS, RX_DUPLICATES, RX_OUT_OF_WINDOW,
            RX_ACKS, RX_BACKUP_RING_PACKETS, RX_FAULT_TO_PLACED, TCP_RETRANSMISSIONS, TCP_RETRANSMITTED_BYTES,
            TCP_TIMEOUTS, TCP_FAST_RETRANSMITS, TCP_DUPLICATE_ACKS, TCP_GAVE_UP, TCP_LOSS_PROBES, TCP_CWND, RING_STORED,
            RING_OVERFLOWS, RING_COPIES, RING_COPIED_BYTES, RING_LOST, RING_OCCUPANCY, RING_MAX_OCCUPANCY,
            RING_BYTES, IOMMU_INVALIDATED_PAGES);

    private NicStatistics() {
    }
}
