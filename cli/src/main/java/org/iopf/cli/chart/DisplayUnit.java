package org.iopf.cli.chart;

import static java.util.Objects.requireNonNull;

/**
 * The unit an axis of a chart shows its values in, chosen from the values' base unit and size:
 * bytes as B, KiB, MiB, GiB or TiB; ns as ns, µs, ms or s; bits/s as bps to Tbps; a fraction as %;
 * a count as itself. {@link #of} takes the largest unit in which the reference value is at least 1.
 *
 * @param symbol the unit's symbol ({@code KiB}); empty for a plain number
 * @param divisor what a value in base units is divided by to be shown in this unit
 * @since 0.1
 */
public record DisplayUnit(String symbol, double divisor) {
    private static final String[] SIZES = {"B", "KiB", "MiB", "GiB", "TiB"};
    private static final String[] TIMES = {"ns", "µs", "ms", "s"};
    private static final String[] RATES = {"bps", "Kbps", "Mbps", "Gbps", "Tbps"};

    /** Checks arguments. */
    public DisplayUnit {
        requireNonNull(symbol, "symbol is null");
        if (!(divisor > 0)) {
            throw new IllegalArgumentException("divisor must be > 0: " + divisor);
        }
    }

    /**
     * The unit to show values of {@code baseUnit} in.
     *
     * @param baseUnit the unit of the database's {@code columns} table ({@code bytes}, {@code ns},
     *     {@code bits/s}, {@code fraction}, what a number counts, or empty)
     * @param reference a typical magnitude of the values (the largest, or on a log axis the smallest)
     */
    public static DisplayUnit of(String baseUnit, double reference) {
        requireNonNull(baseUnit, "baseUnit is null");
        double magnitude = Math.abs(reference);
        return switch (baseUnit) {
            case "bytes", "B" -> scaled(SIZES, 1024, magnitude);
            case "ns" -> scaled(TIMES, 1000, magnitude);
            case "bits/s", "bps" -> scaled(RATES, 1000, magnitude);
            case "fraction", "ratio" -> new DisplayUnit("%", 0.01);
            case "text" -> new DisplayUnit("", 1);
            default -> new DisplayUnit(baseUnit, 1);
        };
    }

    private static DisplayUnit scaled(String[] units, double step, double magnitude) {
        int i = 0;
        double divisor = 1;
        while (i < units.length - 1 && Double.isFinite(magnitude) && magnitude >= divisor * step) {
            divisor *= step;
            i++;
        }
        return new DisplayUnit(units[i], divisor);
    }

    /** {@code value} (in base units) in this unit. */
    public double convert(double value) {
        return value / divisor;
    }

    /** An axis label: {@code name (KiB)}, or {@code name} for a plain number. */
    public String label(String name) {
        return symbol.isEmpty() ? name : name + " (" + symbol + ")";
    }
}
