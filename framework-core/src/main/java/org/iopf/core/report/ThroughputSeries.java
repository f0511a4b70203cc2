package org.iopf.core.report;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import org.iopf.core.observe.MetricValue;
import org.iopf.core.observe.MetricsDump;
import org.iopf.core.observe.MetricsTimeline;
import org.iopf.core.observe.TimeSeries;

/**
 * A workload's throughput over simulated time: consecutive intervals with the bytes completed in
 * each. Built from the time series of the {@code workload.bytes} counter, so it counts bytes when
 * their transfer completed.
 *
 * @param points the intervals in time order, contiguous from 0; not null, may be empty
 * @since 0.1
 */
public record ThroughputSeries(List<ThroughputPoint> points) {
    /** The series with no point. */
    public static final ThroughputSeries EMPTY = new ThroughputSeries(List.of());

    /** Checks and copies the points. */
    public ThroughputSeries {
        points = List.copyOf(requireNonNull(points, "points is null"));
    }

    /**
     * The series of a byte counter's time series: each bucket is one point, of the bucket's width.
     * The last point keeps its full width even if the run ended inside it, so that bytes completed
     * just before the end do not show as a spike over a sliver of time.
     *
     * @param bytes the time series of a byte counter, not null
     * @return the series
     */
    public static ThroughputSeries of(TimeSeries bytes) {
        requireNonNull(bytes, "bytes is null");
        List<ThroughputPoint> points = new ArrayList<>(bytes.size());
        for (int i = 0; i < bytes.size(); i++) {
            points.add(new ThroughputPoint(bytes.startNanos(i), bytes.bucketNanos(), bytes.value(i)));
        }
        return new ThroughputSeries(points);
    }

    /**
     * The series of a byte counter read from periodic metric dumps ({@code --stats-interval}): each
     * dump gives one point from the previous dump (or 0) to its own time, with the bytes counted in
     * between. Dumps at the same time as the previous
     * one give no point.
     *
     * @param timeline the dumps, not null
     * @param counter the byte counter's full name ({@code workload.bytes}), not null
     * @return the series, empty if no dump holds the counter
     */
    public static ThroughputSeries of(MetricsTimeline timeline, String counter) {
        requireNonNull(timeline, "timeline is null");
        requireNonNull(counter, "counter is null");
        List<ThroughputPoint> points = new ArrayList<>();
        long lastTime = 0;
        long lastBytes = 0;
        for (MetricsDump dump : timeline.dumps()) {
            if (!(dump.values().get(counter) instanceof MetricValue.CounterValue c)) {
                continue;
            }
            if (dump.timeNanos() > lastTime) {
                points.add(new ThroughputPoint(lastTime, dump.timeNanos() - lastTime, c.value() - lastBytes));
                lastTime = dump.timeNanos();
                lastBytes = c.value();
            }
        }
        return new ThroughputSeries(points);
    }

    /** The number of points in which some bytes completed. */
    public int nonEmpty() {
        return (int) points.stream().filter(p -> p.bytes() > 0).count();
    }

    /** The bytes in all points. */
    public long totalBytes() {
        return points.stream().mapToLong(ThroughputPoint::bytes).sum();
    }

    /**
     * This series with neighbouring points merged so that at most {@code maxPoints} remain (each
     * merged point covers the same number of original points, except perhaps the last), for a
     * smoother chart. Totals are unchanged.
     *
     * @param maxPoints the most points wanted, {@code >= 1}
     * @return the coarser series, or this one if it is short enough
     */
    public ThroughputSeries coarsened(int maxPoints) {
        if (maxPoints < 1) {
            throw new IllegalArgumentException("maxPoints must be >= 1: " + maxPoints);
        }
        if (points.size() <= maxPoints) {
            return this;
        }
        int group = (points.size() + maxPoints - 1) / maxPoints;
        List<ThroughputPoint> merged = new ArrayList<>(maxPoints);
        for (int i = 0; i < points.size(); i += group) {
            List<ThroughputPoint> part = points.subList(i, Math.min(points.size(), i + group));
            long duration = part.stream().mapToLong(ThroughputPoint::durationNanos).sum();
            long bytes = part.stream().mapToLong(ThroughputPoint::bytes).sum();
            merged.add(new ThroughputPoint(part.get(0).startNanos(), duration, bytes));
        }
        return new ThroughputSeries(merged);
    }
}
