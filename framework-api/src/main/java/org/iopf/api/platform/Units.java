package org.iopf.api.platform;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;
import org.iopf.api.sim.DataRate;

/**
 * Parses values with units as platform files write them. Binary prefixes for sizes in
 * {@code KiB/MiB/GiB/TiB}, decimal ones for {@code KB/MB/GB/TB} and for rates (as the seeds quote
 * them). Errors are {@link IllegalArgumentException}s whose message says what was expected.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public final class Units {
    private static final Pattern QUANTITY = Pattern.compile("\\s*([0-9]+(?:\\.[0-9]+)?)\\s*([A-Za-z/]*)\\s*");
    private static final String[] BINARY_UNITS = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};

    private Units() {
    }

    /** Parses a size: {@code 4096}, {@code 4KiB}, {@code 2MiB}, {@code 1GB}, {@code 16B}. */
    public static long parseBytes(String text) {
        Matcher m = match(text, "a size such as 4096, 4KiB, 2MiB or 1GB");
        double value = Double.parseDouble(m.group(1));
        double factor = switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "", "b" -> 1;
            case "kib", "k" -> 1L << 10;
            case "mib", "m" -> 1L << 20;
            case "gib", "g" -> 1L << 30;
            case "tib", "t" -> 1L << 40;
            case "kb" -> 1e3;
            case "mb" -> 1e6;
            case "gb" -> 1e9;
            case "tb" -> 1e12;
            default -> throw unit(text, m.group(2), "B, KiB, MiB, GiB, TiB, KB, MB, GB or TB");
        };
        return whole(value * factor, text);
    }

    /** Parses a duration into nanoseconds: {@code 50ns}, {@code 200us}, {@code 1ms}, {@code 2s}. */
    public static long parseDuration(String text) {
        Matcher m = match(text, "a duration such as 50ns, 200us, 1ms or 2s");
        double value = Double.parseDouble(m.group(1));
        double factor = switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "ns" -> 1;
            case "us", "µs" -> 1e3;
            case "ms" -> 1e6;
            case "s" -> 1e9;
            case "" -> throw new IllegalArgumentException(
                    "'" + text.strip() + "' has no unit; expected a duration such as 50ns, 200us, 1ms or 2s");
            default -> throw unit(text, m.group(2), "ns, us, ms or s");
        };
        return whole(value * factor, text);
    }

    /** Parses a data rate: {@code 10Gbps}, {@code 100Mbps}, {@code 13284MB/s}, {@code 32GB/s}. */
    public static DataRate parseRate(String text) {
        Matcher m = match(text, "a rate such as 10Gbps, 13284MB/s or 32GB/s");
        double value = Double.parseDouble(m.group(1));
        String unit = m.group(2);
        double bytesPerSecond = switch (unit) {
            case "bps" -> value / 8;
            case "Kbps" -> value * 1e3 / 8;
            case "Mbps" -> value * 1e6 / 8;
            case "Gbps" -> value * 1e9 / 8;
            case "Tbps" -> value * 1e12 / 8;
            case "B/s" -> value;
            case "KB/s" -> value * 1e3;
            case "MB/s" -> value * 1e6;
            case "GB/s" -> value * 1e9;
            case "TB/s" -> value * 1e12;
            default -> throw unit(text, unit, "bps, Kbps, Mbps, Gbps, Tbps, B/s, KB/s, MB/s, GB/s or TB/s");
        };
        if (bytesPerSecond <= 0) {
            throw new IllegalArgumentException("'" + text.strip() + "' is not a positive rate");
        }
        return new DataRate(bytesPerSecond);
    }

    /**
     * A size as messages print it: in the largest binary unit not above it, whole when it is a
     * multiple of that unit ({@code 4 MiB}, {@code 512 B}), else with one decimal
     * ({@code 1.5 KiB}). {@link Long#MAX_VALUE}, the pinnable limit of a memory manager without
     * one, prints as {@code unlimited}, as platform files write it.
     *
     * @param bytes a size in bytes, {@code >= 0}
     * @since 0.1
     */
    public static String formatBytes(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("a size is >= 0: " + bytes);
        }
        if (bytes == Long.MAX_VALUE) {
            return "unlimited";
        }
        int unit = bytes == 0 ? 0 : (63 - Long.numberOfLeadingZeros(bytes)) / 10;
        long scale = 1L << (10 * unit);
        return bytes % scale == 0 ? bytes / scale + " " + BINARY_UNITS[unit]
                : String.format(Locale.ROOT, "%.1f %s", (double) bytes / scale, BINARY_UNITS[unit]);
    }

    private static Matcher match(String text, String expected) {
        if (text == null) {
            throw new IllegalArgumentException("missing value; expected " + expected);
        }
        Matcher m = QUANTITY.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text.strip() + "' is not " + expected);
        }
        return m;
    }

    private static IllegalArgumentException unit(String text, String unit, String expected) {
        return new IllegalArgumentException(
                "unknown unit '" + unit + "' in '" + text.strip() + "'; expected " + expected);
    }

    private static long whole(double value, String text) {
        if (value >= 0x1p63) {
            throw new IllegalArgumentException("'" + text.strip() + "' is too large");
        }
        return Math.round(value);
    }
}
