package org.iopf.cli.chart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The mean and its 95% confidence interval, with Student's t quantiles checked against published values. */
final class MeanIntervalTest {
    @Test
    void studentQuantilesAreThePublishedOnes() {
        // 97.5% quantiles: 1, 2, 9, 30 degrees of freedom from the table; 31 to 120 from the expansion
        assertThat(StudentT.quantile975(1)).isCloseTo(12.7062, within(1e-4));
        assertThat(StudentT.quantile975(2)).isCloseTo(4.3027, within(1e-4));
        assertThat(StudentT.quantile975(9)).isCloseTo(2.2622, within(1e-4));
        assertThat(StudentT.quantile975(30)).isCloseTo(2.0423, within(1e-4));
        assertThat(StudentT.quantile975(31)).isCloseTo(2.039513, within(1e-6));
        assertThat(StudentT.quantile975(60)).isCloseTo(2.000298, within(1e-6));
        assertThat(StudentT.quantile975(120)).isCloseTo(1.979930, within(1e-6));
        assertThat(StudentT.quantile975(1_000_000)).isCloseTo(1.959964, within(1e-5));
        assertThatThrownBy(() -> StudentT.quantile975(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theIntervalIsTheMeanPlusMinusTTimesTheStandardError() {
        MeanInterval m = MeanInterval.of(List.of(1.0, 2.0, 3.0, 4.0, 5.0));
        // s = sqrt(2.5), half width = t(0.975, 4) * s / sqrt(5) = 2.7764 * 0.70711
        assertThat(m.mean()).isEqualTo(3.0);
        assertThat(m.high() - m.mean()).isCloseTo(1.96324, within(1e-4));
        assertThat(m.mean() - m.low()).isCloseTo(1.96324, within(1e-4));
        assertThat(m.n()).isEqualTo(5);

        MeanInterval two = MeanInterval.of(List.of(10.0, 12.0));
        // s = sqrt(2), half width = 12.7062 * sqrt(2) / sqrt(2)
        assertThat(two.mean()).isEqualTo(11.0);
        assertThat(two.high()).isCloseTo(23.7062, within(1e-4));
    }

    @Test
    void oneValueHasNoInterval() {
        MeanInterval one = MeanInterval.of(List.of(7.5));
        assertThat(one.low()).isEqualTo(7.5);
        assertThat(one.high()).isEqualTo(7.5);
        assertThat(one.n()).isEqualTo(1);
        assertThatThrownBy(() -> MeanInterval.of(List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void equalValuesHaveAnIntervalOfNoWidth() {
        MeanInterval same = MeanInterval.of(List.of(4.0, 4.0, 4.0));
        assertThat(same.low()).isEqualTo(4.0);
        assertThat(same.high()).isEqualTo(4.0);
    }
}
