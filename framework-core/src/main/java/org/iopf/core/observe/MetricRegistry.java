package org.iopf.core.observe;

import static java.util.Objects.requireNonNull;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Histogram;
import org.iopf.api.observe.Metrics;

/**
 * The root {@link Metrics} scope of a run, and the store behind all of its child scopes. Names are
 * dot-separated ({@code node1.smmu.tlb.hits}); asking twice for one name returns the same metric,
 * and asking for a name already used by another kind of metric, or with another unit, is an
 * {@link IllegalArgumentException}. Histograms are HdrHistograms with 3 significant digits that
 * resize themselves.
 *
 * <p>A registry built with a clock ({@link #MetricRegistry(LongSupplier)}) also keeps, for every
 * counter (or those chosen by name, {@link #MetricRegistry(LongSupplier, Predicate)}), a {@link TimeSeries} of its increments over simulated time (bucketed, at most 1024 buckets
 * of adaptive width, exact totals), read with {@link #series(String)}.
 *
 * <p>Not thread-safe.
 *
 * @since 0.1
 */
public final class MetricRegistry implements Metrics {
    private record Registered(Object metric, String unit) {
    }

    private final Map<String, Registered> metrics = new HashMap<>();
    private final LongSupplier clock;
    private final Predicate<String> keepsSeries;

    /** Creates an empty registry whose counters keep no time series. */
    public MetricRegistry() {
        this.clock = null;
        this.keepsSeries = name -> false;
    }

    /**
     * Creates an empty registry whose counters keep a time series of their increments.
     *
     * @param now the simulated time in ns ({@code kernel::now}), read at every counter increment;
     *     not null
     */
    public MetricRegistry(LongSupplier now) {
        this(now, name -> true);
    }

    /**
     * Creates an empty registry in which the counters whose full names {@code keepsSeries} accepts
     * keep a time series of their increments; the others cost no clock read per increment.
     *
     * @param now the simulated time in ns ({@code kernel::now}); not null
     * @param keepsSeries which counters keep a series, by full name ({@code workload.bytes}); not null
     */
    public MetricRegistry(LongSupplier now, Predicate<String> keepsSeries) {
        this.clock = requireNonNull(now, "now is null");
        this.keepsSeries = requireNonNull(keepsSeries, "keepsSeries is null");
    }

    /** Returns the empty string: the root scope has no prefix. */
    @Override
    public String prefix() {
        return "";
    }

    @Override
    public Metrics scope(String name) {
        return new MetricScope(this, MetricNames.join("", name));
    }

    @Override
    public Counter counter(String name, String unit) {
        return counterNamed(MetricNames.join("", name), unit);
    }

    @Override
    public Histogram histogram(String name, String unit) {
        return histogramNamed(MetricNames.join("", name), unit);
    }

    /**
     * {@inheritDoc}
     *
     * <p>A gauge is registered once: registering a second gauge (or any metric) under a name already
     * in use is an {@link IllegalArgumentException}.
     */
    @Override
    public void gauge(String name, String unit, LongSupplier value) {
        gaugeNamed(MetricNames.join("", name), unit, value);
    }

    /**
     * Reads every metric, sorted by full name, for reporters. Gauges are read now.
     *
     * @return a new sorted map from full name to value, never null
     */
    public SortedMap<String, MetricValue> snapshot() {
        SortedMap<String, MetricValue> result = new TreeMap<>();
        metrics.forEach((name, registered) -> result.put(name, valueOf(registered)));
        return result;
    }

    /**
     * The time series of the counter named {@code name}: what was added in each bucket of simulated
     * time. Empty if the registry has no clock or no counter has that name.
     *
     * @param name the counter's full name ({@code workload.bytes}), not null
     * @return a copy of the series as it is now
     */
    public Optional<TimeSeries> series(String name) {
        requireNonNull(name, "name is null");
        Registered registered = metrics.get(name);
        if (registered == null || !(registered.metric() instanceof LongCounter counter) || counter.series() == null) {
            return Optional.empty();
        }
        return Optional.of(counter.series().snapshot(registered.unit()));
    }

    /**
     * The summary of the histograms named {@code names} taken together, as if every value had been
     * recorded into one: percentiles over all values, not an average of percentiles. Names that are
     * not histograms are ignored.
     *
     * @param names full names of histograms ({@code node1.faultQueue.resolution}), not null
     * @param unit the unit to give the merged summary, not null
     * @return the merged summary, or empty if no name is a histogram
     */
    public Optional<MetricValue.HistogramSummary> mergedHistogram(Collection<String> names, String unit) {
        requireNonNull(names, "names is null");
        requireNonNull(unit, "unit is null");
        HdrBackedHistogram merged = new HdrBackedHistogram("merged");
        boolean any = false;
        for (String name : names) {
            Registered registered = metrics.get(name);
            if (registered != null && registered.metric() instanceof HdrBackedHistogram h) {
                merged.add(h);
                any = true;
            }
        }
        return any ? Optional.of(summary(unit, merged)) : Optional.empty();
    }

    Counter counterNamed(String fullName, String unit) {
        return register(fullName, unit, LongCounter.class,
                () -> new LongCounter(fullName, keepsSeries.test(fullName) ? clock : null));
    }

    Histogram histogramNamed(String fullName, String unit) {
        return register(fullName, unit, HdrBackedHistogram.class, () -> new HdrBackedHistogram(fullName));
    }

    void gaugeNamed(String fullName, String unit, LongSupplier value) {
        requireNonNull(value, "value is null");
        requireNonNull(unit, "unit is null");
        if (metrics.containsKey(fullName)) {
            throw new IllegalArgumentException("metric '" + fullName + "' is already registered");
        }
        metrics.put(fullName, new Registered(value, unit));
    }

    private <T> T register(String fullName, String unit, Class<T> type, Supplier<T> factory) {
        requireNonNull(unit, "unit is null");
        Registered existing = metrics.get(fullName);
        if (existing == null) {
            T metric = factory.get();
            metrics.put(fullName, new Registered(metric, unit));
            return metric;
        }
        if (!type.isInstance(existing.metric()) || !existing.unit().equals(unit)) {
            throw new IllegalArgumentException("metric '" + fullName + "' is already registered as "
                    + kind(existing.metric()) + " in " + existing.unit() + "; asked for " + kind(type) + " in " + unit);
        }
        return type.cast(existing.metric());
    }

    private static String kind(Object metric) {
        return kind(metric.getClass());
    }

    private static String kind(Class<?> type) {
        if (LongCounter.class.isAssignableFrom(type)) {
            return "a counter";
        }
        if (HdrBackedHistogram.class.isAssignableFrom(type)) {
            return "a histogram";
        }
        return "a gauge";
    }

    private static MetricValue.HistogramSummary summary(String unit, Histogram h) {
        return new MetricValue.HistogramSummary(unit, h.count(), h.min(), h.mean(), h.percentile(50),
                h.percentile(90), h.percentile(99), h.percentile(99.9), h.max());
    }

    private static MetricValue valueOf(Registered registered) {
        Object metric = registered.metric();
        String unit = registered.unit();
        if (metric instanceof Counter counter) {
            return new MetricValue.CounterValue(unit, counter.value());
        }
        if (metric instanceof Histogram h) {
            return summary(unit, h);
        }
        return new MetricValue.GaugeValue(unit, ((LongSupplier) metric).getAsLong());
    }
}
