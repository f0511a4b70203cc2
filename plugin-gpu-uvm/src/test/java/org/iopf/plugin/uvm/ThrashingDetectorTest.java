package org.iopf.plugin.uvm;

import static org.assertj.core.api.Assertions.assertThat;

import org.iopf.plugin.uvm.ThrashingDetector.Hint;
import org.junit.jupiter.api.Test;

/** Thrashing as uvm_perf_thrashing.c counts it: consecutive migrations within the lapse, throttle, then pin. */
final class ThrashingDetectorTest {
    private static final long US = 1_000;
    private static final long PAGE = 0x1000;

    private final ThrashingDetector detector = new ThrashingDetector(3, 500 * US, 2, 500 * US, 150_000 * US);

    @Test
    void threeMigrationsEachWithinTheLapseOfTheLastMarkAPageThrashing() {
        detector.migrated(PAGE, 0);
        detector.migrated(PAGE, 400 * US);
        detector.migrated(PAGE, 800 * US);
        assertThat(detector.thrashing(PAGE)).isFalse();
        assertThat(detector.hint(PAGE, 900 * US)).isEqualTo(Hint.NONE);
        detector.migrated(PAGE, 1_200 * US);
        assertThat(detector.thrashing(PAGE)).isTrue();
        assertThat(detector.detected()).isEqualTo(1);
    }

    @Test
    void aGapLongerThanTheLapseStartsTheCountAgain() {
        detector.migrated(PAGE, 0);
        detector.migrated(PAGE, 400 * US);
        detector.migrated(PAGE, 2_000 * US);
        detector.migrated(PAGE, 2_400 * US);
        assertThat(detector.thrashing(PAGE)).isFalse();
    }

    @Test
    void aThrashingPageIsThrottledForANapThenPinnedAfterPinThresholdThrottles() {
        for (long t = 0; t <= 1_200; t += 400) {
            detector.migrated(PAGE, t * US);
        }
        long now = 1_300 * US;
        assertThat(detector.hint(PAGE, now)).isEqualTo(Hint.THROTTLE);
        assertThat(detector.hint(PAGE, now + 499 * US)).as("still napping").isEqualTo(Hint.THROTTLE);
        assertThat(detector.hint(PAGE, now + 500 * US)).as("second throttle").isEqualTo(Hint.THROTTLE);
        assertThat(detector.hint(PAGE, now + 1_000 * US)).as("after two throttles: pin").isEqualTo(Hint.PIN);
        assertThat(detector.pinnedUntil(PAGE)).isEqualTo(now + 1_000 * US + 150_000 * US);
        assertThat(detector.hint(PAGE, now + 100_000 * US)).isEqualTo(Hint.PIN);
        assertThat(detector.hint(0x2000, now)).as("another page").isEqualTo(Hint.NONE);
    }
}
