package org.iopf.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.iopf.cli.chart.ThroughputChart;
import org.iopf.core.io.AtomicFile;
import org.iopf.core.report.CsvReport;
import org.iopf.core.report.Figure;
import org.iopf.core.report.JsonReport;
import org.iopf.core.report.RunResult;
import org.iopf.core.report.StatsReport;
import org.iopf.core.report.SummaryTable;
import org.iopf.core.report.TableReport;

/** Prints and writes a {@link RunResult} in the formats the commands offer. */
final class ResultOutput {
    /** Size of the PNG chart, pixels. */
    static final int CHART_WIDTH = 1000;
    static final int CHART_HEIGHT = 500;

    private ResultOutput() {
    }

    /** Prints {@code result} on {@code out} as {@code format}. */
    static void print(RunResult result, OutputFormat format, PrintWriter out) {
        switch (format) {
            case TABLE -> out.print(new TableReport(false).render(result));
            case JSON -> out.println(JsonReport.toJson(result));
            case CSV -> {
                StringWriter text = new StringWriter();
                try {
                    CsvReport.writeFigures(result, text);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                out.print(text);
            }
        }
        out.flush();
    }

    /**
     * Writes {@code results.json}, {@code results.csv}, {@code throughput.csv} and
     * {@code throughput.png} into {@code dir} (created if missing), each complete or not at all
     * ({@link AtomicFile}).
     *
     * @return the files written
     * @throws UncheckedIOException if a file cannot be written, naming it and why
     */
    static List<Path> writeFiles(RunResult result, Path dir) {
        return writeFiles(result, dir, null);
    }

    /**
     * As {@link #writeFiles(RunResult, Path)}, but the chart is queued on {@code charts} (drawn on
     * its thread; complete once {@link ChartWriter#close()} has returned), or drawn here if null.
     */
    static List<Path> writeFiles(RunResult result, Path dir, ChartWriter charts) {
        AtomicFile.createFolder(dir);
        Path json = dir.resolve("results.json");
        Path csv = dir.resolve("results.csv");
        Path series = dir.resolve("throughput.csv");
        Path png = dir.resolve("throughput.png");
        JsonReport.write(result, json);
        CsvReport.write(result, csv, series);
        if (charts == null) {
            ThroughputChart.write(result, png, CHART_WIDTH, CHART_HEIGHT);
        } else {
            charts.submit(result, png);
        }
        return List.of(json, csv, series, png);
    }

    /**
     * Writes {@code stats.json} and/or {@code stats.csv} (with {@code stats-series.csv} when the run
     * took periodic dumps) into {@code dir} (created if missing).
     *
     * @param formats {@code json}, {@code csv}
     * @return the files written
     */
    static List<Path> writeStats(RunResult result, java.util.Set<String> formats, Path dir) {
        AtomicFile.createFolder(dir);
        List<Path> written = new java.util.ArrayList<>();
        if (formats.contains("json")) {
            Path json = dir.resolve("stats.json");
            StatsReport.writeJson(result, json);
            written.add(json);
        }
        if (formats.contains("csv")) {
            Path csv = dir.resolve("stats.csv");
            Path series = result.details().timeline().dumps().isEmpty() ? null : dir.resolve("stats-series.csv");
            StatsReport.writeCsv(result, csv, series);
            written.add(csv);
            if (series != null) {
                written.add(series);
            }
        }
        return written;
    }

    /** Whether every expectation of the run was met (true when it has none). */
    static boolean allExpectationsMet(RunResult result) {
        return result.expectations().allPassed();
    }

    /** One line per expectation of {@code result}, headed by the scenario. */
    static void printExpectations(RunResult result, PrintWriter out) {
        out.printf("%s: %d of %d expectations met%n", result.scenario(), result.expectations().passed(),
                result.expectations().total());
        for (var o : result.expectations().outcomes()) {
            out.printf("  %-4s %-32s measured %-14s expected %s%n", o.verdict(), o.expectation().metric(),
                    o.measuredText(), o.expectation().written());
            if (o.missing()) {
                out.println("       " + o.message());
            }
        }
        out.flush();
    }

    /** The summary table of several runs. */
    static void printSummary(List<RunResult> results, PrintWriter out) {
        out.print(SummaryTable.render(results));
        out.flush();
    }

    /** Every figure whose name starts with {@code prefix} (case-insensitive). */
    static void printFigures(RunResult result, String prefix, PrintWriter out) {
        int width = result.figures().stream().mapToInt(f -> f.name().length()).max().orElse(0);
        for (Figure f : result.figures()) {
            if (f.name().toLowerCase(Locale.ROOT).startsWith(prefix)) {
                out.printf("  %-" + width + "s  %s%n", f.name(), f.formatted());
            }
        }
        out.flush();
    }
}
