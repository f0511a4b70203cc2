package org.iopf.cli.fuzz;

import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The bad, odd and absurd scalar values the fuzz test puts where a platform file had a value:
 * negative, zero and huge numbers, unit typos, NaN and infinities, empty and blank text, and a value
 * derived from the one written (its number scaled by up to 10<sup>18</sup>, its unit kept).
 */
final class ValueCatalogue {
    /** Values tried anywhere. */
    static final List<String> VALUES = List.of(
            "0", "-1", "-0", "1", "2", "0.5", "-0.5", "1.0", "1e15", "1e400", "-1e400", "1e-400",
            "1000000000000000", "1000000000", "1000000", "4294967296", "4294967295", "2147483648", "2147483647",
            "9223372036854775807", "9223372036854775808", "-9223372036854775808", "18446744073709551616",
            "99999999999999999999999999999999999999",
            "NaN", "nan", ".nan", "Infinity", "-Infinity", ".inf", "-.inf", "+Inf",
            "4KB", "4kb", "4 KiB", "4KiB ", "4Kib", "4KIB", "10Gbs", "10gbps", "10 Gbps", "10Gb/s", "-1us", "1.5.2MiB",
            "1e3ns", "0x10", "0b101", "010", "1_0", "_", "1__0", "12%", "-12%", "1,5", "1.", ".5", "+5",
            "0ns", "0us", "0s", "0B", "0bps", "0Gbps", "0.0000001ns", "0.4ns", "0.5B", "1EiB", "1PiB",
            "1048576TiB", "9007199254740993TiB", "999999999999TB", "100000000000000000000Gbps", "1e9Gbps",
            "9223372036854775807ns", "9223372036854775807s", "106751991167301d", "300000h",
            "true", "false", "yes", "on", "True", "TRUE", "", " ", "\t", "~", "null", "node1", "node2", "node3",
            "node1 ", " node1", "premapped-iommu", "pinned-rc-nic", "bytes", "fingerprint", "unlimited",
            "µs", "1µs", "1 µs", "😀", "é", "\u0000", "\u0007", "\uFEFF", "a\nb", "\"", "'", "{", "[", "*a", "&a",
            "!!binary", "<<", "=", "%", "#", "x".repeat(300));

    private static final Pattern NUMBER = Pattern.compile("^(-?[0-9]+(?:\\.[0-9]+)?)(.*)$");
    /** Factors a written number is scaled by: small ones, and with absurd sizes up to 10^18. */
    private static final List<String> SCALES = List.of("0", "-1", "10", "0.1", "0.001", "0.000000001");
    private static final List<String> ABSURD_SCALES = List.of("1000", "1000000", "1000000000", "1000000000000",
            "1000000000000000", "1000000000000000000");

    private ValueCatalogue() {
    }

    /**
     * A value to put in place of {@code written}: from {@link #VALUES}, or derived from
     * {@code written} ({@link #scale}).
     */
    static String pick(String written, Random random, boolean absurd) {
        if (written != null && random.nextInt(3) == 0 && NUMBER.matcher(written.strip()).matches()) {
            return scale(written, random, absurd);
        }
        return VALUES.get(random.nextInt(VALUES.size()));
    }

    /**
     * {@code written} with its number scaled by a random factor (0, -1, 10^-9 .. 10, and with
     * {@code absurd} up to 10^18), its unit kept.
     */
    static String scale(String written, Random random, boolean absurd) {
        Matcher m = NUMBER.matcher(written.strip());
        if (!m.matches()) {
            return written;
        }
        int choices = SCALES.size() + (absurd ? ABSURD_SCALES.size() : 0);
        int choice = random.nextInt(choices);
        String factor = choice < SCALES.size() ? SCALES.get(choice) : ABSURD_SCALES.get(choice - SCALES.size());
        return scaled(m.group(1), factor) + m.group(2);
    }

    /**
     * Whether {@code value} at {@code path} is a size that waits for per-parameter and platform limits
     * (another branch adds them): a whole number of a million or more (a count: cores, messages, in
     * flight); a node's memory ({@code memory.*}) of a terabyte or more, or a NUMA node of no
     * bytes; any other size (a buffer, a message) of a gigabyte or more, which may be more than its
     * node's memory.
     */
    static boolean isAbsurd(String path, String value) {
        Matcher m = NUMBER.matcher(value == null ? "" : value.strip().replace("_", ""));
        if (!m.matches()) {
            return false;
        }
        double number = Math.abs(Double.parseDouble(m.group(1)));
        String unit = m.group(2).strip().toLowerCase(java.util.Locale.ROOT);
        double factor = switch (unit) {
            case "", "b" -> 1;
            case "kb", "kib" -> 1e3;
            case "mb", "mib" -> 1e6;
            case "gb", "gib" -> 1e9;
            case "tb", "tib", "pib", "eib" -> 1e12;
            default -> 0;
        };
        boolean memory = path.contains("memory.");
        if (unit.isEmpty()) {
            return number >= 1e6 || memory && path.contains("numa") && number == 0;
        }
        if (memory) {
            return number * factor >= 1e12 || path.contains("numa") && number == 0 && factor > 0;
        }
        return number * factor >= 1e9;
    }

    private static String scaled(String number, String factor) {
        java.math.BigDecimal value = new java.math.BigDecimal(number).multiply(new java.math.BigDecimal(factor));
        return value.stripTrailingZeros().toPlainString();
    }
}
