package org.iopf.plugin.ethernetbackupring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.iopf.plugin.ethernetbackupring.EthTestbed.value;

import java.util.List;
import java.util.Map;
import org.iopf.api.sim.Time;
import org.iopf.api.workload.WorkloadOutcome;
import org.iopf.core.report.Figure;
import org.iopf.core.report.RunResult;
import org.junit.jupiter.api.Test;

final class EthStreamTest {
    private static Map<String, String> stream(String mode, String trigger, String bytes, String buffer) {
        return Map.of("bytes", bytes, "bufferSize", buffer, "mode", mode, "trigger", trigger, "verify", "delivery");
    }

    @Test
    void aColdRingDropsEveryFrameWhoseBufferFaultsAndTcpRecoversByTimeout() {
        RunResult r = EthTestbed.run("", stream("cold-ring", "startup", "2MiB", "1MiB"));

        double drops = value(r, "node2.nic0.rx.faultDrops");
        assertThat(drops).isPositive();
        assertThat(value(r, "node2.nic0.rx.backupRingPackets"))
                .isZero();
        // every dropped frame was sent again; only timeouts can recover a burst lost whole
        assertThat(value(r, "node1.nic0.tcp.retransmissions")).isGreaterThanOrEqualTo(drops);
        assertThat(value(r, "node1.nic0.tcp.timeouts")).isPositive();
        assertThat(value(r, "faults.translation")).isPositive();
        assertThat(value(r, "faults.terminated")).isZero();
        // each answered fault also faulted in the rest of its 64 KiB window in the background: every
        // one of the buffer's 256 pages became resident through its own fault or through fault-around
        assertThat(value(r, "node2.faults.aroundPages")).isBetween(1.0, 255.0);
        assertThat(value(r, "node2.faults.aroundPages") + value(r, "faults.translation")).isGreaterThanOrEqualTo(256);
        assertThat(value(r, "memory.node2.reserved")).isEqualTo(1 << 20);
        assertThat(value(r, "node2.faults.resolved")).isEqualTo(value(r, "faults.translation"));
        assertThat(value(r, "workload.bytes")).isEqualTo(2 << 20);
        assertThat(value(r, "workload.integrity.mismatchedPages")).isZero();
    }

    @Test
    void theBackupRingTakesTheFaultingFramesSoNoneIsDroppedForAFault() {
        RunResult r = EthTestbed.run("", stream("backup-ring", "startup", "4MiB", "1MiB"));

        assertThat(value(r, "node2.nic0.rx.faultDrops")).isZero();
        assertThat(value(r, "node2.nic0.rx.backupRingPackets")).isPositive();
        assertThat(value(r, "node2.nic0.backupRing.copies")).isEqualTo(value(r, "node2.nic0.rx.backupRingPackets"));
        assertThat(value(r, "node2.nic0.backupRing.occupancy")).isZero();
        assertThat(value(r, "node2.nic0.rx.faultToPlaced.count")).isEqualTo(value(r, "node2.nic0.backupRing.copies"));
        assertThat(value(r, "workload.bytes")).isEqualTo(4 << 20);
        assertThat(value(r, "workload.integrity.mismatchedPages")).isZero();
        // the ring is pinned, the buffer is resident on demand only
        assertThat(value(r, "memory.node2.pinned")).isEqualTo(320 * 12 * 1024);
        // ordering (C3): while the frame at the ACK point waits in the ring nothing is acknowledged, so
        // the sender sees no duplicate ACK for data that is only late, and retransmits nothing
        assertThat(value(r, "node1.nic0.tcp.duplicateAcks")).isZero();
        assertThat(value(r, "node1.nic0.tcp.retransmissions")).isZero();
        assertThat(value(r, "node2.nic0.rx.acks")).isLessThan(value(r, "node2.nic0.rx.frames"));
    }

    @Test
    void aFullBackupRingDropsAndCountsTheFramesItCannotTake() {
        RunResult r = EthTestbed.run(", params: {backupRingSlots: 4}", stream("backup-ring", "startup", "4MiB", "2MiB"));

        assertThat(value(r, "node2.nic0.backupRing.overflowDrops")).isPositive();
        assertThat(value(r, "node2.nic0.rx.ringFullDrops")).isEqualTo(value(r, "node2.nic0.backupRing.overflowDrops"));
        assertThat(value(r, "node2.nic0.backupRing.maxOccupancy")).isEqualTo(4);
        assertThat(value(r, "node2.nic0.rx.faultDrops")).isZero();
        assertThat(value(r, "workload.integrity.mismatchedPages")).isZero();
    }

    @Test
    void thePrototypeWritesEveryFrameTwiceAndCopiesEveryFrame() {
        RunResult r = EthTestbed.run("", stream("backup-ring-prototype", "none", "8MiB", "1MiB"));

        double frames = value(r, "node2.nic0.rx.frames") - value(r, "node2.nic0.rx.duplicates")
                - value(r, "node2.nic0.rx.fifoDrops");
        assertThat(value(r, "node2.nic0.backupRing.copies")).isEqualTo(frames);
        assertThat(value(r, "faults.total")).isZero();
        assertThat(value(r, "workload.integrity.mismatchedPages")).isZero();
    }

    @Test
    void aPinnedBufferNeverFaultsAndRunsAtLineRateMinusHeaders() {
        RunResult r = EthTestbed.run("", stream("pinned", "startup", "16MiB", "1MiB"));

        assertThat(value(r, "faults.total")).isZero();
        assertThat(value(r, "memory.node2.pinned")).isEqualTo(1 << 20);
        // 8948 B of payload per 9038 B on the wire at 10 Gbps
        assertThat(value(r, "workload.eth.steadyThroughput")).isCloseTo(10e9 * 8948 / 9038, withinPercent(0.5));
    }

    @Test
    void aStandardMtuCarries1448BytesPer1538OnTheWire() {
        RunResult r = EthTestbed.run(", params: {mtu: 1500}", stream("pinned", "none", "16MiB", "1MiB"));

        assertThat(value(r, "workload.eth.steadyThroughput")).isCloseTo(10e9 * 1448 / 1538, withinPercent(0.5));
        assertThat(value(r, "node1.nic0.tx.frames")).isEqualTo(Math.ceil((16 << 20) / 1448.0));
    }

    @Test
    void swapOutUnderTrafficFaultsThePagesBackInAndTheMirrorDropsTheirIommuEntries() {
        RunResult r = EthTestbed.run("", Map.of("bytes", "48MiB", "bufferSize", "1MiB", "mode", "backup-ring",
                "trigger", "swap", "triggerAt", "5ms", "verify", "delivery"));

        assertThat(value(r, "workload.eth.triggerBytes")).isEqualTo(1 << 20);
        assertThat(value(r, "node2.nic0.iommu.invalidatedPages")).isGreaterThanOrEqualTo(256);
        assertThat(value(r, "node2.nic0.rx.faults")).isPositive();
        assertThat(value(r, "workload.integrity.mismatchedPages")).isZero();
    }

    @Test
    void numaMigrationUnderTrafficMovesTheBufferAndTheNicFaultsOnTheNewFrames() {
        RunResult r = EthTestbed.run("", Map.of("bytes", "48MiB", "bufferSize", "1MiB", "mode", "backup-ring",
                "trigger", "numa-migration", "triggerAt", "5ms", "verify", "delivery"));

        assertThat(value(r, "workload.eth.triggerBytes")).isEqualTo(1 << 20);
        assertThat(value(r, "node2.nic0.rx.faults")).isPositive();
        assertThat(value(r, "node2.nic0.rx.faultDrops")).isZero();
        assertThat(value(r, "workload.integrity.mismatchedPages")).isZero();
    }

    @Test
    void aForkUnderTrafficMakesTheBufferCopyOnWriteAndTheBackupRingParksThePermissionFaults() {
        RunResult r = EthTestbed.run("", Map.of("bytes", "48MiB", "bufferSize", "1MiB", "mode", "backup-ring",
                "trigger", "cow", "triggerAt", "5ms", "verify", "delivery"));

        assertThat(value(r, "workload.eth.triggerBytes")).as("every resident page write-protected").isEqualTo(1 << 20);
        assertThat(value(r, "workload.eth.cowFaults")).as("every page copied once").isEqualTo(256);
        assertThat(value(r, "faults.permission")).isPositive();
        // the frames stay: only write permission went; a translation fault can only fall between a
        // break's unmap of the old frame and the map of the copy, while another worker runs
        assertThat(value(r, "faults.translation")).as("the frames stay: only write permission went")
                .isLessThan(value(r, "faults.permission") / 10);
        assertThat(value(r, "node2.faults.writeProtected")).isEqualTo(value(r, "faults.permission"));
        assertThat(value(r, "faults.terminated")).isZero();
        // PROTECTION re-maps the 256 pages read-only; each break then unmaps the old frame's entry
        assertThat(value(r, "node2.nic0.iommu.invalidatedPages")).isEqualTo(256 + 256);
        assertThat(value(r, "node2.nic0.rx.backupRingPackets")).isPositive();
        assertThat(value(r, "node2.nic0.rx.faultDrops")).isZero();
        assertThat(value(r, "workload.eth.childMismatchedPages")).as("the child's snapshot untouched").isZero();
        assertThat(value(r, "workload.integrity.mismatchedPages")).isZero();
    }

    @Test
    void onAColdRingOnlyTheFirstLossWaitsForTheRtoWithRackTlpAndEveryOneWithout() {
        Map<String, String> params = stream("cold-ring", "startup", "4MiB", "1MiB");
        RunResult linux = EthTestbed.run("", params);
        RunResult newReno = EthTestbed.run(", params: {rackTlp: false}", params);

        // 16 cold 64 KiB windows: the first loss comes before any RTT sample (1 s RTO, no probe);
        // each later one is found by a tail-loss probe and recovered through RACK
        assertThat(value(linux, "node1.nic0.tcp.timeouts")).isEqualTo(1);
        assertThat(value(linux, "node1.nic0.tcp.lossProbes")).isEqualTo(value(linux, "node1.nic0.tcp.fastRetransmits"))
                .isBetween(10.0, 15.0);
        assertThat(value(newReno, "node1.nic0.tcp.lossProbes")).isZero();
        assertThat(value(newReno, "node1.nic0.tcp.timeouts")).isGreaterThanOrEqualTo(10);
        // 1 s + ~2.2 ms a window against 1 s + 200 ms a window
        assertThat(value(linux, "workload.eth.recovery")).isBetween(1.0e9, 1.1e9);
        assertThat(value(newReno, "workload.eth.recovery")).isGreaterThan(2.5e9);
        assertThat(value(linux, "workload.integrity.mismatchedPages")).isZero();
        assertThat(value(newReno, "workload.integrity.mismatchedPages")).isZero();
    }

    @Test
    void aForkUnderTrafficOnAColdRingDropsTheFramesThatHitWriteProtectedPages() {
        RunResult r = EthTestbed.run("", Map.of("bytes", "48MiB", "bufferSize", "1MiB", "mode", "cold-ring",
                "trigger", "cow", "triggerAt", "5ms", "verify", "delivery"));

        assertThat(value(r, "workload.eth.cowFaults")).isEqualTo(256);
        assertThat(value(r, "node2.nic0.rx.faultDrops")).isPositive();
        // the frames lost at the fork are found by a tail-loss probe (RACK-TLP on) or by the RTO
        assertThat(value(r, "node1.nic0.tcp.timeouts") + value(r, "node1.nic0.tcp.lossProbes")).isPositive();
        assertThat(value(r, "node1.nic0.tcp.retransmissions")).isGreaterThanOrEqualTo(
                value(r, "node2.nic0.rx.faultDrops"));
        assertThat(value(r, "faults.terminated")).isZero();
        assertThat(value(r, "workload.eth.childMismatchedPages")).isZero();
        assertThat(value(r, "workload.integrity.mismatchedPages")).isZero();
    }

    @Test
    void aColdRingWhoseFaultsAreNeverAnsweredGivesUpAfterTcpRetries2AndTheStreamFails() {
        RunResult r = EthTestbed.run("", "silent-faults", stream("cold-ring", "startup", "2MiB", "1MiB"));

        // no ACK ever: the 1 s initial RTO doubles from the first send at 0 (1, 3, 7, ..., 127 s),
        // then 120 s apart (247, ..., 847, 967 s); the first retransmission is at 1 s and the
        // expiry at 967 s is the first one 924.6 s or more after it: 13 retransmissions, then give-up
        assertThat(value(r, "node1.nic0.tcp.gaveUp")).isEqualTo(1);
        assertThat(value(r, "node1.nic0.tcp.timeouts")).isEqualTo(14);
        assertThat(value(r, "node1.nic0.tcp.retransmissions")).isEqualTo(13);
        assertThat(value(r, "workload.bytes")).isZero();
        WorkloadOutcome outcome = r.outcome().orElseThrow();
        assertThat(outcome.isComplete()).isFalse();
        assertThat(outcome.completed()).isZero();
        assertThat(outcome.problems()).singleElement().asString()
                .contains("gave up at 967.000000 s").contains("tcp_retries2 15").contains("byte 0");
        assertThat(value(r, "sim.time")).as("the run ends at the give-up").isEqualTo(Time.seconds(967));
        assertThat(value(r, "sim.finished")).isEqualTo(1);
    }

    @Test
    void theSameSeedGivesTheSameFigures() {
        Map<String, String> params = stream("cold-ring", "startup", "2MiB", "1MiB");
        List<Figure> first = simulated(EthTestbed.run("", params));
        List<Figure> second = simulated(EthTestbed.run("", params));
        assertThat(second).isEqualTo(first);
    }

    private static List<Figure> simulated(RunResult r) {
        return r.figures().stream().filter(f -> !f.name().startsWith("wall."))
                .toList();
    }

    private static org.assertj.core.data.Percentage withinPercent(double p) {
        return org.assertj.core.data.Percentage.withPercentage(p);
    }
}
