package org.iopf.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.iopf.cli.chart.SweepResults;
import org.iopf.core.report.Figure;
import org.iopf.core.report.UnitFormat;
import org.iopf.core.sweep.AxisValue;
import org.iopf.core.sweep.Sweep;
import org.iopf.core.sweep.SweepAxis;

/**
 * The results of a sweep in an embedded DuckDB file, {@code results.duckdb} in the output folder:
 * one row per run in the table {@code results} (fixed columns, one column per axis, one per kept
 * figure), the record of what produced each run in {@code configs}, the sweep itself in
 * {@code sweeps}, and each axis's and figure's unit in {@code columns}. Each row is committed as it arrives, so a sweep stopped by Ctrl-C or a crash
 * keeps the runs it finished, and a rerun skips them ({@link #done()}). {@link #export} writes the
 * sweep's rows, ordered by point and replication, to {@code results.csv} and
 * {@code results.parquet} with DuckDB's own writers. The schema is documented in
 * {@code docs/sweeps.md}. Used from one thread.
 */
final class ResultsDatabase implements AutoCloseable {
    /** The database's file name in the output folder. */
    static final String DATABASE = "results.duckdb";
    /** The CSV export's file name. */
    static final String CSV = "results.csv";
    /** The Parquet export's file name. */
    static final String PARQUET = "results.parquet";

    private static final String FIXED_COLUMNS = "sweep_id VARCHAR, point INTEGER, point_id VARCHAR, "
            + "replication INTEGER, seed BIGINT, label VARCHAR, status VARCHAR, message VARCHAR, wall_seconds DOUBLE, "
            + "events BIGINT, expectations_met INTEGER, expectations_total INTEGER";
    private static final List<String> FIXED = List.of("sweep_id", "point", "point_id", "replication", "seed", "label",
            "status", "message", "wall_seconds", "events", "expectations_met", "expectations_total");

    private final Path file;
    private final Connection connection;
    private final Sweep sweep;
    private final Map<String, String> columns = new LinkedHashMap<>();

    private ResultsDatabase(Path file, Connection connection, Sweep sweep) {
        this.file = file;
        this.connection = connection;
        this.sweep = sweep;
    }

    /**
     * Opens (or creates) the database of {@code sweep} in {@code folder}, creating the folder.
     *
     * @throws UncheckedIOException if the folder or the database cannot be created or opened
     *     (another sweep writing to it holds its lock)
     * @throws BadInputException if the database holds an axis column of another type
     */
    static ResultsDatabase open(Path folder, Sweep sweep) {
        Objects.requireNonNull(sweep, "sweep is null");
        Path file = folder.resolve(DATABASE);
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the output folder " + folder + ": " + e.getMessage(), e);
        }
        Connection connection;
        try {
            connection = DriverManager.getConnection("jdbc:duckdb:" + file.toAbsolutePath());
        } catch (SQLException e) {
            throw failure(file, "open", e);
        }
        ResultsDatabase db = new ResultsDatabase(file, connection, sweep);
        try {
            db.createSchema();
        } catch (SQLException e) {
            db.close();
            throw failure(file, "set up", e);
        } catch (RuntimeException e) {
            db.close();
            throw e;
        }
        return db;
    }

    private void createSchema() throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS sweeps (sweep_id VARCHAR, name VARCHAR, source VARCHAR, "
                    + "base VARCHAR, points INTEGER, replications INTEGER, axes VARCHAR, metrics VARCHAR)");
            s.execute("CREATE TABLE IF NOT EXISTS columns (name VARCHAR, kind VARCHAR, unit VARCHAR, scale VARCHAR)");
            // a database of an earlier iopf lacks the axes' scale
            s.execute("ALTER TABLE columns ADD COLUMN IF NOT EXISTS scale VARCHAR");
            s.execute("CREATE TABLE IF NOT EXISTS results (" + FIXED_COLUMNS + ")");
            s.execute("CREATE TABLE IF NOT EXISTS configs (point_id VARCHAR, replication INTEGER, config VARCHAR)");
        }
        try (ResultSet r = connection.createStatement().executeQuery(
                "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'results' "
                        + "ORDER BY ordinal_position")) {
            while (r.next()) {
                columns.put(r.getString(1), r.getString(2));
            }
        }
        connection.setAutoCommit(false);
        update("DELETE FROM sweeps WHERE sweep_id = ?", sweep.id());
        update("INSERT INTO sweeps VALUES (?, ?, ?, ?, ?, ?, ?, ?)", sweep.id(), sweep.name(), sweep.source(),
                sweep.base(), sweep.points().size(), sweep.replications(),
                String.join(", ", sweep.axes().stream().map(SweepAxis::path).toList()),
                String.join(", ", sweep.metrics().patterns()));
        for (SweepAxis axis : sweep.axes()) {
            String type = axis.quantity().isPresent() ? "DOUBLE" : "VARCHAR";
            String existing = columns.get(axis.path());
            if (existing != null && !existing.equals(type)) {
                throw new BadInputException(file + " holds the column " + axis.path() + " as " + existing
                        + " and this sweep writes it as " + type + "; expected another --out folder for this sweep");
            }
            addColumn(axis.path(), type, "axis", axis.quantity().map(UnitFormat::baseUnit).orElse("text"),
                    axis.logScale() ? "log" : "linear");
        }
        connection.commit();
    }

    private void addColumn(String name, String type, String kind, String unit, String scale) throws SQLException {
        if (!columns.containsKey(name)) {
            try (Statement s = connection.createStatement()) {
                s.execute("ALTER TABLE results ADD COLUMN " + quote(name) + " " + type);
            }
            columns.put(name, type);
        }
        update("DELETE FROM columns WHERE name = ?", name);
        update("INSERT INTO columns (name, kind, unit, scale) VALUES (?, ?, ?, ?)", name, kind, unit, scale);
    }

    /** The database file. */
    Path file() {
        return file;
    }

    /** This sweep's rows as they are now, for its plots and report. */
    SweepResults results() {
        try {
            return SweepResults.read(connection, sweep.id());
        } catch (SQLException e) {
            throw failure(file, "read", e);
        }
    }

    /**
     * The status ({@code ok} or {@code missed}) of each run that completed in an earlier sweep, by
     * {@link SweepRun#key()}; a failed run is run again.
     */
    Map<String, String> done() {
        Map<String, String> keys = new LinkedHashMap<>();
        try (ResultSet r = connection.createStatement().executeQuery(
                "SELECT point_id, replication, status FROM results WHERE status IN ('ok', 'missed')")) {
            while (r.next()) {
                keys.put(r.getString(1) + "/" + r.getInt(2), r.getString(3));
            }
        } catch (SQLException e) {
            throw failure(file, "read", e);
        }
        return keys;
    }

    /** Makes the rows of {@code runs}, done before, rows of this sweep: its id, their point and label now. */
    void adopt(List<SweepRun> runs) {
        try {
            for (SweepRun run : runs) {
                update("UPDATE results SET sweep_id = ?, point = ?, label = ? WHERE point_id = ? AND replication = ?",
                        sweep.id(), run.point().index(), run.point().label(), run.point().id(), run.replication());
            }
            connection.commit();
        } catch (SQLException e) {
            throw failure(file, "write", e);
        }
    }

    /**
     * Writes {@code row} in place of any earlier row of its run, and the record of what produced
     * it ({@code config.json}'s text) into {@code configs}, and commits both.
     */
    void write(SweepRow row, String config) {
        SweepRun run = row.run();
        try {
            update("DELETE FROM configs WHERE point_id = ? AND replication = ?", run.point().id(), run.replication());
            update("INSERT INTO configs VALUES (?, ?, ?)", run.point().id(), run.replication(), config);
            for (Figure f : row.figures().values()) {
                addColumn(f.name(), "DOUBLE", "metric", f.unit(), null);
            }
            update("DELETE FROM results WHERE point_id = ? AND replication = ?", run.point().id(), run.replication());
            List<String> names = new ArrayList<>(FIXED);
            List<Object> values = new ArrayList<>(List.of(sweep.id(), run.point().index(), run.point().id(),
                    run.replication(), run.seed(), run.point().label(), row.status(), row.message(), row.wallSeconds()));
            values.add(row.events() >= 0 ? row.events() : null);
            values.add(row.status().equals(SweepRow.FAILED) ? null : row.expectations().passed());
            values.add(row.status().equals(SweepRow.FAILED) ? null : row.expectations().total());
            for (int i = 0; i < sweep.axes().size(); i++) {
                AxisValue v = run.point().values().get(i);
                names.add(sweep.axes().get(i).path());
                values.add(v.number().isPresent() ? (Object) v.number().getAsDouble() : v.text());
            }
            for (Figure f : row.figures().values()) {
                names.add(f.name());
                values.add(f.value());
            }
            update("INSERT INTO results (" + String.join(", ", names.stream().map(ResultsDatabase::quote).toList())
                    + ") VALUES (" + String.join(", ", names.stream().map(n -> "?").toList()) + ")", values.toArray());
            connection.commit();
        } catch (SQLException e) {
            throw failure(file, "write", e);
        }
    }

    /**
     * Writes this sweep's rows, ordered by point and replication, to {@code results.csv} and
     * {@code results.parquet} beside the database, each under a temporary name renamed when
     * complete: the fixed columns, the axes, then the kept figures in the sweep's order.
     *
     * @return the files written
     */
    List<Path> export() {
        List<String> metrics = new ArrayList<>();
        try (ResultSet r = connection.createStatement().executeQuery("SELECT name FROM columns WHERE kind = 'metric'")) {
            while (r.next()) {
                metrics.add(r.getString(1));
            }
        } catch (SQLException e) {
            throw failure(file, "read", e);
        }
        List<String> names = new ArrayList<>(FIXED);
        sweep.axes().forEach(a -> names.add(a.path()));
        names.addAll(sweep.metrics().select(metrics));
        String query = "SELECT " + String.join(", ", names.stream().map(ResultsDatabase::quote).toList())
                + " FROM results WHERE sweep_id = '" + sweep.id() + "' ORDER BY point, replication";
        Path folder = file.toAbsolutePath().getParent();
        return List.of(copy(query, folder.resolve(CSV), "FORMAT csv, HEADER true"),
                copy(query, folder.resolve(PARQUET), "FORMAT parquet"));
    }

    private Path copy(String query, Path target, String options) {
        Path temporary = target.resolveSibling("." + target.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        try (Statement s = connection.createStatement()) {
            s.execute("COPY (" + query + ") TO '" + temporary.toString().replace("'", "''") + "' (" + options + ")");
            connection.commit();
            try {
                Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
            }
            return target;
        } catch (SQLException e) {
            deleteQuietly(temporary);
            throw failure(target, "write", e);
        } catch (IOException e) {
            deleteQuietly(temporary);
            throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage(), e);
        }
    }

    private void update(String sql, Object... values) throws SQLException {
        try (PreparedStatement p = connection.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                if (values[i] == null) {
                    p.setNull(i + 1, Types.NULL);
                } else {
                    p.setObject(i + 1, values[i]);
                }
            }
            p.executeUpdate();
        }
    }

    /** {@code name} as a quoted SQL identifier ({@code "node2.nic0.npf.latency.mean"}). */
    static String quote(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            // the temporary file is only left over
        }
    }

    private static UncheckedIOException failure(Path file, String verb, SQLException e) {
        String message = e.getMessage() == null ? e.toString() : e.getMessage().strip().lines().findFirst().orElse("");
        return new UncheckedIOException("cannot " + verb + " " + file + ": " + message, new IOException(e));
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            throw failure(file, "close", e);
        }
    }
}
