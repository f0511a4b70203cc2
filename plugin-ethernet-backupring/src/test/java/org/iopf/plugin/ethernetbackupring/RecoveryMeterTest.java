package org.iopf.plugin.ethernetbackupring;

import static org.assertj.core.api.Assertions.assertThat;

import org.iopf.api.sim.Time;
import org.junit.jupiter.api.Test;

final class RecoveryMeterTest {
    private static final long MS = Time.millis(1);

    @Test
    void aColdStartRecoversWhenTenSamplesInARowReachNinetyPercentOfTheSteadyRate() {
        RecoveryMeter meter = new RecoveryMeter(MS);
        long busy = 0;
        for (int ms = 0; ms < 300; ms++) {
            long bytes = ms < 100 ? 100_000 : 1_000_000; // 0.8 Gbps cold, 8 Gbps steady
            busy += ms < 100 ? 0 : 120_000;
            meter.record(ms * MS + 10, bytes, busy);
        }
        RecoveryMeter.Recovery r = meter.recovery(0, 300 * MS);

        assertThat(r.nanos()).isEqualTo(100 * MS);
        assertThat(r.steadyBitsPerSecond()).isEqualTo(8_000_000_000L);
        assertThat(r.coldBitsPerSecond()).isEqualTo(800_000_000L);
        assertThat(r.dropPercent()).isEqualTo(90);
        assertThat(meter.steadyCorePermille(0, 300 * MS)).isEqualTo(120);
    }

    @Test
    void aGapWithoutDeliveriesCountsAsCold() {
        RecoveryMeter meter = new RecoveryMeter(MS);
        for (int ms = 0; ms < 400; ms++) {
            if (ms < 50 || ms >= 250) {
                meter.record(ms * MS, 1_000_000, 0);
            }
        }
        RecoveryMeter.Recovery r = meter.recovery(0, 400 * MS);

        assertThat(r.nanos()).isEqualTo(250 * MS);
        assertThat(r.coldBitsPerSecond()).isEqualTo(50 * 1_000_000L * 8 * 1000 / 250);
    }

    @Test
    void aRunThatNeverLeavesItsSteadyRateHasNoRecovery() {
        RecoveryMeter meter = new RecoveryMeter(MS);
        for (int ms = 0; ms < 100; ms++) {
            meter.record(ms * MS, 1_000_000, 0);
        }
        assertThat(meter.recovery(0, 100 * MS).nanos()).isZero();
        assertThat(meter.recovery(0, 100 * MS).dropPercent()).isZero();
    }

    @Test
    void aTimeoutAtTheEndDoesNotHideTheSteadyRate() {
        RecoveryMeter meter = new RecoveryMeter(MS);
        for (int ms = 0; ms < 400; ms++) {
            meter.record(ms * MS + 5, ms < 100 ? 200_000 : 1_000_000, 0);
        }
        meter.record(620 * MS, 5_000, 0); // the last segment, after a 200 ms timeout
        RecoveryMeter.Recovery r = meter.recovery(0, 621 * MS);

        assertThat(r.steadyBitsPerSecond()).isEqualTo(8_000_000_000L);
        assertThat(r.nanos()).isEqualTo(100 * MS);
    }
}
