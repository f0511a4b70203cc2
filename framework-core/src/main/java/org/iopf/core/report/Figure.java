package org.iopf.core.report;

import static java.util.Objects.requireNonNull;

import org.iopf.core.platform.Expectation.Quantity;

/**
 * One measured figure of a run.
 *
 * @param name its hierarchical name ({@code throughput}, {@code latency.p99},
 *     {@code node1.nic0.tx.bytes}), not empty
 * @param value its value in the base unit of {@code quantity}, finite
 * @param quantity what kind of figure it is, which fixes how it is printed; not null
 * @param unit the unit of {@code value}: {@code bits/s}, {@code ns}, {@code bytes} or
 *     {@code fraction} for those quantities, what is counted ({@code faults}) for a number; not null,
 *     may be empty
 * @since 0.1
 */
public record Figure(String name, double value, Quantity quantity, String unit) {
    /** Checks the arguments. */
    public Figure {
        requireNonNull(name, "name is null");
        requireNonNull(quantity, "quantity is null");
        requireNonNull(unit, "unit is null");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("a figure's name must not be empty");
        }
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("figure " + name + " must be finite: " + value);
        }
    }

    /**
     * A figure whose unit is the base unit of its quantity ({@link UnitFormat#baseUnit}).
     *
     * @param name its name, not empty
     * @param value its value, finite
     * @param quantity its quantity, not null; for {@link Quantity#NUMBER} the unit is empty
     * @return the figure
     */
    public static Figure of(String name, double value, Quantity quantity) {
        return new Figure(name, value, quantity, UnitFormat.baseUnit(quantity));
    }

    /** The value printed with a well-chosen unit ({@code 96.4 Gbps}, {@code 10.2 µs}). */
    public String formatted() {
        return UnitFormat.format(value, quantity, unit);
    }
}
