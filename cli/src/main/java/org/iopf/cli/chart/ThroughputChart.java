package org.iopf.cli.chart;

import static java.util.Objects.requireNonNull;

import java.awt.BasicStroke;
import java.awt.Color;
import java.nio.file.Path;
import org.iopf.core.io.AtomicFile;
import org.iopf.core.platform.Expectation.Quantity;
import org.iopf.core.report.RunResult;
import org.iopf.core.report.ThroughputPoint;
import org.iopf.core.report.ThroughputSeries;
import org.iopf.core.report.UnitFormat;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Draws a run's throughput over simulated time as a PNG: a step line, x in simulated µs (or ms for
 * runs of 10 ms and more), y in Gbps of bytes completed, each step one interval of the run's
 * {@link RunResult#throughput() throughput series}. Bytes are counted when their transfer
 * completed (the y axis says so), so a step narrower than the gap between completions would show
 * spikes and gaps rather than a rate: {@link #write(RunResult, Path, int, int)} merges neighbouring
 * intervals so that there are about four non-empty intervals per step, and at most
 * {@link #DEFAULT_POINTS} steps, and its subtitle states the step's width and how many intervals
 * of {@code throughput.csv} each step merges.
 *
 * <p>Draws off screen: sets {@code java.awt.headless=true} before AWT starts unless the property is
 * already set.
 *
 * @since 0.1
 */
public final class ThroughputChart {
    /** The y axis's label: a rate of completions, not of bytes on the wire. */
    static final String Y_LABEL = "bytes completed (Gbps)";

    /** The most steps drawn by {@link #write(RunResult, Path, int, int)}. */
    public static final int DEFAULT_POINTS = 200;

    static {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private ThroughputChart() {
    }

    /**
     * Writes the throughput chart of {@code result} to {@code png}, replacing it.
     *
     * @param result the run, not null
     * @param png the file to write, not null
     * @param width the image's width in pixels, {@code > 0}
     * @param height the image's height in pixels, {@code > 0}
     */
    public static void write(RunResult result, Path png, int width, int height) {
        requireNonNull(result, "result is null");
        ThroughputSeries drawn = smoothed(result.throughput());
        JFreeChart chart = chart(result.scenario() + " (seed " + result.seed() + ")", drawn);
        chart.addSubtitle(new TextTitle(binNote(result.throughput(), drawn)));
        write(chart, png, width, height);
    }

    /**
     * Writes {@code chart} to {@code png} as a PNG image of {@code width × height} pixels.
     *
     * @param chart the chart, not null
     * @param png the file to write, not null
     * @param width the image's width in pixels, {@code > 0}
     * @param height the image's height in pixels, {@code > 0}
     * @throws java.io.UncheckedIOException if the file cannot be written, naming it and why; a
     *     complete earlier file is left as it was
     */
    public static void write(JFreeChart chart, Path png, int width, int height) {
        requireNonNull(chart, "chart is null");
        requireNonNull(png, "png is null");
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("width and height must be > 0: " + width + " x " + height);
        }
        AtomicFile.write(png, out -> ChartUtils.writeChartAsPNG(out, chart, width, height));
    }

    /**
     * The chart of {@code series}, every point drawn.
     *
     * @param title the chart's title, not null
     * @param series the throughput over simulated time, not null
     * @return a new chart
     */
    public static JFreeChart chart(String title, ThroughputSeries series) {
        requireNonNull(title, "title is null");
        requireNonNull(series, "series is null");
        long end = series.points().isEmpty() ? 0 : last(series).startNanos() + last(series).durationNanos();
        boolean millis = end >= 10_000_000L;
        double scale = millis ? 1e6 : 1e3;
        XYSeries data = new XYSeries("throughput", false, true);
        for (ThroughputPoint p : series.points()) {
            data.add(p.startNanos() / scale, p.bitsPerSecond() / 1e9);
        }
        if (!series.points().isEmpty()) {
            data.add(end / scale, last(series).bitsPerSecond() / 1e9);
        }
        JFreeChart chart = ChartFactory.createXYLineChart(title, "simulated time (" + (millis ? "ms" : "µs") + ")",
                Y_LABEL, new XYSeriesCollection(data), PlotOrientation.VERTICAL, false, false, false);
        XYPlot plot = chart.getXYPlot();
        XYStepRenderer renderer = new XYStepRenderer();
        renderer.setSeriesPaint(0, new Color(0x1f, 0x77, 0xb4));
        renderer.setSeriesStroke(0, new BasicStroke(1.5f));
        plot.setRenderer(renderer);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        chart.setBackgroundPaint(Color.WHITE);
        return chart;
    }

    /**
     * What {@code drawn}'s steps are: {@code each step 40 µs, 4 intervals of throughput.csv; bytes
     * counted when their transfer completed}.
     */
    static String binNote(ThroughputSeries csv, ThroughputSeries drawn) {
        String completion = "bytes counted when their transfer completed";
        if (drawn.points().isEmpty()) {
            return "no bytes completed; " + completion;
        }
        long width = drawn.points().get(0).durationNanos();
        int merged = (csv.points().size() + drawn.points().size() - 1) / drawn.points().size();
        return "each step " + UnitFormat.format(width, Quantity.DURATION) + ", "
                + (merged == 1 ? "one interval" : merged + " intervals") + " of throughput.csv; " + completion;
    }

    /** {@code series} merged to about four non-empty intervals per step, at most {@link #DEFAULT_POINTS}. */
    static ThroughputSeries smoothed(ThroughputSeries series) {
        return series.coarsened(Math.max(1, Math.min(DEFAULT_POINTS, series.nonEmpty() / 4)));
    }

    private static ThroughputPoint last(ThroughputSeries series) {
        return series.points().get(series.points().size() - 1);
    }
}
