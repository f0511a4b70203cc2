package org.iopf.core.sweep;

import static java.util.Objects.requireNonNull;

import java.util.OptionalDouble;

/**
 * One value an axis takes.
 *
 * @param text the value as written in the sweep file, or as a range generated it ({@code 64KiB});
 *     a list or mapping in flow style ({@code [8GiB, 8GiB]})
 * @param number the value in the base unit of its axis's quantity (bytes, ns, bits/s, a fraction
 *     or a plain number), when the axis is numeric; empty otherwise
 * @since 0.1
 */
public record AxisValue(String text, OptionalDouble number) {
    /** Checks arguments. */
    public AxisValue {
        requireNonNull(text, "text is null");
        requireNonNull(number, "number is null");
    }
}
