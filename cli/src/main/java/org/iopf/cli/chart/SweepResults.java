package org.iopf.cli.chart;

import static java.util.Objects.requireNonNull;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.iopf.core.sweep.MetricSelection;

/**
 * One sweep's rows as its results database ({@code results.duckdb}, schema in
 * {@code docs/sweeps.md}) holds them: its axes and kept figures with their units, and its rows in
 * point and replication order. Plots and the report are drawn from this, so they show what the
 * database holds.
 *
 * @param sweepId the sweep's id
 * @param name the sweep's name
 * @param axes its axes in file order
 * @param metrics its kept figures, in the order of its {@code metrics:}
 * @param header the columns of {@link #rows}: the fixed columns, the axes, the figures
 * @param rows the rows, ordered by point and replication
 * @since 0.1
 */
public record SweepResults(String sweepId, String name, List<Column> axes, List<Column> metrics, List<String> header,
        List<Row> rows) {
    /** The status of a run that did not complete. */
    public static final String FAILED = "failed";

    private static final List<String> FIXED = List.of("sweep_id", "point", "point_id", "replication", "seed", "label",
            "status", "message", "wall_seconds", "events", "expectations_met", "expectations_total");

    /** Checks arguments. */
    public SweepResults {
        requireNonNull(sweepId, "sweepId is null");
        requireNonNull(name, "name is null");
        axes = List.copyOf(axes);
        metrics = List.copyOf(metrics);
        header = List.copyOf(header);
        rows = List.copyOf(rows);
    }

    /**
     * An axis or a figure.
     *
     * @param name its column's name ({@code workload.params.messageSize})
     * @param unit its unit as the {@code columns} table says ({@code bytes}, {@code ns}, {@code text}, ...)
     * @param numeric whether its values are numbers
     * @param logScale whether it is an axis whose values are evenly spaced in their logarithm
     */
    public record Column(String name, String unit, boolean numeric, boolean logScale) {
        /** Checks arguments. */
        public Column {
            requireNonNull(name, "name is null");
            requireNonNull(unit, "unit is null");
        }
    }

    /**
     * One run's row.
     *
     * @param cells the values by column name (a number, text, or null)
     */
    public record Row(Map<String, Object> cells) {
        /** Copies {@code cells}, keeping their order and nulls. */
        public Row {
            cells = Collections.unmodifiableMap(new LinkedHashMap<>(cells));
        }

        /** The run's status: {@code ok}, {@code missed} or {@code failed}. */
        public String status() {
            return String.valueOf(cells.get("status"));
        }

        /** Whether the run did not complete. */
        public boolean failed() {
            return FAILED.equals(status());
        }

        /** The number in {@code column}; empty when it is NULL or not a number. */
        public OptionalDouble number(String column) {
            return cells.get(column) instanceof Number n ? OptionalDouble.of(n.doubleValue()) : OptionalDouble.empty();
        }

        /** The text of {@code column}; empty when it is NULL. */
        public Optional<String> text(String column) {
            return Optional.ofNullable(cells.get(column)).map(String::valueOf);
        }
    }

    /** The axis named {@code name}. */
    public Optional<Column> axis(String name) {
        return axes.stream().filter(a -> a.name().equals(name)).findFirst();
    }

    /** The figure named {@code name}. */
    public Optional<Column> metric(String name) {
        return metrics.stream().filter(a -> a.name().equals(name)).findFirst();
    }

    /** The ids and names of the sweeps whose rows the database holds. */
    public static Map<String, String> sweeps(Connection connection) throws SQLException {
        Map<String, String> ids = new LinkedHashMap<>();
        try (Statement s = connection.createStatement();
                ResultSet r = s.executeQuery("SELECT sweep_id, name FROM sweeps "
                        + "WHERE sweep_id IN (SELECT DISTINCT sweep_id FROM results)")) {
            while (r.next()) {
                ids.put(r.getString(1), r.getString(2));
            }
        }
        return ids;
    }

    /**
     * Reads the rows of the sweep {@code sweepId} from a results database.
     *
     * @throws IllegalArgumentException if the database has no such sweep
     */
    public static SweepResults read(Connection connection, String sweepId) throws SQLException {
        String name;
        List<String> axisNames;
        List<String> patterns;
        try (PreparedStatement p = connection.prepareStatement("SELECT name, axes, metrics FROM sweeps WHERE sweep_id = ?")) {
            p.setString(1, sweepId);
            try (ResultSet r = p.executeQuery()) {
                if (!r.next()) {
                    throw new IllegalArgumentException("no sweep " + sweepId + " in the database");
                }
                name = r.getString(1);
                axisNames = split(r.getString(2));
                patterns = split(r.getString(3));
            }
        }
        Map<String, String> types = new LinkedHashMap<>();
        try (Statement s = connection.createStatement(); ResultSet r = s.executeQuery("SELECT column_name, data_type "
                + "FROM information_schema.columns WHERE table_name = 'results' ORDER BY ordinal_position")) {
            while (r.next()) {
                types.put(r.getString(1), r.getString(2));
            }
        }
        Map<String, Map<String, String>> described = new LinkedHashMap<>();
        try (Statement s = connection.createStatement(); ResultSet r = s.executeQuery("SELECT * FROM columns")) {
            ResultSetMetaData meta = r.getMetaData();
            while (r.next()) {
                Map<String, String> fields = new LinkedHashMap<>();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    fields.put(meta.getColumnLabel(i), r.getString(i));
                }
                described.put(fields.get("name"), fields);
            }
        }
        List<Column> axes = new ArrayList<>();
        for (String axis : axisNames) {
            Map<String, String> d = described.getOrDefault(axis, Map.of());
            axes.add(new Column(axis, d.getOrDefault("unit", "text"), "DOUBLE".equals(types.get(axis)),
                    "log".equals(d.get("scale"))));
        }
        List<String> metricNames = described.values().stream().filter(d -> "metric".equals(d.get("kind")))
                .map(d -> d.get("name")).filter(types::containsKey).toList();
        List<Column> metrics = new ArrayList<>();
        for (String metric : patterns.isEmpty() ? metricNames : new MetricSelection(patterns).select(metricNames)) {
            String unit = described.get(metric).get("unit");
            metrics.add(new Column(metric, unit == null ? "" : unit, true, false));
        }
        List<String> header = new ArrayList<>(FIXED);
        axes.forEach(a -> header.add(a.name()));
        metrics.forEach(m -> header.add(m.name()));
        List<Row> rows = new ArrayList<>();
        String query = "SELECT " + String.join(", ", header.stream().map(SweepResults::quote).toList())
                + " FROM results WHERE sweep_id = ? ORDER BY point, replication";
        try (PreparedStatement p = connection.prepareStatement(query)) {
            p.setString(1, sweepId);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    Map<String, Object> cells = new LinkedHashMap<>();
                    for (int i = 0; i < header.size(); i++) {
                        cells.put(header.get(i), r.getObject(i + 1));
                    }
                    rows.add(new Row(cells));
                }
            }
        }
        return new SweepResults(sweepId, name, axes, metrics, header, rows);
    }

    private static List<String> split(String joined) {
        return joined == null || joined.isBlank() ? List.of() : Arrays.asList(joined.split(", "));
    }

    private static String quote(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }
}
