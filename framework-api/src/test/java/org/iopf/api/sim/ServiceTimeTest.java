package org.iopf.api.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

final class ServiceTimeTest {
    private static final int DRAWS = 200_000;

    private static long[] draws(ServiceTime time, long seed) {
        RandomGenerator random = new SplittableRandom(seed);
        return LongStream.range(0, DRAWS).map(i -> time.draw(random)).toArray();
    }

    private static double mean(long[] values) {
        return Arrays.stream(values).average().orElseThrow();
    }

    private static double cv(long[] values) {
        double m = mean(values);
        double var = Arrays.stream(values).mapToDouble(v -> (v - m) * (v - m)).sum() / (values.length - 1);
        return Math.sqrt(var) / m;
    }

    @Test
    void aConstantIsItsValueAndDrawsNoRandomNumber() {
        RandomGenerator random = new SplittableRandom(7);
        RandomGenerator twin = new SplittableRandom(7);
        ServiceTime time = ServiceTime.parse("199us");

        assertThat(time.draw(random)).isEqualTo(199_000);
        assertThat(time.isConstant()).isTrue();
        assertThat(random.nextLong()).isEqualTo(twin.nextLong());
    }

    @Test
    void aTotalOfAConstantIsCountTimesItsValueAndDrawsNothing() {
        RandomGenerator random = new SplittableRandom(7);
        RandomGenerator twin = new SplittableRandom(7);

        assertThat(ServiceTime.parse("120ns").drawTotal(random, 4)).isEqualTo(480);
        assertThat(ServiceTime.parse("120ns").drawTotal(random, 0)).isZero();
        assertThat(random.nextLong()).isEqualTo(twin.nextLong());
    }

    @Test
    void aTotalOfADistributionIsTheSumOfThatManyDraws() {
        ServiceTime time = ServiceTime.parse("uniform(100ns, 300ns)");
        RandomGenerator random = new SplittableRandom(3);
        RandomGenerator twin = new SplittableRandom(3);
        long total = time.drawTotal(random, 4);

        assertThat(total).isEqualTo(LongStream.range(0, 4).map(i -> time.draw(twin)).sum());
        assertThat(total).isBetween(400L, 1200L);
        assertThatThrownBy(() -> time.drawTotal(random, -1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aLognormalHasTheMeanAndCoefficientOfVariationWritten() {
        long[] values = draws(ServiceTime.parse("lognormal(200us, 0.3)"), 1);

        assertThat(mean(values)).isCloseTo(200_000, within(200_000 * 0.005));
        assertThat(cv(values)).isCloseTo(0.3, within(0.005));
        // right-skewed: the median sits below the mean
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        assertThat(sorted[DRAWS / 2]).isLessThan(200_000);
    }

    @Test
    void anExponentialHasItsMeanAndACoefficientOfVariationOfOne() {
        long[] values = draws(ServiceTime.exponential(50_000), 2);

        assertThat(mean(values)).isCloseTo(50_000, within(50_000 * 0.01));
        assertThat(cv(values)).isCloseTo(1.0, within(0.02));
        assertThat(Arrays.stream(values).min().orElseThrow()).isNotNegative();
    }

    @Test
    void aUniformStaysWithinItsBoundsAndReachesBoth() {
        long[] values = draws(ServiceTime.parse("uniform(10ns, 12ns)"), 3);

        assertThat(values).containsOnly(10L, 11L, 12L).contains(10L, 12L);
        assertThat(ServiceTime.uniform(150_000, 250_000).meanNanos()).isEqualTo(200_000.0);
    }

    @Test
    void anEmpiricalDrawsOnlyItsValues() {
        ServiceTime time = ServiceTime.parse("empirical(180us, 200us, 260us)");

        assertThat(draws(time, 4)).containsOnly(180_000L, 200_000L, 260_000L);
        assertThat(time.meanNanos()).isCloseTo(213_333.33, within(0.01));
    }

    @Test
    void theSameSeedDrawsTheSameTimes() {
        ServiceTime time = ServiceTime.lognormal(2_000, 0.5);

        assertThat(draws(time, 42)).isEqualTo(draws(time, 42)).isNotEqualTo(draws(time, 43));
    }

    @Test
    void writtenFormsReadBackAsTheSameServiceTime() {
        for (String text : new String[] {"200us", "exponential(2ms)", "lognormal(200us, 0.3)", "uniform(1us, 3us)",
                "empirical(1us, 5us)"}) {
            ServiceTime time = ServiceTime.parse(text);
            assertThat(ServiceTime.parse(time.toString())).as(text).isEqualTo(time);
        }
    }

    @Test
    void malformedTextSaysWhatWasExpected() {
        assertThatThrownBy(() -> ServiceTime.parse("gamma(2us)"))
                .hasMessage("'gamma' is not a distribution; expected a duration (200us) or a distribution: "
                        + "exponential(MEAN), lognormal(MEAN, CV), uniform(MIN, MAX) or empirical(V1, V2, ...)");
        assertThatThrownBy(() -> ServiceTime.parse("lognormal(200us)")).hasMessageStartingWith(
                "'lognormal(200us)' takes 2 arguments; expected");
        assertThatThrownBy(() -> ServiceTime.parse("lognormal(200us, wide)"))
                .hasMessage("'wide' in 'lognormal(200us, wide)' is not a coefficient of variation such as 0.3");
        assertThatThrownBy(() -> ServiceTime.parse("uniform(3us, 1us)"))
                .hasMessage("uniform's maximum 1000 ns is below its minimum 3000 ns");
        assertThatThrownBy(() -> ServiceTime.parse("lognormal(200us, 0)"))
                .hasMessage("the coefficient of variation of a lognormal must be positive: 0.0");
        assertThatThrownBy(() -> ServiceTime.parse("exponential(2us")).hasMessageContaining("no closing parenthesis");
    }
}
