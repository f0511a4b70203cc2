package org.iopf.plugin.ethernetbackupring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iopf.core.report.RunResult;
import org.junit.jupiter.api.Test;

/**
 * The backup ring holds {@code backupRingCover} of line-rate traffic: its slots follow the port rate
 * and the frame size (a slot is a frame rounded up to 4 KiB), so its memory is not a fixed count.
 */
final class BackupRingSizeTest {
    private static final long KIB = 1024;

    /** The ring's pinned bytes on the receiving NIC after a short backup-ring stream. */
    private static double ringBytes(String nicParams) {
        RunResult result = EthTestbed.run(nicParams, Map.of("bytes", "1MiB", "bufferSize", "1MiB",
                "mode", "backup-ring", "trigger", "startup"));
        return EthTestbed.value(result, "node2.nic0.backupRing.bytes");
    }

    @Test
    void atTenGigabitsAndMtu9000TheDefaultCoverHolds320FramesOf12KiB() {
        // 1.25 GB/s x 2.31 ms = 2 887 500 B over 9038 B on the wire a frame: 319.5, so 320
        assertThat(ringBytes("")).isEqualTo(320 * 12 * KIB);
    }

    @Test
    void atMtu1500TheSameCoverTakesSixTimesTheSlotsAtAThirdOfTheSize() {
        // 2 887 500 B over 1538 B: 1877.4, so 1878 slots of 4 KiB (11.5% of a 64 MiB buffer, not 2%)
        assertThat(ringBytes(", params: {mtu: 1500}")).isEqualTo(1878 * 4 * KIB);
    }

    @Test
    void aFasterPortNeedsALargerRing() {
        // 25 Gbps: 7 218 750 B over 9038 B: 798.7, so 799 slots
        assertThat(ringBytes(", params: {rate: 25Gbps}")).isEqualTo(799 * 12 * KIB);
        assertThat(ringBytes(", params: {backupRingCover: 1ms}")).isEqualTo(139 * 12 * KIB);
    }

    @Test
    void aSetSlotCountWinsOverTheCover() {
        assertThat(ringBytes(", params: {backupRingSlots: 64, backupRingCover: 1ms}")).isEqualTo(64 * 12 * KIB);
    }
}
