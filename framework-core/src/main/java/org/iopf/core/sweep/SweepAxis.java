package org.iopf.core.sweep;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;
import org.iopf.core.platform.Expectation.Quantity;

/**
 * One axis of a sweep: a path of the base platform file and the values it takes.
 *
 * @param path the path in canonical form ({@code nodes[1].nic0.params.mtu}); the name of its
 *     column in the results
 * @param written the path as the sweep file wrote it ({@code node2.nic0.mtu})
 * @param quantity the quantity of every value, when each is a number with or without a unit of one
 *     kind; empty when a value is text, a list or a mapping
 * @param values the values in order, at least one
 * @param logScale whether the values are evenly spaced in their logarithm (a range with
 *     {@code scale: log}): charts draw the axis on a log scale
 * @since 0.1
 */
public record SweepAxis(String path, String written, Optional<Quantity> quantity, List<AxisValue> values,
        boolean logScale) {
    /** Checks arguments. */
    public SweepAxis {
        requireNonNull(path, "path is null");
        requireNonNull(written, "written is null");
        requireNonNull(quantity, "quantity is null");
        values = List.copyOf(values);
        if (values.isEmpty()) {
            throw new IllegalArgumentException("axis " + path + " has no values");
        }
    }

    /** An axis on a linear scale. */
    public SweepAxis(String path, String written, Optional<Quantity> quantity, List<AxisValue> values) {
        this(path, written, quantity, values, false);
    }
}
