package org.iopf.plugin.infinibandnpf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.iopf.api.sim.Time;
import org.junit.jupiter.api.Test;

final class TimerEncodingTest {
    @Test
    void rnrTimerCodesFollowTheInfinibandTable() {
        assertThat(RnrTimer.nanos(1)).isEqualTo(Time.micros(10));
        assertThat(RnrTimer.nanos(5)).isEqualTo(Time.micros(60));
        assertThat(RnrTimer.nanos(9)).isEqualTo(Time.micros(240));
        assertThat(RnrTimer.nanos(14)).isEqualTo(Time.micros(1_280));
        assertThat(RnrTimer.nanos(31)).isEqualTo(Time.micros(491_520));
        assertThat(RnrTimer.nanos(0)).isEqualTo(Time.micros(655_360));
    }

    @Test
    void rnrTimerGrowsWithTheCodeAndEachStepIsAtMostOneAndAHalfTimes() {
        for (int code = 2; code < RnrTimer.CODES; code++) {
            long previous = RnrTimer.nanos(code - 1);
            assertThat(RnrTimer.nanos(code)).isGreaterThan(previous).isLessThanOrEqualTo(previous * 2);
        }
    }

    @Test
    void rnrTimerRefusesCodesBeyondFiveBits() {
        assertThatThrownBy(() -> RnrTimer.nanos(32)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RnrTimer.nanos(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void ackTimeoutIsTheSpecValueButNeverBelowTheFloor() {
        assertThat(AckTimeout.nanos(14, 0)).isEqualTo(4_096L << 14);
        assertThat(AckTimeout.nanos(14, Time.millis(200))).isEqualTo(Time.millis(200));
        assertThat(AckTimeout.nanos(8, Time.millis(1))).isEqualTo(4_096L << 8);
        assertThat(AckTimeout.nanos(7, Time.millis(1))).isEqualTo(Time.millis(1));
        assertThatThrownBy(() -> AckTimeout.nanos(0, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
