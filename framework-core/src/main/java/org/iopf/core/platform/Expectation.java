package org.iopf.core.platform;

import java.util.Objects;

/**
 * One {@code expect:} entry of a platform file: a measured figure and the value it should have, so
 * that a bundled scenario checks itself.
 *
 * <p>Values are in base units by {@link Quantity}: bits per second for rates, nanoseconds for
 * durations, bytes for sizes, a fraction (0.12 for 12%) for ratios, a plain number otherwise.
 *
 * @param metric the figure's name in the run's results ({@code throughput}, {@code latency.p99},
 *     {@code faults.translation}, or any metric name such as {@code node1.nic0.rnr.naks})
 * @param comparison how the measured value is compared
 * @param value the expected value (for {@link Comparison#WITHIN}) or the bound, in base units
 * @param tolerance for {@link Comparison#WITHIN}: the allowed difference, a fraction of
 *     {@code value} when {@code relative}, else in base units; 0 for the other comparisons
 * @param relative whether {@code tolerance} is a fraction of {@code value}
 * @param quantity what kind of figure it is, for printing
 * @param written the entry as written in the file ({@code 96Gbps ± 2%}), for reports
 * @param where where it was written ({@code scenarios/a8.yaml:31:5}), for reports
 */
public record Expectation(String metric, Comparison comparison, double value, double tolerance, boolean relative,
        Quantity quantity, String written, String where) {

    /** The {@link #where()} of an expectation that the run adds itself rather than a file. */
    public static final String IMPLICIT = "implicit";

    /** How a measured value is compared with the expectation. */
    public enum Comparison {
        /** {@code |measured - value| <= tolerance}. */
        WITHIN,
        /** {@code measured >= value}. */
        AT_LEAST,
        /** {@code measured <= value}. */
        AT_MOST
    }

    /** The kind of figure, which fixes its base unit. */
    public enum Quantity {
        /** Bits per second. */
        RATE,
        /** Nanoseconds. */
        DURATION,
        /** Bytes. */
        BYTES,
        /** A fraction, printed as a percentage. */
        RATIO,
        /** A plain number (a count). */
        NUMBER
    }

    /** Checks arguments. */
    public Expectation {
        Objects.requireNonNull(metric, "metric is null");
        Objects.requireNonNull(comparison, "comparison is null");
        Objects.requireNonNull(quantity, "quantity is null");
        Objects.requireNonNull(written, "written is null");
        Objects.requireNonNull(where, "where is null");
        if (tolerance < 0 || Double.isNaN(tolerance)) {
            throw new IllegalArgumentException("tolerance must be >= 0: " + tolerance);
        }
    }

    /**
     * An expectation no file wrote, that every run checks by itself (that the workload completed
     * what it was asked); its {@link #where()} is {@link #IMPLICIT}.
     *
     * @param metric the figure it checks, not null
     * @param minimum the least value that meets it, in base units
     * @param quantity what kind of figure it is, not null
     * @param written what is expected, for reports ({@code all 64 messages}), not null
     * @return the expectation
     */
    public static Expectation implicit(String metric, double minimum, Quantity quantity, String written) {
        return new Expectation(metric, Comparison.AT_LEAST, minimum, 0, false, quantity, written, IMPLICIT);
    }

    /** Whether the run added this expectation itself ({@link #implicit}) rather than a file. */
    public boolean isImplicit() {
        return IMPLICIT.equals(where);
    }

    /** Whether {@code measured} meets this expectation. */
    public boolean isMetBy(double measured) {
        return switch (comparison) {
            case WITHIN -> Math.abs(measured - value) <= (relative ? tolerance * Math.abs(value) : tolerance);
            case AT_LEAST -> measured >= value;
            case AT_MOST -> measured <= value;
        };
    }
}
