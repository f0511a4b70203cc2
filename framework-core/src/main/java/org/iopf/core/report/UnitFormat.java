package org.iopf.core.report;

import static java.util.Objects.requireNonNull;

import java.util.Locale;
import org.iopf.core.platform.Expectation.Quantity;

/**
 * Prints figures with a well-chosen unit and one decimal: {@code 96.4 Gbps}, {@code 10.2 µs},
 * {@code 16.0 GiB}, {@code 12.5 %}. Rates scale by 1000, sizes by 1024; durations below 1 µs and
 * sizes below 1 KiB are printed whole ({@code 850 ns}, {@code 512 B}).
 *
 * @since 0.1
 */
public final class UnitFormat {
    private static final String[] RATES = {"bps", "Kbps", "Mbps", "Gbps", "Tbps", "Pbps"};
    private static final String[] SIZES = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};

    private UnitFormat() {
    }

    /**
     * The base unit of a quantity: {@code bits/s}, {@code ns}, {@code bytes}, {@code fraction}, or
     * the empty string for a plain number.
     */
    public static String baseUnit(Quantity quantity) {
        return switch (requireNonNull(quantity, "quantity is null")) {
            case RATE -> "bits/s";
            case DURATION -> "ns";
            case BYTES -> "bytes";
            case RATIO -> "fraction";
            case NUMBER -> "";
        };
    }

    /**
     * The quantity that a metric's unit denotes: {@code ns} is a duration, {@code bytes} (or
     * {@code B}) a size, {@code bits/s} (or {@code bps}) a rate, {@code fraction} (or {@code ratio})
     * a ratio; any other unit counts things.
     *
     * @param unit a metric's unit, not null
     */
    public static Quantity quantityOf(String unit) {
        return switch (requireNonNull(unit, "unit is null")) {
            case "ns" -> Quantity.DURATION;
            case "bytes", "B" -> Quantity.BYTES;
            case "bits/s", "bps" -> Quantity.RATE;
            case "fraction", "ratio" -> Quantity.RATIO;
            default -> Quantity.NUMBER;
        };
    }

    /**
     * Formats {@code value}, in the base unit of {@code quantity}.
     *
     * @param value the value in base units
     * @param quantity its quantity, not null
     * @param unit for {@link Quantity#NUMBER}, what is counted ({@code faults}), appended after a
     *     space if not empty; ignored otherwise; not null
     * @return the text, never null
     */
    public static String format(double value, Quantity quantity, String unit) {
        requireNonNull(unit, "unit is null");
        return switch (requireNonNull(quantity, "quantity is null")) {
            case RATE -> scaled(value, 1000, RATES);
            case BYTES -> scaled(value, 1024, SIZES);
            case DURATION -> duration(value);
            case RATIO -> String.format(Locale.ROOT, "%.1f %%", value * 100);
            case NUMBER -> number(value) + (unit.isEmpty() ? "" : " " + unit);
        };
    }

    /** Formats {@code value} in the base unit of {@code quantity}, a plain number without a unit. */
    public static String format(double value, Quantity quantity) {
        return format(value, quantity, "");
    }

    private static String scaled(double value, double step, String[] units) {
        int i = 0;
        double v = value;
        while (Math.abs(v) >= step && i < units.length - 1) {
            v /= step;
            i++;
        }
        return i == 0 ? String.format(Locale.ROOT, "%.0f %s", v, units[0]) : fourDigits(v) + " " + units[i];
    }

    /** Four significant digits for values in [1, 1000): 2.639, 98.65, 342.9. */
    private static String fourDigits(double v) {
        double abs = Math.abs(v);
        String pattern = abs >= 100 ? "%.1f" : abs >= 10 ? "%.2f" : "%.3f";
        return String.format(Locale.ROOT, pattern, v);
    }

    private static String duration(double nanos) {
        double abs = Math.abs(nanos);
        if (abs < 1e3) {
            return number(nanos) + " ns";
        }
        if (abs < 1e6) {
            return fourDigits(nanos / 1e3) + " µs";
        }
        if (abs < 1e9) {
            return fourDigits(nanos / 1e6) + " ms";
        }
        return fourDigits(nanos / 1e9) + " s";
    }

    private static String number(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        if (Math.abs(value) >= 1000) {
            return String.format(Locale.ROOT, "%.0f", value);
        }
        if (Math.abs(value) < 0.1) {
            return String.format(Locale.ROOT, "%.3g", value);
        }
        return String.format(Locale.ROOT, "%.3f", value);
    }
}
