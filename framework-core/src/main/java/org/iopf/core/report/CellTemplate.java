package org.iopf.core.report;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.iopf.api.platform.Units;
import org.iopf.core.platform.CellExpression;
import org.iopf.core.platform.CellSyntax;
import org.iopf.core.platform.NearestName;

/**
 * The text of one comparison cell with placeholders filled from a run's figures:
 * <ul>
 *   <li>{@code {metric}} — the figure, formatted with its unit ({@code 4.94 Gbps});</li>
 *   <li>{@code {metric / divisor %}} — the figure as a percentage of {@code divisor}, which is
 *       another figure's name or a value with units ({@code 10Gbps}, {@code 1ms}, {@code 64MiB},
 *       {@code 1000}); three significant digits ({@code 49.4%}).</li>
 *   <li>{@code {= expression}} — {@code + - * /} and parentheses over figures and values with units
 *       ({@link CellExpression}), in base units (ns, bit/s, bytes), printed as a number with three
 *       significant digits: dividing by a unit converts ({@code {= faults.total * 1s / sim.time}}
 *       faults per second, {@code {= x / 1us}} µs).</li>
 * </ul>
 * A placeholder that names a figure the run did not record is an error that names the nearest
 * figure; a template never falls back to configured text.
 *
 * @since 0.1
 */
public final class CellTemplate {
    private static final Pattern PLACEHOLDER = CellSyntax.PLACEHOLDER;
    private static final Pattern RATIO = CellSyntax.RATIO;

    private final String text;

    private CellTemplate(String text) {
        this.text = text;
    }

    /**
     * Parses a template, checking the form of its placeholders.
     *
     * @param text the template, not null
     * @throws IllegalArgumentException naming the malformed placeholder
     */
    public static CellTemplate parse(String text) {
        CellSyntax.check(text);
        return new CellTemplate(text);
    }

    /**
     * Fills the placeholders from {@code result}.
     *
     * @throws IllegalArgumentException if a placeholder names a figure the run did not record
     */
    public String fill(RunResult result) {
        requireNonNull(result, "result is null");
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(value(m.group(1), result)));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static String value(String expr, RunResult result) {
        Matcher expression = CellSyntax.EXPRESSION.matcher(expr);
        if (expression.matches()) {
            double v = CellExpression.parse(expression.group(1)).evaluate(operand -> divisor(operand, result));
            return number(v);
        }
        Matcher ratio = RATIO.matcher(expr);
        if (ratio.matches()) {
            double numerator = require(ratio.group(1), result).value();
            double divisor = divisor(ratio.group(2), result);
            if (divisor == 0) {
                return "n/a";
            }
            return percent(100.0 * numerator / divisor);
        }
        return require(expr.strip(), result).formatted();
    }

    /** A plain number with three significant digits ({@code 157000}, {@code 3.81}, {@code 0.0123}); n/a if undefined. */
    static String number(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "n/a";
        }
        if (v == 0) {
            return "0";
        }
        return new java.math.BigDecimal(v).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString();
    }

    /** A percentage with three significant digits: {@code 98.7%}, {@code 4.94%}, {@code 102%}. */
    static String percent(double percent) {
        double magnitude = Math.abs(percent);
        String format = magnitude >= 100 ? "%.0f%%" : magnitude >= 10 ? "%.1f%%" : "%.2f%%";
        return String.format(Locale.ROOT, format, percent);
    }

    private static Figure require(String name, RunResult result) {
        Optional<Figure> figure = result.figure(name);
        if (figure.isEmpty()) {
            throw new IllegalArgumentException("the run of " + result.scenario() + " has no figure '" + name + "'"
                    + NearestName.hint(name, result.names()));
        }
        return figure.get();
    }

    private static double divisor(String text, RunResult result) {
        OptionalDouble figure = result.value(text);
        if (figure.isPresent()) {
            return figure.getAsDouble();
        }
        List<ToDoubleFunction<String>> readings = List.of(s -> Units.parseRate(s).bytesPerSecond() * 8,
                s -> Units.parseDuration(s), s -> Units.parseBytes(s), Double::parseDouble);
        for (ToDoubleFunction<String> reading : readings) {
            try {
                return reading.applyAsDouble(text);
            } catch (IllegalArgumentException e) {
                // try the next reading
            }
        }
        throw new IllegalArgumentException("divisor '" + text + "' is neither a figure of the run of "
                + result.scenario() + " nor a value with units" + NearestName.hint(text, result.names()));
    }

    @Override
    public String toString() {
        return text;
    }
}
