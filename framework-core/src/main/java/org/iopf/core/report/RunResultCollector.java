package org.iopf.core.report;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.SortedMap;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.mem.MemoryStats;
import org.iopf.api.sim.CpuCore;
import org.iopf.core.node.NodeFaultQueue;
import org.iopf.core.node.SimNode;
import org.iopf.core.observe.MetricValue;
import org.iopf.core.observe.MetricsTimeline;
import org.iopf.core.observe.TimeSeries;
import org.iopf.core.platform.Expectation;
import org.iopf.core.platform.Expectation.Quantity;
import org.iopf.core.run.SimWorkloadContext;
import org.iopf.core.run.Simulation;

/** Reads a finished simulation into a {@link RunResult}; see there for the figures. */
final class RunResultCollector {
    private static final String BYTES = "workload.bytes";

    private final Simulation sim;
    private final SortedMap<String, MetricValue> snapshot;
    private final Map<String, Figure> figures = new LinkedHashMap<>();

    private RunResultCollector(Simulation sim) {
        this.sim = sim;
        this.snapshot = sim.metrics().snapshot();
    }

    static RunResult collect(String name, String source, List<Expectation> expectations, Simulation sim,
            SimWorkloadContext run, long wallNanos) {
        return collect(name, source, expectations, sim, run, wallNanos, -1, MetricsTimeline.NONE);
    }

    static RunResult collect(String name, String source, List<Expectation> expectations, Simulation sim,
            SimWorkloadContext run, long wallNanos, long peakHeapBytes, MetricsTimeline timeline) {
        requireNonNull(sim, "sim is null");
        requireNonNull(run, "run is null");
        if (wallNanos < 0) {
            throw new IllegalArgumentException("wallNanos must be >= 0: " + wallNanos);
        }
        long end = run.finishedAt() >= 0 ? run.finishedAt() : sim.kernel().now();
        RunResultCollector c = new RunResultCollector(sim);
        c.workload(end);
        c.faults();
        c.cpu(end);
        c.memory();
        SpeedReport speed = new SpeedReport(sim.kernel().executedEvents(), wallNanos, end, peakHeapBytes);
        c.speed(run, end, wallNanos, speed);
        c.raw();
        ThroughputSeries fromDumps = ThroughputSeries.of(timeline, BYTES);
        ThroughputSeries series = !fromDumps.points().isEmpty() ? fromDumps
                : sim.metrics().series(BYTES).map(ThroughputSeries::of).orElse(ThroughputSeries.EMPTY);
        RunDetails details = new RunDetails(speed, c.snapshot, timeline, Inspections.render(sim.inspectables()));
        return new RunResult(name, source, sim.random().seed(), new ArrayList<>(c.figures.values()), series,
                expectations, run.outcome(), details);
    }

    private void workload(long end) {
        MetricValue bytes = snapshot.get(BYTES);
        if (bytes != null) {
            long b = longValue(bytes);
            long elapsed = snapshot.get("workload.elapsed") instanceof MetricValue.GaugeValue g && g.value() > 0
                    ? g.value() : end;
            if (elapsed > 0) {
                put(Figure.of("throughput", b * 8.0 * 1e9 / elapsed, Quantity.RATE));
            }
            sim.metrics().series(BYTES).ifPresent(series -> steadyThroughput(series, end)
                    .ifPresent(rate -> put(Figure.of("throughput.steady", rate, Quantity.RATE))));
            put(Figure.of("bytes", b, Quantity.BYTES));
        }
        copy("workload.messages", "messages");
        copy("workload.errors", "errors");
        copy("workload.integrity.mismatchedPages", "integrity.mismatchedPages");
        if (snapshot.get("workload.latency") instanceof MetricValue.HistogramSummary h && h.count() > 0) {
            put(Figure.of("latency.p50", h.p50(), Quantity.DURATION));
            put(Figure.of("latency.p99", h.p99(), Quantity.DURATION));
            put(Figure.of("latency.p999", h.p999(), Quantity.DURATION));
            put(Figure.of("latency.max", h.max(), Quantity.DURATION));
            put(Figure.of("latency.mean", h.mean(), Quantity.DURATION));
        }
    }

    /**
     * The rate of the second half of the bytes: the bytes recorded after the bucket in which half
     * the total was reached, over the time from that bucket's middle (where the last completion of
     * the first half is on average; bytes are recorded when an operation completes) to the end of
     * the run, so a cold start that ends before half-way is left out.
     */
    static OptionalDouble steadyThroughput(TimeSeries bytes, long end) {
        long total = bytes.total();
        long cumulative = 0;
        for (int i = 0; i < bytes.size(); i++) {
            cumulative += bytes.value(i);
            if (2 * cumulative >= total) {
                long from = bytes.startNanos(i) + bytes.bucketNanos() / 2;
                long rest = total - cumulative;
                return from < end && rest > 0 ? OptionalDouble.of(rest * 8.0 * 1e9 / (end - from))
                        : OptionalDouble.empty();
            }
        }
        return OptionalDouble.empty();
    }

    private void faults() {
        long total = 0;
        Map<String, Long> byKind = new LinkedHashMap<>();
        for (FaultKind kind : FaultKind.values()) {
            String k = kind.name().toLowerCase(Locale.ROOT);
            long sum = sumOverNodes(NodeFaultQueue.METRIC_SCOPE + "." + k);
            byKind.put(k, sum);
            total += sum;
        }
        put(new Figure("faults.total", total, Quantity.NUMBER, "faults"));
        byKind.forEach((k, v) -> put(new Figure("faults." + k, v, Quantity.NUMBER, "faults")));
        put(new Figure("faults.retried", sumOverNodes(NodeFaultQueue.METRIC_SCOPE + ".retried"), Quantity.NUMBER, "faults"));
        put(new Figure("faults.terminated", sumOverNodes(NodeFaultQueue.METRIC_SCOPE + ".terminated"), Quantity.NUMBER, "faults"));
        List<String> histograms = sim.nodes().stream().map(n -> n.id().name() + "." + NodeFaultQueue.METRIC_SCOPE + ".resolution").toList();
        sim.metrics().mergedHistogram(histograms, "ns").filter(h -> h.count() > 0).ifPresent(h -> {
            put(Figure.of("faults.resolution.p50", h.p50(), Quantity.DURATION));
            put(Figure.of("faults.resolution.p99", h.p99(), Quantity.DURATION));
            put(Figure.of("faults.resolution.max", h.max(), Quantity.DURATION));
        });
    }

    private long sumOverNodes(String suffix) {
        long sum = 0;
        for (SimNode node : sim.nodes()) {
            MetricValue v = snapshot.get(node.id().name() + "." + suffix);
            if (v != null) {
                sum += longValue(v);
            }
        }
        return sum;
    }

    private void cpu(long end) {
        for (SimNode node : sim.nodes()) {
            for (CpuCore core : node.resources().cores()) {
                double utilisation = end == 0 ? 0 : Math.min(1.0, core.busyNanos() / (double) end);
                put(Figure.of("cpu." + node.id().name() + "." + core.name(), utilisation, Quantity.RATIO));
            }
        }
    }

    private void memory() {
        for (SimNode node : sim.nodes()) {
            MemoryStats stats = node.memoryManager().stats();
            put(Figure.of("memory." + node.id().name() + ".reserved", stats.residentBytes(), Quantity.BYTES));
            put(Figure.of("memory." + node.id().name() + ".pinned", stats.pinnedBytes(), Quantity.BYTES));
        }
    }

    private void speed(SimWorkloadContext run, long end, long wallNanos, SpeedReport speed) {
        long events = sim.kernel().executedEvents();
        put(Figure.of("sim.time", end, Quantity.DURATION));
        put(new Figure("sim.finished", run.isFinished() ? 1 : 0, Quantity.NUMBER, ""));
        put(new Figure("sim.events", events, Quantity.NUMBER, "events"));
        put(new Figure("wall.seconds", wallNanos / 1e9, Quantity.NUMBER, "s"));
        if (wallNanos > 0) {
            put(new Figure("wall.eventsPerSecond", events / (wallNanos / 1e9), Quantity.NUMBER, "events/s"));
            put(new Figure("wall.simSecondsPerSecond", speed.simSecondsPerWallSecond(), Quantity.NUMBER, "sim s/wall s"));
        }
        if (speed.hasPeakHeap()) {
            put(Figure.of("wall.peakHeap", speed.peakHeapBytes(), Quantity.BYTES));
        }
    }

    private void raw() {
        snapshot.forEach((name, value) -> {
            if (value instanceof MetricValue.HistogramSummary h) {
                Quantity q = UnitFormat.quantityOf(h.unit());
                putRaw(name + ".p50", h.p50(), q, h.unit());
                putRaw(name + ".p99", h.p99(), q, h.unit());
                putRaw(name + ".p999", h.p999(), q, h.unit());
                putRaw(name + ".max", h.max(), q, h.unit());
                putRaw(name + ".mean", h.mean(), q, h.unit());
                putRaw(name + ".count", h.count(), Quantity.NUMBER, "values");
            } else {
                putRaw(name, longValue(value), UnitFormat.quantityOf(value.unit()), value.unit());
            }
        });
    }

    private void copy(String metric, String figure) {
        MetricValue v = snapshot.get(metric);
        if (v != null && !(v instanceof MetricValue.HistogramSummary)) {
            putRaw(figure, longValue(v), UnitFormat.quantityOf(v.unit()), v.unit());
        }
    }

    private void putRaw(String name, double value, Quantity quantity, String unit) {
        String shown = quantity == Quantity.NUMBER ? unit : UnitFormat.baseUnit(quantity);
        figures.putIfAbsent(name, new Figure(name, value, quantity, shown));
    }

    private void put(Figure figure) {
        figures.putIfAbsent(figure.name(), figure);
    }

    private static long longValue(MetricValue value) {
        if (value instanceof MetricValue.CounterValue c) {
            return c.value();
        }
        if (value instanceof MetricValue.GaugeValue g) {
            return g.value();
        }
        return ((MetricValue.HistogramSummary) value).count();
    }
}
