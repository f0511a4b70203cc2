package org.iopf.cli.chart;

import static java.util.Objects.requireNonNull;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.iopf.cli.chart.SweepCurves.Point;
import org.iopf.cli.chart.SweepCurves.Series;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.DeviationRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * Draws the {@link SweepCurves} of one figure as a PNG: a line with markers per series, the mean at
 * each x value, a shaded 95% confidence band around it, the x axis on a log scale when the sweep's
 * axis is log, both axes labelled with a unit chosen from the data ({@link DisplayUnit}). The
 * subtitle says what each point is the mean of (and that there is no band with one replication),
 * and how many rows were left out.
 *
 * <p>Draws off screen: sets {@code java.awt.headless=true} before AWT starts unless the property is
 * already set.
 *
 * @since 0.1
 */
public final class SweepChart {
    /** The image's width in pixels. */
    public static final int WIDTH = 900;
    /** The image's height in pixels. */
    public static final int HEIGHT = 560;

    private static final Color[] PALETTE = {new Color(0x1f, 0x77, 0xb4), new Color(0xff, 0x7f, 0x0e),
        new Color(0x2c, 0xa0, 0x2c), new Color(0xd6, 0x27, 0x28), new Color(0x94, 0x67, 0xbd),
        new Color(0x8c, 0x56, 0x4b), new Color(0xe3, 0x77, 0xc2), new Color(0x7f, 0x7f, 0x7f),
        new Color(0xbc, 0xbd, 0x22), new Color(0x17, 0xbe, 0xcf)};

    static {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private SweepChart() {
    }

    /**
     * The chart of {@code curves}.
     *
     * @param title the chart's title, not null
     * @param curves at least one series
     */
    public static JFreeChart chart(String title, SweepCurves curves) {
        requireNonNull(title, "title is null");
        if (curves.empty()) {
            throw new IllegalArgumentException("no values of " + curves.y().name() + " to draw");
        }
        DisplayUnit yUnit = DisplayUnit.of(curves.y().unit(), largest(curves, true));
        boolean logX = logScale(curves);
        DisplayUnit xUnit = curves.x().numeric()
                ? DisplayUnit.of(curves.x().unit(), logX ? smallest(curves) : largest(curves, false))
                : new DisplayUnit("", 1);
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        for (Series s : curves.series()) {
            YIntervalSeries series = new YIntervalSeries(s.label().isEmpty() ? curves.y().name() : s.label());
            for (Point p : s.points()) {
                double x = curves.x().numeric() ? xUnit.convert(p.x()) : p.x();
                series.add(x, yUnit.convert(p.y().mean()), yUnit.convert(p.y().low()), yUnit.convert(p.y().high()));
            }
            data.addSeries(series);
        }
        NumberAxis yAxis = new NumberAxis(yUnit.label(curves.y().name()));
        yAxis.setAutoRangeIncludesZero(false);
        XYPlot plot = new XYPlot(data, xAxis(curves, xUnit, logX), yAxis, renderer(data.getSeriesCount()));
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, !curves.by().isEmpty());
        chart.addSubtitle(new TextTitle(subtitle(curves), new Font(Font.SANS_SERIF, Font.PLAIN, 12)));
        chart.setBackgroundPaint(Color.WHITE);
        return chart;
    }

    /** {@code chart} as a PNG image of {@link #WIDTH} x {@link #HEIGHT} pixels. */
    public static byte[] png(JFreeChart chart) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ChartUtils.writeChartAsPNG(out, chart, WIDTH, HEIGHT);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** What each point is, and what was left out. */
    static String subtitle(SweepCurves curves) {
        int[] n = curves.replicationRange();
        String over = n[0] == n[1] ? String.valueOf(n[0]) : n[0] + " to " + n[1];
        List<String> parts = new ArrayList<>();
        if (n[1] == 1) {
            parts.add("1 run per point: no confidence band");
        } else {
            parts.add("mean of " + over + " runs per point, band: 95% confidence interval (Student t)"
                    + (n[0] == 1 ? ", none at points of 1 run" : ""));
        }
        if (!curves.pooled().isEmpty()) {
            parts.add("pooled over " + String.join(", ", curves.pooled().stream().map(SweepResults.Column::name)
                    .toList()));
        }
        if (curves.failed() > 0) {
            parts.add(curves.failed() + " failed run" + (curves.failed() == 1 ? "" : "s") + " left out");
        }
        if (curves.missing() > 0) {
            parts.add(curves.missing() + " run" + (curves.missing() == 1 ? "" : "s") + " without this figure left out");
        }
        return String.join("; ", parts);
    }

    /** Whether the x axis is drawn on a log scale: the sweep's axis is log, and every value is > 0. */
    static boolean logScale(SweepCurves curves) {
        return curves.x().logScale() && curves.x().numeric() && smallest(curves) > 0;
    }

    private static ValueAxis xAxis(SweepCurves curves, DisplayUnit unit, boolean log) {
        String label = unit.label(curves.x().name());
        if (!curves.x().numeric()) {
            return new SymbolAxis(label, curves.xCategories().toArray(String[]::new));
        }
        if (!log) {
            NumberAxis axis = new NumberAxis(label);
            axis.setAutoRangeIncludesZero(false);
            return axis;
        }
        LogAxis axis = new LogAxis(label + ", log scale");
        // sizes grow by powers of two: label those
        axis.setBase("bytes".equals(curves.x().unit()) ? 2 : 10);
        // ticks at whole powers of the base only (4, 8, 16 KiB; never 22.627)
        axis.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        axis.setNumberFormatOverride(new DecimalFormat("0.###", DecimalFormatSymbols.getInstance(Locale.ROOT)));
        axis.setSmallestValue(1e-300);
        return axis;
    }

    private static DeviationRenderer renderer(int series) {
        DeviationRenderer renderer = new DeviationRenderer(true, true);
        renderer.setAlpha(0.2f);
        for (int i = 0; i < series; i++) {
            Color color = PALETTE[i % PALETTE.length];
            renderer.setSeriesPaint(i, color);
            renderer.setSeriesFillPaint(i, color);
            renderer.setSeriesStroke(i, new BasicStroke(1.5f));
        }
        return renderer;
    }

    private static double largest(SweepCurves curves, boolean y) {
        double largest = 0;
        for (Series s : curves.series()) {
            for (Point p : s.points()) {
                largest = Math.max(largest, y ? Math.max(Math.abs(p.y().low()), Math.abs(p.y().high())) : Math.abs(p.x()));
            }
        }
        return largest;
    }

    private static double smallest(SweepCurves curves) {
        double smallest = Double.POSITIVE_INFINITY;
        for (Series s : curves.series()) {
            for (Point p : s.points()) {
                smallest = Math.min(smallest, p.x());
            }
        }
        return smallest;
    }
}
