package org.iopf.cli;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.iopf.api.observe.StatisticSpec;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.Source;
import org.iopf.core.platform.ExtensionRegistry;

/**
 * A type's parameters and statistics as Markdown tables, from its declarations: what
 * {@code iopf components NAME --markdown} prints and what a plugin README carries, so the README
 * cannot drift from the code (a test compares them).
 */
final class DeclarationTables {
    private static final Pattern FIGURE_ID = Pattern.compile("^([A-G])([0-9]{1,2})");

    private DeclarationTables() {
    }

    /** {@code | parameter | type | default | range | what | source |} and one row per parameter. */
    static List<String> parameters(List<ParameterSpec> specs) {
        List<String> rows = new ArrayList<>();
        rows.add("| parameter | type | default | range | what | source |");
        rows.add("|---|---|---|---|---|---|");
        for (ParameterSpec p : specs) {
            String type = p.allowedValues().isEmpty() ? p.type().name().toLowerCase(Locale.ROOT).replace('_', '-')
                    : String.join(" \\| ", p.allowedValues());
            String dflt = p.defaultValue().map(d -> d.isEmpty() ? "`\"\"`" : d).orElse("(required)");
            String bounds = p.range().map(Object::toString).orElse("");
            String range = bounds + p.multipleOf().map(m -> (bounds.isEmpty() ? "" : ", ") + "multiple of " + m)
                    .orElse("");
            String source = p.source().describe();
            rows.add("| `" + p.name() + "` | " + type + " | " + dflt + " | " + (range.isEmpty() ? "—" : range) + " | "
                    + cell(p.description())
                    + " | " + (source.isEmpty() ? "—" : cell(source)) + " |");
        }
        return rows;
    }

    /** {@code | statistic | kind | unit | what |} and one row per statistic. */
    static List<String> statistics(List<StatisticSpec> specs) {
        List<String> rows = new ArrayList<>();
        rows.add("| statistic | kind | unit | what |");
        rows.add("|---|---|---|---|");
        for (StatisticSpec s : specs) {
            rows.add("| `" + s.name() + "` | " + s.kind().name().toLowerCase(Locale.ROOT) + " | " + s.unit() + " | "
                    + cell(s.description()) + " |");
        }
        return rows;
    }

    /**
     * {@code | figure | type | parameter | default | fitted in |} and one row per parameter of any
     * known type whose default was calibrated to a figure, ordered by figure id, type and parameter:
     * the table of {@code docs/calibration.md}, from which a reader tells a fit from a prediction.
     */
    static List<String> calibrations(ExtensionRegistry registry) {
        List<String[]> found = new ArrayList<>();
        registry.all().forEach(r -> calibrated(r.type().name(), r.type().parameters(), found));
        registry.workloads().forEach(r -> calibrated(r.type().name(), r.type().parameters(), found));
        found.sort(Comparator.<String[], String>comparing(row -> figureKey(row[0]))
                .thenComparing(row -> row[0]).thenComparing(row -> row[1]).thenComparing(row -> row[2]));
        List<String> rows = new ArrayList<>();
        rows.add("| figure | type | parameter | default | fitted in |");
        rows.add("|---|---|---|---|---|");
        for (String[] row : found) {
            rows.add("| " + cell(row[0]) + " | `" + row[1] + "` | `" + row[2] + "` | " + row[3] + " | `" + row[4]
                    + "` |");
        }
        return rows;
    }

    private static void calibrated(String type, List<ParameterSpec> specs, List<String[]> into) {
        for (ParameterSpec p : specs) {
            if (p.source() instanceof Source.Calibrated c) {
                into.add(new String[] {c.figure(), type, p.name(), p.defaultValue().orElse("(required)"),
                    c.scenario()});
            }
        }
    }

    /** A7 before A10 before B1: the letter, then the number, zero-padded. */
    private static String figureKey(String figure) {
        Matcher id = FIGURE_ID.matcher(figure);
        return id.find() ? id.group(1) + String.format(Locale.ROOT, "%03d", Integer.parseInt(id.group(2))) : figure;
    }

    private static String cell(String text) {
        return text.replace("|", "\\|");
    }
}
