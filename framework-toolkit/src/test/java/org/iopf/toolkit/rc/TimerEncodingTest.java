package org.iopf.toolkit.rc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.iopf.api.sim.Time;
import org.junit.jupiter.api.Test;

/** The RNR NAK timer table and the local ACK timeout formula, with their 5-bit ranges. */
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
    void rnrTimerGrowsWithTheCodeAndEachStepIsAtMostTwice() {
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
    void localAckTimeoutIsFourMicrosecondsTimesAPowerOfTwoAndZeroMeansNoTimer() {
        assertThat(LocalAckTimeout.nanos(0)).isEmpty();
        assertThat(LocalAckTimeout.nanos(1)).hasValue(8_192);
        assertThat(LocalAckTimeout.nanos(14)).hasValue(67_108_864);
        assertThat(LocalAckTimeout.nanos(31)).hasValue(4_096L << 31);
        assertThatThrownBy(() -> LocalAckTimeout.nanos(32)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("0..31");
        assertThatThrownBy(() -> LocalAckTimeout.nanos(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void settingsRefuseAnRnrCodeBeyondFiveBitsAndANonPositiveTimeout() {
        assertThatThrownBy(() -> new RcSettings(4096, LocalAckTimeout.nanos(14), 32))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RcSettings(4096, java.util.OptionalLong.of(0), 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RcSettings(3000, LocalAckTimeout.nanos(14), 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void psnsWrapAtTwentyFourBitsAndUnwrapNearTheExpectedCount() {
        long beyond = (1L << 24) + 5;
        assertThat(Psn.wire(beyond)).isEqualTo(5);
        assertThat(Psn.wire((1L << 24) - 1)).isEqualTo(Psn.MASK);
        assertThat(Psn.unwrap(5, (1L << 24) - 2)).isEqualTo(beyond);
        assertThat(Psn.unwrap(Psn.MASK, 1L << 24)).isEqualTo((1L << 24) - 1);
        assertThat(Psn.unwrap(Psn.MASK, 0)).isEqualTo(-1);
        assertThat(Psn.unwrap(7, 7)).isEqualTo(7);
        assertThatThrownBy(() -> Psn.unwrap(1 << 24, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
