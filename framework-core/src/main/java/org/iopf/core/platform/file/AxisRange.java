package org.iopf.core.platform.file;

import static java.util.Objects.requireNonNull;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.iopf.core.platform.Expectation.Quantity;
import org.iopf.core.platform.file.ExpectationBinder.Amount;

/**
 * The values of an axis written as a range, {@code {from: 4KiB, to: 4MiB, steps: 11, scale: log}}:
 * {@code steps} values from {@code from} to {@code to}, both included, evenly spaced
 * ({@code linear}, the default) or evenly spaced in their logarithm ({@code log}). Both ends take
 * the same kind of unit; sizes, durations and rates are rounded to whole bytes, nanoseconds and
 * bits per second, plain numbers to whole numbers when both ends are, and each value is written
 * back with the largest unit that holds it exactly ({@code 64KiB}, {@code 200us}, {@code 25Gbps}).
 */
final class AxisRange {
    private static final List<String> KEYS = List.of("from", "to", "steps", "scale");
    private static final List<String> SCALES = List.of("linear", "log");
    private static final int MAX_STEPS = 10_000;
    private static final String EXPECTED = "a range such as {from: 4KiB, to: 4MiB, steps: 11, scale: log}";

    private final YamlBinder yaml;

    AxisRange(YamlBinder yaml) {
        this.yaml = requireNonNull(yaml, "yaml is null");
    }

    /** Whether the range {@code node}, whose {@link #values} were read, has {@code scale: log}. */
    static boolean isLog(YamlNode node) {
        return node instanceof YamlNode.Mapping m && m.get("scale").filter(n -> n instanceof YamlNode.Scalar s
                && "log".equals(s.text())).isPresent();
    }

    /** The values of the range {@code node}, as scalars at the range's mark. */
    List<YamlNode> values(YamlNode node) {
        YamlNode.Mapping m = yaml.mapping(node, EXPECTED);
        yaml.checkKeys(m, KEYS, "key of a range");
        YamlNode fromNode = yaml.require(m, "from", "the first value, such as 4KiB");
        YamlNode toNode = yaml.require(m, "to", "the last value, such as 4MiB");
        Amount from = amount(fromNode);
        Amount to = amount(toNode);
        if (to.quantity() != from.quantity()) {
            throw yaml.error(toNode, "'" + yaml.text(toNode, "") + "' is " + ExpectationBinder.describe(to.quantity())
                    + " and 'from' is " + ExpectationBinder.describe(from.quantity()) + "; expected both ends of one kind");
        }
        long steps = yaml.integer(yaml.require(m, "steps", "the number of values, >= 2"), 2, MAX_STEPS,
                "a whole number of values from 2 to " + MAX_STEPS);
        String scale = yaml.optional(m, "scale", n -> {
            String s = yaml.text(n, "one of " + SCALES);
            if (!SCALES.contains(s)) {
                throw yaml.error(n, "unknown scale '" + s + "'; expected one of " + SCALES + YamlBinder.hint(s, SCALES));
            }
            return s;
        }, "linear");
        if (from.value() == to.value()) {
            throw yaml.error(toNode, "'to' equals 'from'; expected a range of two different values");
        }
        boolean log = scale.equals("log");
        if (log && (from.value() <= 0 || to.value() <= 0)) {
            throw yaml.error(log && from.value() <= 0 ? fromNode : toNode, "a log range through zero or below; "
                    + "expected both ends > 0 for scale: log");
        }
        boolean whole = from.quantity() != Quantity.NUMBER || isWhole(fromNode) && isWhole(toNode);
        List<YamlNode> values = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < steps; i++) {
            double t = (double) i / (steps - 1);
            double v = i == steps - 1 ? to.value() : log ? from.value() * Math.pow(to.value() / from.value(), t)
                    : from.value() + (to.value() - from.value()) * t;
            String text = format(v, from.quantity(), whole);
            Integer earlier = seen.putIfAbsent(text, i);
            if (earlier != null) {
                throw yaml.error(m, "values " + (earlier + 1) + " and " + (i + 1) + " of the range are both " + text
                        + " once rounded; expected fewer steps");
            }
            values.add(new YamlNode.Scalar(m.mark(), "", text));
        }
        return values;
    }

    private Amount amount(YamlNode node) {
        String text = yaml.text(node, "a number or an amount with a unit such as 4KiB, 200us or 10Gbps");
        return ExpectationBinder.amountOf(text).orElseThrow(() -> yaml.error(node, "'" + text
                + "' is not a number with a known unit; expected a number or an amount such as 4KiB, 200us, 10Gbps "
                + "or 50%"));
    }

    private boolean isWhole(YamlNode node) {
        String text = yaml.text(node, "a number").strip();
        return text.matches("[+-]?[0-9]+");
    }

    /** {@code value} (in base units of {@code quantity}) written with the largest unit that holds it exactly. */
    static String format(double value, Quantity quantity, boolean whole) {
        return switch (quantity) {
            case BYTES -> withUnit(Math.round(value), new long[] {1L << 40, 1L << 30, 1L << 20, 1L << 10},
                    new String[] {"TiB", "GiB", "MiB", "KiB"}, "B");
            case DURATION -> withUnit(Math.round(value), new long[] {1_000_000_000L, 1_000_000L, 1_000L},
                    new String[] {"s", "ms", "us"}, "ns");
            case RATE -> withUnit(Math.round(value), new long[] {1_000_000_000_000L, 1_000_000_000L, 1_000_000L, 1_000L},
                    new String[] {"Tbps", "Gbps", "Mbps", "Kbps"}, "bps");
            case RATIO -> decimal(value * 100) + "%";
            case NUMBER -> whole ? Long.toString(Math.round(value)) : decimal(value);
        };
    }

    private static String withUnit(long n, long[] factors, String[] units, String base) {
        for (int i = 0; i < factors.length; i++) {
            if (n != 0 && n % factors[i] == 0) {
                return n / factors[i] + units[i];
            }
        }
        return n + base;
    }

    private static String decimal(double v) {
        return v == 0 ? "0" : new BigDecimal(v).round(new MathContext(12)).stripTrailingZeros().toPlainString();
    }
}
