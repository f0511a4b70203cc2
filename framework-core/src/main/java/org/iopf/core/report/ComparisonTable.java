package org.iopf.core.report;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import org.iopf.core.platform.Comparison;

/**
 * A {@link Comparison} filled in from the runs of its columns: every cell's placeholders replaced
 * by measured figures. Rendered as a plain-text table (or Markdown, which reads the same).
 *
 * @since 0.1
 */
public final class ComparisonTable {
    private final Comparison comparison;
    private final List<List<String>> cells;

    private ComparisonTable(Comparison comparison, List<List<String>> cells) {
        this.comparison = comparison;
        this.cells = cells;
    }

    /**
     * Fills {@code comparison}'s cells from {@code results}, one per column in column order.
     *
     * @throws IllegalArgumentException if the counts differ or a cell names a figure a run lacks
     */
    public static ComparisonTable of(Comparison comparison, List<RunResult> results) {
        requireNonNull(comparison, "comparison is null");
        requireNonNull(results, "results is null");
        if (results.size() != comparison.columns().size()) {
            throw new IllegalArgumentException(comparison.columns().size() + " columns but " + results.size()
                    + " results");
        }
        List<List<String>> cells = new ArrayList<>();
        for (Comparison.Row row : comparison.rows()) {
            List<String> filled = new ArrayList<>();
            for (int c = 0; c < results.size(); c++) {
                try {
                    filled.add(CellTemplate.parse(row.cells().get(c)).fill(results.get(c)));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(comparison.source() + ": row '" + row.label() + "', column '"
                            + comparison.columns().get(c).label() + "': " + e.getMessage(), e);
                }
            }
            cells.add(List.copyOf(filled));
        }
        return new ComparisonTable(comparison, List.copyOf(cells));
    }

    /** The comparison this table fills. */
    public Comparison comparison() {
        return comparison;
    }

    /** The filled cell of {@code row} and {@code column} (0-based). */
    public String cell(int row, int column) {
        return cells.get(row).get(column);
    }

    /** The table as Markdown-style lines: a heading row, a rule, one line per row, columns padded. */
    public List<String> render() {
        List<List<String>> lines = new ArrayList<>();
        List<String> heading = new ArrayList<>();
        heading.add("");
        comparison.columns().forEach(c -> heading.add(c.label()));
        lines.add(heading);
        for (int r = 0; r < cells.size(); r++) {
            List<String> line = new ArrayList<>();
            line.add(comparison.rows().get(r).label());
            line.addAll(cells.get(r));
            lines.add(line);
        }
        int[] widths = new int[heading.size()];
        for (List<String> line : lines) {
            for (int i = 0; i < line.size(); i++) {
                widths[i] = Math.max(widths[i], line.get(i).length());
            }
        }
        List<String> out = new ArrayList<>();
        for (int l = 0; l < lines.size(); l++) {
            out.add(row(lines.get(l), widths));
            if (l == 0) {
                List<String> rule = new ArrayList<>();
                for (int width : widths) {
                    rule.add("-".repeat(width));
                }
                out.add(row(rule, widths));
            }
        }
        return out;
    }

    private static String row(List<String> cells, int[] widths) {
        StringBuilder b = new StringBuilder("|");
        for (int i = 0; i < cells.size(); i++) {
            b.append(' ').append(cells.get(i)).append(" ".repeat(widths[i] - cells.get(i).length())).append(" |");
        }
        return b.toString();
    }
}
