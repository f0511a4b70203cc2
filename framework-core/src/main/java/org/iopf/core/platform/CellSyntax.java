package org.iopf.core.platform;

import static java.util.Objects.requireNonNull;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The form of a comparison cell template: text with {@code {metric}} and
 * {@code {metric / divisor %}} placeholders. Checked when a comparison file is read, filled by
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
            if (!RATIO.matcher(expr).matches() && !SINGLE.matcher(expr).matches()) {
                throw new IllegalArgumentException("placeholder '{" + expr + "}' is neither {metric} nor "
                        + "{metric / divisor %}");
            }
        }
    }
}
