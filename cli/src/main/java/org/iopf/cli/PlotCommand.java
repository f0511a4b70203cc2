package org.iopf.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import org.iopf.cli.chart.SweepChart;
import org.iopf.cli.chart.SweepCurves;
import org.iopf.cli.chart.SweepReport;
import org.iopf.cli.chart.SweepResults;
import org.iopf.core.io.AtomicFile;
import org.iopf.core.platform.NearestName;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code iopf plot DB --x AXIS --y METRIC}: draws one figure of a sweep against one of its axes from
 * its results database, read-only, as {@code iopf sweep} draws its plots.
 */
@Command(name = "plot", mixinStandardHelpOptions = true,
        description = {"Draws a figure of a sweep against one of its axes as a PNG, from the sweep's results database "
            + "(read-only): the mean over the runs at each axis value with a 95%% confidence band (Student t), "
            + "failed runs left out, a log x axis where the sweep's axis is log. Without --by, one line per "
            + "combination of the other axes, as iopf sweep draws DIR/plots; with --by, one line per value of "
            + "those axes, the others pooled.",
            "DB is a results.duckdb file or the folder that holds it. The schema is in docs/sweeps.md."})
final class PlotCommand implements Callable<Integer> {
    @ParentCommand
    IopfCommand parent;

    @Parameters(index = "0", paramLabel = "DB", description = "A sweep's results.duckdb, or its output folder.")
    Path database;

    @Option(names = "--x", required = true, paramLabel = "AXIS", description = "The axis along x (a column of results).")
    String x;

    @Option(names = "--y", required = true, paramLabel = "METRIC", description = "The figure along y.")
    String y;

    @Option(names = "--by", paramLabel = "AXIS",
            description = "An axis whose values tell the lines apart (repeatable; default: every axis but --x).")
    List<String> by;

    @Option(names = "--out", paramLabel = "FILE",
            description = "The PNG to write (default: METRIC.png in the working directory, characters other "
                + "than letters, digits, '.', '-' and '_' as '_').")
    Path out;

    @Option(names = "--sweep", paramLabel = "ID",
            description = "The sweep (its id or name) when the database holds several.")
    String sweep;

    @Override
    public Integer call() {
        Path file = Files.isDirectory(database) ? database.resolve(ResultsDatabase.DATABASE) : database;
        if (!Files.isRegularFile(file)) {
            throw new BadInputException("no such results database: " + file);
        }
        SweepResults results;
        try (Connection connection = open(file)) {
            results = SweepResults.read(connection, sweepId(connection, file));
        } catch (SQLException e) {
            throw new BadInputException(file + ": cannot read it: " + firstLine(e));
        }
        SweepCurves curves = SweepCurves.of(results, checkedAxis(results, x, "--x"), checkedMetric(results),
                by(results));
        if (curves.empty()) {
            throw new BadInputException(file + ": no completed run of sweep " + results.name() + " has " + y
                    + "; nothing to plot");
        }
        Path png = out != null ? out : Path.of(SweepReport.fileNameOf(y));
        byte[] image = SweepChart.png(SweepChart.chart(results.name() + ": " + y, curves));
        AtomicFile.write(png, stream -> stream.write(image));
        parent.status(false).note("wrote " + png);
        return ExitCode.OK;
    }

    private static Connection open(Path file) {
        if (!isDuckDb(file)) {
            throw new BadInputException(file + ": not a DuckDB database");
        }
        Properties readOnly = new Properties();
        readOnly.setProperty("duckdb.read_only", "true");
        try {
            return DriverManager.getConnection("jdbc:duckdb:" + file.toAbsolutePath(), readOnly);
        } catch (SQLException e) {
            String why = firstLine(e);
            throw new BadInputException(file + ": " + (why.contains("not a valid DuckDB database")
                    ? "not a DuckDB database" : "cannot open it: " + why));
        }
    }

    /** Whether {@code file} begins as a DuckDB database file does: {@code DUCK} at byte 8. */
    static boolean isDuckDb(Path file) {
        byte[] head = new byte[12];
        try (InputStream in = Files.newInputStream(file)) {
            return in.readNBytes(head, 0, head.length) == head.length
                    && new String(head, 8, 4, StandardCharsets.US_ASCII).equals("DUCK");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private String sweepId(Connection connection, Path file) {
        Map<String, String> sweeps;
        try {
            sweeps = SweepResults.sweeps(connection);
        } catch (SQLException e) {
            throw new BadInputException(file + ": not a sweep's results database (" + firstLine(e) + ")");
        }
        if (sweeps.isEmpty()) {
            throw new BadInputException(file + ": holds no sweep's rows");
        }
        if (sweep == null) {
            if (sweeps.size() > 1) {
                throw new BadInputException(file + ": holds the rows of " + sweeps.size() + " sweeps (" + list(sweeps)
                        + "); expected --sweep ID");
            }
            return sweeps.keySet().iterator().next();
        }
        List<String> named = sweeps.entrySet().stream().filter(e -> e.getKey().equals(sweep)
                || e.getValue().equals(sweep)).map(Map.Entry::getKey).toList();
        if (named.size() != 1) {
            List<String> candidates = new ArrayList<>(sweeps.keySet());
            candidates.addAll(sweeps.values());
            throw new BadInputException("--sweep " + sweep + ": " + (named.isEmpty() ? "no such sweep" : "names "
                    + named.size() + " sweeps") + " in " + file + "; it holds " + list(sweeps)
                    + NearestName.hint(sweep, candidates));
        }
        return named.get(0);
    }

    private static String list(Map<String, String> sweeps) {
        return String.join(", ", sweeps.entrySet().stream().map(e -> e.getKey() + " (" + e.getValue() + ")").toList());
    }

    private static String checkedAxis(SweepResults results, String name, String option) {
        if (results.axis(name).isEmpty()) {
            List<String> axes = results.axes().stream().map(SweepResults.Column::name).toList();
            throw new BadInputException(option + " " + name + ": no such axis of sweep " + results.name()
                    + (results.metric(name).isPresent() ? " (it is a figure: give it as --y)" : "") + "; its axes are "
                    + axes + NearestName.hint(name, axes));
        }
        return name;
    }

    private String checkedMetric(SweepResults results) {
        if (results.metric(y).isEmpty()) {
            List<String> metrics = results.metrics().stream().map(SweepResults.Column::name).toList();
            throw new BadInputException("--y " + y + ": no such figure of sweep " + results.name()
                    + (results.axis(y).isPresent() ? " (it is an axis: give it as --x or --by)" : "")
                    + "; its figures are " + metrics + NearestName.hint(y, metrics));
        }
        return y;
    }

    private List<String> by(SweepResults results) {
        if (by == null) {
            return results.axes().stream().map(SweepResults.Column::name).filter(a -> !a.equals(x)).toList();
        }
        List<String> axes = new ArrayList<>();
        for (String b : by) {
            checkedAxis(results, b, "--by");
            if (b.equals(x) || axes.contains(b)) {
                throw new BadInputException("--by " + b + ": " + (b.equals(x) ? "is also --x" : "given twice")
                        + "; expected each axis once");
            }
            axes.add(b);
        }
        return axes;
    }

    private static String firstLine(SQLException e) {
        return e.getMessage() == null ? e.toString() : e.getMessage().strip().lines().findFirst().orElse("");
    }
}
