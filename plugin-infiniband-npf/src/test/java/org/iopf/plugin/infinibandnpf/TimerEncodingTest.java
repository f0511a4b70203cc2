package org.iopf.plugin.infinibandnpf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.iopf.api.sim.Time;
import org.junit.jupiter.api.Test;

final class TimerEncodingTest {
    @Test
    void ackTimeoutIsTheSpecValueButNeverBelowTheFloor() {
        assertThat(AckTimeout.nanos(14, 0)).hasValue(4_096L << 14);
        assertThat(AckTimeout.nanos(14, Time.millis(200))).hasValue(Time.millis(200));
        assertThat(AckTimeout.nanos(8, Time.millis(1))).hasValue(4_096L << 8);
        assertThat(AckTimeout.nanos(7, Time.millis(1))).hasValue(Time.millis(1));
        assertThatThrownBy(() -> AckTimeout.nanos(32, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aTimeoutOfZeroIsNoTimerWhateverTheFloor() {
        assertThat(AckTimeout.nanos(0, Time.millis(200))).isEmpty();
    }
}
