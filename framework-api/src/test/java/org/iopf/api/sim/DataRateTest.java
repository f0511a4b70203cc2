package org.iopf.api.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

final class DataRateTest {
    @Test
    void convertsBetweenBitsAndBytes() {
        DataRate tenGig = DataRate.gbps(10);
        assertThat(tenGig.bytesPerSecond()).isEqualTo(1.25e9);
        assertThat(tenGig.gbps()).isEqualTo(10.0);
        assertThat(DataRate.megabytesPerSecond(842).megabytesPerSecond()).isEqualTo(842.0);
    }

    @Test
    void timeForBytesRoundsUp() {
        assertThat(DataRate.gbps(10).nanosFor(1 << 20)).isEqualTo(838_861);
        assertThat(DataRate.gbps(100).nanosFor(1)).isEqualTo(1);
        assertThat(DataRate.gbps(100).nanosFor(0)).isZero();
    }

    @Test
    void measuredRateInvertsNanosFor() {
        assertThat(DataRate.measured(1_250_000_000L, 1_000_000_000L)).isEqualTo(DataRate.gbps(10));
    }

    @Test
    void refusesNonPositiveRates() {
        assertThatThrownBy(() -> new DataRate(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new DataRate(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    }
}
