package org.iopf.plugin.pldma;

import java.util.List;
import java.util.Map;
import org.iopf.api.observe.StatisticSpec;

/**
 * The statistics of a {@code pldma} engine (names under {@code NODE.COMPONENT.}): the sender's,
 * the receiver's and the R5 firmware's ({@code r5.*}), each declared once here, listed by
 * {@code iopf components pldma} and registered from its declaration.
 */
final class PldmaStatistics {
    static final StatisticSpec PACKETS_SENT = StatisticSpec.counter("packets.sent", "packets",
            "packets sent: data, retransmissions, ACKs, NACKs, RESUMEs, READ requests");
    static final StatisticSpec PACKETS_RECEIVED = StatisticSpec.counter("packets.received", "packets",
            "packets received from the fabric");
    static final StatisticSpec RETRANSMISSIONS = StatisticSpec.counter("retransmissions", "packets",
            "data packets sent again (after a NACK, a timeout or a fault pause)");
    static final StatisticSpec NACKS_RECEIVED = StatisticSpec.counter("nacks.received", "packets",
            "NACKs received (sequence gap or destination fault)");
    static final StatisticSpec TIMEOUTS = StatisticSpec.counter("timeouts", "timeouts",
            "retransmission timeouts: no ACK within retransmitTimeout");
    static final StatisticSpec FAULTS_SOURCE = StatisticSpec.counter("faults.source", "faults",
            "source translations that faulted in this node's IOMMU");
    static final StatisticSpec REFUSED_BUSY = StatisticSpec.counter("transfers.refusedBusy", "transfers",
            "transfers refused BUSY because maxConcurrentTransfers were in flight");
    static final StatisticSpec COMPLETED = StatisticSpec.counter("transfers.completed", "transfers",
            "transfers that ended (successfully or not)");
    static final StatisticSpec STUCK = StatisticSpec.counter("transfers.stuck", "transfers",
            "transfers that stuck in the PLDMA (hangEvery fault injection)");
    static final StatisticSpec RESET = StatisticSpec.counter("transfers.reset", "transfers",
            "transfers reset by the R5 after its timeout");
    static final StatisticSpec RECOVERY = StatisticSpec.histogram("recovery", "ns",
            "time a transfer stayed paused by a fault, source or destination, until it resumed");
    static final StatisticSpec ACTIVE = StatisticSpec.gauge("transfers.active", "transfers",
            "transfers in flight at the end");
    static final StatisticSpec PEAK = StatisticSpec.gauge("transfers.peak", "transfers",
            "most transfers in flight at once");
    static final StatisticSpec NACKS_SENT = StatisticSpec.counter("nacks.sent", "packets",
            "NACKs sent by the receiver (sequence gap or destination fault)");
    static final StatisticSpec DUPLICATES = StatisticSpec.counter("packets.duplicate", "packets",
            "packets received again that were already written (acknowledged, not written twice)");
    static final StatisticSpec DROPPED_WHILE_FAULTED = StatisticSpec.counter("packets.droppedWhileFaulted", "packets",
            "packets dropped by the receiver while their transfer waited for a destination fault");
    static final StatisticSpec FAULTS_DESTINATION = StatisticSpec.counter("faults.destination", "faults",
            "destination translations that faulted in this node's IOMMU");
    static final StatisticSpec BYTES_WRITTEN = StatisticSpec.counter("bytes.written", "bytes",
            "bytes the receiver wrote into memory, each once");
    static final StatisticSpec R5_TIMEOUTS = StatisticSpec.counter("r5.timeouts", "timeouts",
            "blocks not completed within timeoutPeriod");
    static final StatisticSpec R5_RETRIES = StatisticSpec.counter("r5.retries", "blocks",
            "timed-out blocks the R5 submitted again");
    static final StatisticSpec R5_REQUESTS_COMPLETED = StatisticSpec.counter("r5.requests.completed", "requests",
            "requests whose every block arrived");
    static final StatisticSpec R5_REQUESTS_FAILED = StatisticSpec.counter("r5.requests.failed", "requests",
            "requests that ended with an error");
    static final StatisticSpec R5_BLOCKS_PROGRAMMED = StatisticSpec.counter("r5.blocks.programmed", "blocks",
            "blocks programmed into the PLDMA, resubmissions included");
    static final StatisticSpec R5_QUEUED = StatisticSpec.gauge("r5.blocks.queued", "blocks",
            "blocks waiting for the PLDMA to have room");
    static final StatisticSpec R5_ACTIVE = StatisticSpec.gauge("r5.blocks.active", "blocks",
            "blocks programmed and moving");
    static final StatisticSpec R5_FAULTED = StatisticSpec.gauge("r5.blocks.faulted", "blocks",
            "blocks paused by a page fault");
    static final StatisticSpec R5_RETRYING = StatisticSpec.gauge("r5.blocks.retrying", "blocks",
            "blocks moving again after a fault or submitted again after a timeout");
    static final StatisticSpec R5_DONE = StatisticSpec.gauge("r5.blocks.done", "blocks", "blocks that arrived");
    static final StatisticSpec R5_FAILED = StatisticSpec.gauge("r5.blocks.failed", "blocks",
            "blocks that ended without arriving");

    /** The R5's per-state gauges. */
    static final Map<BlockState, StatisticSpec> BLOCKS_BY_STATE = Map.of(BlockState.QUEUED, R5_QUEUED,
            BlockState.ACTIVE, R5_ACTIVE, BlockState.FAULTED, R5_FAULTED, BlockState.RETRYING, R5_RETRYING,
            BlockState.DONE, R5_DONE, BlockState.FAILED, R5_FAILED);

    /** Every statistic a {@code pldma} records. */
    static final List<StatisticSpec> DECLARED = List.of(PACKETS_SENT, PACKETS_RECEIVED, RETRANSMISSIONS,
            NACKS_RECEIVED, TIMEOUTS, FAULTS_SOURCE, REFUSED_BUSY, COMPLETED, STUCK, RESET, RECOVERY, ACTIVE, PEAK,
            NACKS_SENT, DUPLICATES, DROPPED_WHILE_FAULTED, FAULTS_DESTINATION, BYTES_WRITTEN, R5_TIMEOUTS, R5_RETRIES,
            R5_REQUESTS_COMPLETED, R5_REQUESTS_FAILED, R5_BLOCKS_PROGRAMMED, R5_QUEUED, R5_ACTIVE, R5_FAULTED,
            R5_RETRYING, R5_DONE, R5_FAILED);

    private PldmaStatistics() {
    }
}
