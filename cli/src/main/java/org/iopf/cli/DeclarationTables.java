package org.iopf.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.iopf.api.observe.StatisticSpec;
import org.iopf.api.platform.ParameterSpec;

/**
 * A type's parameters and statistics as Markdown tables, from its declarations: what
 * {@code iopf components NAME --markdown} prints and what a plugin README carries, so the README
 * cannot drift from the code (a test compares them).
 */
final class DeclarationTables {
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

    private static String cell(String text) {
        return text.replace("|", "\\|");
    }
}
