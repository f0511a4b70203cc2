package org.iopf.core.platform.file;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.iopf.core.platform.Expectation;
import org.iopf.core.platform.Expectation.Comparison;
import org.iopf.core.platform.Expectation.Quantity;

/**
 * Binds the {@code expect:} list. Each entry names a {@code metric} and exactly one of
 * {@code value} (with an optional {@code tolerance}: {@code 2%} of the value, or an absolute
 * amount in the value's unit), {@code min} or {@code max}. The unit of the value fixes its
 * {@link Quantity}: a rate ({@code 96Gbps}, bits per second), a duration ({@code 50us}, ns), a size
 * ({@code 4KiB}, bytes), a percentage ({@code 12%}, the fraction 0.12) or a bare number.
 */
final class ExpectationBinder {
    private static final List<String> KEYS = List.of("metric", "value", "tolerance", "min", "max");
    private static final List<String> BOUNDS = List.of("value", "min", "max");
    private static final Pattern NUMBER_AND_UNIT =
            Pattern.compile("\\s*([+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?)\\s*(\\S*)\\s*");
    private static final Map<String, Factor> UNITS = units();

    private final YamlBinder yaml;

    /** A unit's quantity and its factor to the quantity's base unit. */
    private record Factor(Quantity quantity, double factor) {
    }

    /** A value as read: in base units, of a quantity. */
    record Amount(double value, Quantity quantity) {
    }

    /**
     * {@code text} as an amount, if it is a number with no unit or a unit of an expectation
     * ({@code 4KiB}, {@code 200us}, {@code 10Gbps}, {@code 12%}); sweeps type their axes with it.
     */
    static java.util.Optional<Amount> amountOf(String text) {
        Matcher matcher = NUMBER_AND_UNIT.matcher(text);
        if (!matcher.matches()) {
            return java.util.Optional.empty();
        }
        double number = Double.parseDouble(matcher.group(1));
        if (matcher.group(2).isEmpty()) {
            return java.util.Optional.of(new Amount(number, Quantity.NUMBER));
        }
        Factor factor = UNITS.get(matcher.group(2));
        return factor == null ? java.util.Optional.empty()
                : java.util.Optional.of(new Amount(number * factor.factor(), factor.quantity()));
    }

    /**
     * A binder reporting through {@code yaml}.
     *
     * @param yaml typed reads and errors of the file, not null
     */
    ExpectationBinder(YamlBinder yaml) {
        this.yaml = requireNonNull(yaml, "yaml is null");
    }

    /** The expectations of an {@code expect:} list. */
    List<Expectation> bind(YamlNode node) {
        YamlNode.Sequence list = yaml.sequence(node,
                "a list of expectations such as [{metric: throughput, value: 96Gbps, tolerance: 2%}]");
        List<Expectation> expectations = new ArrayList<>();
        for (YamlNode item : list.items()) {
            expectations.add(expectation(item));
        }
        return expectations;
    }

    private Expectation expectation(YamlNode node) {
        YamlNode.Mapping m = yaml.mapping(node,
                "an expectation such as {metric: throughput, value: 96Gbps, tolerance: 2%} or {metric: x, max: 50us}");
        yaml.checkKeys(m, KEYS, "key of an expectation");
        String metric = yaml.nonBlank(yaml.require(m, "metric", "the name of a measured figure such as throughput"),
                "the name of a measured figure such as throughput");
        YamlNode.Entry bound = null;
        for (YamlNode.Entry entry : m.entries().values()) {
            if (BOUNDS.contains(entry.key())) {
                if (bound != null) {
                    throw yaml.keyError(m, entry, "'" + bound.key() + "' and '" + entry.key()
                            + "' given together; expected exactly one of " + BOUNDS + " (write two entries for a range)");
                }
                bound = entry;
            }
        }
        if (bound == null) {
            throw yaml.error(m, "no value, min or max; expected {value: x, tolerance: y}, {min: x} or {max: x}");
        }
        String where = yaml.source() + ":" + m.mark().line() + ":" + m.mark().column();
        Amount amount = amount(bound.value());
        String written = yaml.text(bound.value(), "");
        if (!bound.key().equals("value")) {
            if (m.get("tolerance").isPresent()) {
                YamlNode.Entry t = m.entries().get("tolerance");
                throw yaml.keyError(m, t, "a tolerance with '" + bound.key() + "'; expected a tolerance only with 'value'");
            }
            boolean min = bound.key().equals("min");
            return new Expectation(metric, min ? Comparison.AT_LEAST : Comparison.AT_MOST, amount.value(), 0, false,
                    amount.quantity(), (min ? ">= " : "<= ") + written, where);
        }
        YamlNode toleranceNode = m.get("tolerance").orElse(null);
        if (toleranceNode == null) {
            return new Expectation(metric, Comparison.WITHIN, amount.value(), 0, false, amount.quantity(), written, where);
        }
        Amount tolerance = amount(toleranceNode);
        boolean relative = tolerance.quantity() == Quantity.RATIO;
        if (!relative && tolerance.quantity() != amount.quantity()) {
            throw yaml.error(toleranceNode, "a tolerance of " + describe(tolerance.quantity()) + " for a value of "
                    + describe(amount.quantity()) + "; expected a percentage such as 2% or an amount of "
                    + describe(amount.quantity()));
        }
        if (tolerance.value() < 0) {
            throw yaml.error(toleranceNode, "a negative tolerance; expected a tolerance >= 0");
        }
        return new Expectation(metric, Comparison.WITHIN, amount.value(), tolerance.value(), relative,
                amount.quantity(), written + " ± " + yaml.text(toleranceNode, ""), where);
    }

    private Amount amount(YamlNode node) {
        String expected = "a number, a percentage such as 12%, or an amount with a unit such as 96Gbps, 50us or 4KiB";
        String text = yaml.text(node, expected);
        Matcher matcher = NUMBER_AND_UNIT.matcher(text);
        if (!matcher.matches()) {
            throw yaml.error(node, "'" + text + "' is not a number; expected " + expected);
        }
        double number = Double.parseDouble(matcher.group(1));
        String unit = matcher.group(2);
        if (unit.isEmpty()) {
            return new Amount(number, Quantity.NUMBER);
        }
        Factor factor = UNITS.get(unit);
        if (factor == null) {
            throw yaml.error(node, "unknown unit '" + unit + "' in '" + text.strip() + "'; expected one of "
                    + UNITS.keySet() + YamlBinder.hint(unit, UNITS.keySet()));
        }
        if (number < 0 && factor.quantity() != Quantity.RATIO) {
            throw yaml.error(node, "'" + text.strip() + "' is negative; expected " + describe(factor.quantity())
                    + " >= 0");
        }
        return new Amount(number * factor.factor(), factor.quantity());
    }

    /** A quantity in words, for messages: {@code a rate}, {@code a size}. */
    static String describe(Quantity quantity) {
        return switch (quantity) {
            case RATE -> "a rate";
            case DURATION -> "a duration";
            case BYTES -> "a size";
            case RATIO -> "a percentage";
            case NUMBER -> "a plain number";
        };
    }

    private static Map<String, Factor> units() {
        Map<String, Factor> units = new LinkedHashMap<>();
        units.put("%", new Factor(Quantity.RATIO, 0.01));
        units.put("bps", new Factor(Quantity.RATE, 1));
        units.put("Kbps", new Factor(Quantity.RATE, 1e3));
        units.put("Mbps", new Factor(Quantity.RATE, 1e6));
        units.put("Gbps", new Factor(Quantity.RATE, 1e9));
        units.put("Tbps", new Factor(Quantity.RATE, 1e12));
        units.put("B/s", new Factor(Quantity.RATE, 8));
        units.put("KB/s", new Factor(Quantity.RATE, 8e3));
        units.put("MB/s", new Factor(Quantity.RATE, 8e6));
        units.put("GB/s", new Factor(Quantity.RATE, 8e9));
        units.put("TB/s", new Factor(Quantity.RATE, 8e12));
        units.put("ns", new Factor(Quantity.DURATION, 1));
        units.put("us", new Factor(Quantity.DURATION, 1e3));
        units.put("µs", new Factor(Quantity.DURATION, 1e3));
        units.put("ms", new Factor(Quantity.DURATION, 1e6));
        units.put("s", new Factor(Quantity.DURATION, 1e9));
        units.put("B", new Factor(Quantity.BYTES, 1));
        units.put("KiB", new Factor(Quantity.BYTES, 1L << 10));
        units.put("MiB", new Factor(Quantity.BYTES, 1L << 20));
        units.put("GiB", new Factor(Quantity.BYTES, 1L << 30));
        units.put("TiB", new Factor(Quantity.BYTES, 1L << 40));
        units.put("KB", new Factor(Quantity.BYTES, 1e3));
        units.put("MB", new Factor(Quantity.BYTES, 1e6));
        units.put("GB", new Factor(Quantity.BYTES, 1e9));
        units.put("TB", new Factor(Quantity.BYTES, 1e12));
        return Collections.unmodifiableMap(units);
    }
}
