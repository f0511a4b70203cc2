package org.iopf.core.platform;

import static java.util.Objects.requireNonNull;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The form of a comparison cell template: text with {@code {metric}},
 * {@code {metric / divisor %}} and {@code {= expression}} ({@link CellExpression}) placeholders. Checked when a comparison file is read, filled by
 * {@code org.iopf.core.report.CellTemplate} after the runs.
 *
 * @since 0.1
 */
public final class CellSyntax {
    /** A placeholder: braces around an expression. */
    public static final Pattern PLACEHOLDER = Pattern.compile("\\{([^{}]*)}");
    /** {@code metric / divisor %}: group 1 the metric, group 2 the divisor. */
    public static final Pattern RATIO = Pattern.compile("\\s*([^/\\s]+)\\s*/\\s*([^%\\s]+)\\s*%\\s*");
    /** {@code metric}: group 1 the metric. */
    public static final Pattern SINGLE = Pattern.compile("\\s*([A-Za-z0-9_.\\-]+)\\s*");
    /** {@code = expression}: group 1 the expression ({@link CellExpression}). */
    public static final Pattern EXPRESSION = Pattern.compile("\\s*=(.*)", Pattern.DOTALL);

    private CellSyntax() {
    }

    /**
     * Checks the form of a template's placeholders.
     *
     * @param text the template, not null
     * @throws IllegalArgumentException naming the malformed placeholder
     */
    public static void check(String text) {
        requireNonNull(text, "text is null");
        if (PLACEHOLDER.matcher(text).replaceAll("").matches("(?s).*[{}].*")) {
            throw new IllegalArgumentException("unbalanced '{' or '}' in '" + text + "'");
        }
        Matcher m = PLACEHOLDER.matcher(text);
        while (m.find()) {
            String expr = m.group(1);
            Matcher expression = EXPRESSION.matcher(expr);
            if (expression.matches()) {
                try {
                    CellExpression.parse(expression.group(1));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("placeholder '{" + expr + "}': " + e.getMessage(), e);
                }
                continue;
            }
            if (!RATIO.matcher(expr).matches() && !SINGLE.matcher(expr).matches()) {
                throw new IllegalArgumentException("placeholder '{" + expr + "}' is neither {metric} nor "
                        + "{metric / divisor %} nor {= expression}");
            }
        }
    }
}
