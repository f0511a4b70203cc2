package org.iopf.cli.chart;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.iopf.cli.chart.SweepResults.Column;
import org.iopf.cli.chart.SweepResults.Row;
import org.iopf.core.report.UnitFormat;

/**
 * The curves of one figure against one axis of a sweep: one series per combination of the
 * {@code by} axes' values, and in each the mean and 95% confidence interval of the figure over the
 * rows at each value of the x axis (the replications, and the values of any axis neither x nor
 * {@code by}, which are pooled). Failed rows and rows without the figure are left out and counted.
 *
 * @param x the x axis
 * @param y the figure
 * @param by the axes that tell the series apart
 * @param pooled the other axes, whose values each point pools
 * @param series the series, in the order their first row has in the sweep
 * @param failed rows of failed runs, left out
 * @param missing rows of runs that completed without the figure, left out
 * @since 0.1
 */
public record SweepCurves(Column x, Column y, List<Column> by, List<Column> pooled, List<Series> series, int failed,
        int missing) {
    /** Checks arguments. */
    public SweepCurves {
        requireNonNull(x, "x is null");
        requireNonNull(y, "y is null");
        by = List.copyOf(by);
        pooled = List.copyOf(pooled);
        series = List.copyOf(series);
    }

    /**
     * One line of the chart.
     *
     * @param label the {@code by} axes' values ({@code nodes[1].nic0.params.mtu=4 KiB}); empty
     *     without {@code by} axes
     * @param points its points, by x
     */
    public record Series(String label, List<Point> points) {
        /** Checks arguments. */
        public Series {
            requireNonNull(label, "label is null");
            points = List.copyOf(points);
        }
    }

    /**
     * One x value of a series.
     *
     * @param x the axis value: the number in base units, or the value's place among the axis's
     *     values (0, 1, ...) when the axis is text
     * @param xText the axis value as text
     * @param y the figure's mean and interval, in base units
     */
    public record Point(double x, String xText, MeanInterval y) {
    }

    /** Whether no row has the figure: there is nothing to draw. */
    public boolean empty() {
        return series.isEmpty();
    }

    /** The fewest and the most values that a point's mean is taken over. */
    public int[] replicationRange() {
        int min = Integer.MAX_VALUE;
        int max = 0;
        for (Series s : series) {
            for (Point p : s.points()) {
                min = Math.min(min, p.y().n());
                max = Math.max(max, p.y().n());
            }
        }
        return new int[] {series.isEmpty() ? 0 : min, max};
    }

    /** The text values of the x axis in the order of the sweep, for a text axis. */
    public List<String> xCategories() {
        List<String> categories = new ArrayList<>();
        for (Series s : series) {
            for (Point p : s.points()) {
                while (categories.size() <= (int) p.x()) {
                    categories.add("");
                }
                categories.set((int) p.x(), p.xText());
            }
        }
        return categories;
    }

    /**
     * The curves of figure {@code y} against axis {@code x} of {@code results}, one series per
     * combination of the {@code by} axes' values.
     *
     * @throws IllegalArgumentException if {@code x} or a {@code by} axis is not an axis of the
     *     sweep, {@code y} not one of its figures, or an axis is both x and by
     */
    public static SweepCurves of(SweepResults results, String x, String y, List<String> by) {
        Column xAxis = results.axis(x).orElseThrow(() -> new IllegalArgumentException("no axis " + x));
        Column metric = results.metric(y).orElseThrow(() -> new IllegalArgumentException("no figure " + y));
        List<Column> byAxes = new ArrayList<>();
        for (String b : by) {
            Column axis = results.axis(b).orElseThrow(() -> new IllegalArgumentException("no axis " + b));
            if (b.equals(x) || byAxes.contains(axis)) {
                throw new IllegalArgumentException("axis " + b + " is given twice");
            }
            byAxes.add(axis);
        }
        List<Column> pooled = results.axes().stream().filter(a -> !a.equals(xAxis) && !byAxes.contains(a)).toList();
        Map<Object, Integer> categories = new LinkedHashMap<>();
        Map<List<Object>, String> labels = new LinkedHashMap<>();
        Map<List<Object>, Map<Object, List<Double>>> grouped = new LinkedHashMap<>();
        Map<Object, Point> xValues = new LinkedHashMap<>();
        int failed = 0;
        int missing = 0;
        for (Row row : results.rows()) {
            if (row.failed()) {
                failed++;
                continue;
            }
            OptionalDouble value = row.number(y);
            if (value.isEmpty() || !Double.isFinite(value.getAsDouble())) {
                missing++;
                continue;
            }
            Object xKey = String.valueOf(row.cells().get(x));
            categories.putIfAbsent(xKey, categories.size());
            OptionalDouble xNumber = row.number(x);
            xValues.putIfAbsent(xKey, new Point(xAxis.numeric() && xNumber.isPresent() ? xNumber.getAsDouble()
                    : categories.get(xKey), text(row, xAxis), null));
            List<Object> key = byAxes.stream().map(a -> (Object) String.valueOf(row.cells().get(a.name()))).toList();
            labels.computeIfAbsent(key, k -> String.join(", ", byAxes.stream().map(a -> a.name() + "=" + text(row, a))
                    .toList()));
            grouped.computeIfAbsent(key, k -> new LinkedHashMap<>()).computeIfAbsent(xKey, k -> new ArrayList<>())
                    .add(value.getAsDouble());
        }
        List<Series> series = new ArrayList<>();
        grouped.forEach((key, byX) -> {
            List<Point> points = new ArrayList<>();
            byX.forEach((xKey, values) -> {
                Point at = xValues.get(xKey);
                points.add(new Point(at.x(), at.xText(), MeanInterval.of(values)));
            });
            points.sort(Comparator.comparingDouble(Point::x));
            series.add(new Series(labels.get(key), points));
        });
        return new SweepCurves(xAxis, metric, byAxes, pooled, series, failed, missing);
    }

    /** The value of axis {@code a} in {@code row} as text, with its unit ({@code 4 KiB}, {@code 2.5 µs}). */
    static String text(Row row, Column a) {
        OptionalDouble n = row.number(a.name());
        if (a.numeric() && n.isPresent()) {
            return withoutTrailingZeros(UnitFormat.format(n.getAsDouble(), UnitFormat.quantityOf(a.unit()),
                    "text".equals(a.unit()) ? "" : a.unit()));
        }
        return row.text(a.name()).orElse("");
    }

    /** {@code 4.000 KiB} as {@code 4 KiB}, {@code 2.500 MiB} as {@code 2.5 MiB}. */
    static String withoutTrailingZeros(String formatted) {
        return formatted.replaceAll("\\.0+(?= |%|$)", "").replaceAll("(\\.\\d*?[1-9])0+(?= |%|$)", "$1");
    }
}
