package org.iopf.core.platform;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.List;

/**
 * A side-by-side comparison of scenarios, read from a comparison file
 * ({@code scenarios/compare/ib-vs-ethernet.yaml}): each column is a scenario that is run, each row
 * a label and one cell template per column whose {@code {metric}} placeholders are filled with
 * that column's measured figures. It prints a published table (seed 001 §4's six rows) from
 * measurements rather than from text.
 *
 * @param name the comparison's name, not blank
 * @param description one paragraph, may be empty
 * @param source the file it was read from, for messages
 * @param columns the scenarios compared, at least two
 * @param rows the rows, at least one, each with one cell per column
 * @since 0.1
 */
public record Comparison(String name, String description, String source, List<Column> columns, List<Row> rows) {
    /** Checks and copies the parts. */
    public Comparison {
        requireNonNull(name, "name is null");
        requireNonNull(description, "description is null");
        requireNonNull(source, "source is null");
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
        if (name.isBlank()) {
            throw new IllegalArgumentException("name is blank");
        }
        if (columns.size() < 2) {
            throw new IllegalArgumentException("a comparison needs at least two columns: " + columns.size());
        }
        for (Row row : rows) {
            if (row.cells().size() != columns.size()) {
                throw new IllegalArgumentException("row '" + row.label() + "' has " + row.cells().size()
                        + " cells for " + columns.size() + " columns");
            }
        }
    }

    /**
     * One compared scenario.
     *
     * @param label the column's heading ({@code InfiniBand})
     * @param scenario the scenario's platform file
     */
    public record Column(String label, Path scenario) {
        /** Checks the parts. */
        public Column {
            requireNonNull(label, "label is null");
            requireNonNull(scenario, "scenario is null");
        }
    }

    /**
     * One row: a label and a cell template per column.
     *
     * @param label the row's heading ({@code Max throughput})
     * @param cells one template per column: text with {@code {metric}} or {@code {metric / divisor %}}
     *     placeholders (see {@link org.iopf.core.report.CellTemplate})
     */
    public record Row(String label, List<String> cells) {
        /** Checks and copies the parts. */
        public Row {
            requireNonNull(label, "label is null");
            cells = List.copyOf(cells);
        }
    }
}
