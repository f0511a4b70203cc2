package org.iopf.cli.chart;

import java.util.List;

/**
 * The mean of some measurements and its 95% confidence interval (Student t with {@code n - 1}
 * degrees of freedom, {@link StudentT}); with one measurement the interval is the mean itself.
 *
 * @param mean the mean
 * @param low the interval's lower end
 * @param high the interval's upper end
 * @param n the number of measurements, {@code >= 1}
 * @since 0.1
 */
public record MeanInterval(double mean, double low, double high, int n) {
    /** Checks arguments. */
    public MeanInterval {
        if (n < 1) {
            throw new IllegalArgumentException("n must be >= 1: " + n);
        }
    }

    /**
     * The mean of {@code values} and its interval.
     *
     * @param values at least one finite value
     */
    public static MeanInterval of(List<Double> values) {
        int n = values.size();
        if (n == 0) {
            throw new IllegalArgumentException("no values");
        }
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        double mean = sum / n;
        if (n == 1) {
            return new MeanInterval(mean, mean, mean, 1);
        }
        double squares = 0;
        for (double v : values) {
            squares += (v - mean) * (v - mean);
        }
        double half = StudentT.quantile975(n - 1) * Math.sqrt(squares / (n - 1) / n);
        return new MeanInterval(mean, mean - half, mean + half, n);
    }
}
