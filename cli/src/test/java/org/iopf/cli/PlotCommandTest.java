package org.iopf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.imageio.ImageIO;
import org.iopf.cli.chart.SweepChart;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code iopf sweep}'s plots and report at its end, and {@code iopf plot}, which redraws them from the
 * database: the same picture, names checked with the nearest suggested, a file that is not a
 * database refused in one line.
 */
final class PlotCommandTest {
    /** Two axes (3 sizes on a log range x 2 concurrencies), two replications: 12 runs. */
    static final String GRID = """
            name: grid
            base: pinned-baseline
            set: {workload.messages: 2}
            axes:
              - path: workload.messageSize
                range: {from: 16KiB, to: 256KiB, steps: 3, scale: log}
              - path: workload.concurrency
                values: [1, 2]
            replications: 2
            metrics: [throughput, latency.p99]
            """;
    private static final String SIZE = "workload.params.messageSize";

    @TempDir
    static Path shared;
    /** What the one sweep of this class said on standard error. */
    private static String sweepNotes;
    private static Path out;

    @TempDir
    Path temp;

    private final CliHarness cli = new CliHarness(CliHarness.repositoryRoot());

    private static int sweep(CliHarness cli, Path folder, String name, String text, Path out) throws IOException {
        Path file = Files.writeString(folder.resolve(name), text);
        return cli.run("sweep", file.toString(), "--plugins", folder.resolve("no-plugins").toString(), "--out",
                out.toString(), "--no-progress");
    }

    @BeforeAll
    static void runTheSweep() throws IOException {
        CliHarness cli = new CliHarness(CliHarness.repositoryRoot());
        out = shared.resolve("grid");
        assertThat(sweep(cli, shared, "grid.yaml", GRID, out)).as(cli.err()).isZero();
        sweepNotes = cli.err();
    }

    @Test
    void theSweepWritesOnePlotPerFigureAndTheReportAndRecordsTheAxesScale() throws IOException, SQLException {
        assertThat(out.resolve("plots/throughput.png")).isRegularFile();
        assertThat(out.resolve("plots/latency.p99.png")).isRegularFile();
        assertThat(sweepNotes).contains("wrote 2 plots in " + out.toAbsolutePath().resolve("plots") + " and "
                + out.toAbsolutePath().resolve("report.html"));
        String html = Files.readString(out.resolve("report.html"));
        assertThat(html.split("<img ", -1)).hasSize(3);
        assertThat(html).contains("one line per combination of workload.params.concurrency", "range: {from: 16KiB");
        Map<String, String> scales = new LinkedHashMap<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + out.resolve("results.duckdb"));
                ResultSet r = c.createStatement().executeQuery("SELECT name, scale FROM columns WHERE kind = 'axis'")) {
            while (r.next()) {
                scales.put(r.getString(1), r.getString(2));
            }
        }
        assertThat(scales).containsEntry(SIZE, "log").containsEntry("workload.params.concurrency", "linear");
    }

    @Test
    void plotRedrawsTheSweepsPlotFromTheDatabase() throws IOException {
        Path png = temp.resolve("throughput.png");

        assertThat(cli.run("plot", out.resolve("results.duckdb").toString(), "--x", SIZE, "--y", "throughput",
                "--out", png.toString())).as(cli.err()).isZero();

        assertThat(Files.readAllBytes(png)).as("the picture iopf sweep drew")
                .isEqualTo(Files.readAllBytes(out.resolve("plots/throughput.png")));
        assertThat(cli.err()).contains("wrote " + png);
    }

    @Test
    void plotDrawsOneLinePerValueOfTheByAxisAndTakesTheOutputFolder() throws IOException {
        Path png = temp.resolve("by-size.png");

        assertThat(cli.run("plot", out.toString(), "--x", "workload.params.concurrency", "--y", "latency.p99",
                "--by", SIZE, "--out", png.toString())).as(cli.err()).isZero();

        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(SweepChart.WIDTH);
        assertThat(Files.readAllBytes(png)).isNotEqualTo(Files.readAllBytes(out.resolve("plots/latency.p99.png")));
    }

    @Test
    void unknownNamesAreExit2WithTheNearestName() {
        String db = out.toString();
        assertThat(cli.run("plot", db, "--x", "workload.params.messageSiz", "--y", "throughput")).isEqualTo(2);
        assertThat(cli.err()).contains("iopf: --x workload.params.messageSiz: no such axis of sweep grid; its axes are "
                + "[workload.params.messageSize, workload.params.concurrency] (did you mean 'workload.params.messageSize'?)");
        cli.clear();
        assertThat(cli.run("plot", db, "--x", SIZE, "--y", "througput")).isEqualTo(2);
        assertThat(cli.err()).contains("iopf: --y througput: no such figure of sweep grid; its figures are "
                + "[throughput, latency.p99] (did you mean 'throughput'?)");
        cli.clear();
        assertThat(cli.run("plot", db, "--x", "throughput", "--y", SIZE)).isEqualTo(2);
        assertThat(cli.err()).contains("(it is a figure: give it as --y)");
        cli.clear();
        assertThat(cli.run("plot", db, "--x", SIZE, "--y", "throughput", "--by", SIZE)).isEqualTo(2);
        assertThat(cli.err()).contains("--by " + SIZE + ": is also --x");
        cli.clear();
        assertThat(cli.run("plot", db, "--x", SIZE, "--y", "throughput", "--sweep", "gird")).isEqualTo(2);
        assertThat(cli.err()).contains("--sweep gird: no such sweep in").contains("(did you mean 'grid'?)");
    }

    @Test
    void aFileThatIsNotADatabaseIsOneLine() throws IOException {
        Path csv = out.resolve("results.csv");
        assertThat(cli.run("plot", csv.toString(), "--x", SIZE, "--y", "throughput")).isEqualTo(2);
        assertThat(cli.err()).isEqualTo("iopf: " + csv + ": not a DuckDB database\n");
        cli.clear();
        Path empty = Files.createFile(temp.resolve("empty.duckdb"));
        assertThat(cli.run("plot", empty.toString(), "--x", SIZE, "--y", "throughput")).isEqualTo(2);
        assertThat(cli.err()).isEqualTo("iopf: " + empty + ": not a DuckDB database\n");
        cli.clear();
        assertThat(cli.run("plot", temp.resolve("none").toString(), "--x", SIZE, "--y", "throughput")).isEqualTo(2);
        assertThat(cli.err()).isEqualTo("iopf: no such results database: " + temp.resolve("none") + "\n");
    }

    @Test
    void aDatabaseOfTwoSweepsNeedsSweep() throws IOException {
        Path both = Files.createDirectory(temp.resolve("both"));
        Files.copy(out.resolve("results.duckdb"), both.resolve("results.duckdb"));
        assertThat(sweep(cli, temp, "other.yaml", GRID.replace("name: grid", "name: other").replace("steps: 3",
                "steps: 2").replace("replications: 2", "replications: 1").replace("values: [1, 2]", "values: [3]"), both))
                .as(cli.err()).isZero();
        cli.clear();
        assertThat(cli.run("plot", both.toString(), "--x", SIZE, "--y", "throughput")).isEqualTo(2);
        assertThat(cli.err()).contains("holds the rows of 2 sweeps (").contains("(grid)", "(other)")
                .contains("expected --sweep ID");
        cli.clear();
        Path png = temp.resolve("other.png");
        assertThat(cli.run("plot", both.toString(), "--x", SIZE, "--y", "throughput", "--sweep", "other", "--out",
                png.toString())).as(cli.err()).isZero();
        assertThat(png).isRegularFile();
    }
}
