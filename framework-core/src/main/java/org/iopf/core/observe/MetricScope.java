package org.iopf.core.observe;

import java.util.function.LongSupplier;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Histogram;
import org.iopf.api.observe.Metrics;

/** A named child scope of a {@link MetricRegistry}: every name is prefixed with the scope's. */
final class MetricScope implements Metrics {
    private final MetricRegistry registry;
    private final String prefix;

    MetricScope(MetricRegistry registry, String prefix) {
        this.registry = registry;
        this.prefix = prefix;
    }

    @Override
    public String prefix() {
        return prefix;
    }

    @Override
    public Metrics scope(String name) {
        return new MetricScope(registry, MetricNames.join(prefix, name));
    }

    @Override
    public Counter counter(String name, String unit) {
        return registry.counterNamed(MetricNames.join(prefix, name), unit);
    }

    @Override
    public Histogram histogram(String name, String unit) {
        return registry.histogramNamed(MetricNames.join(prefix, name), unit);
    }

    @Override
    public void gauge(String name, String unit, LongSupplier value) {
        registry.gaugeNamed(MetricNames.join(prefix, name), unit, value);
    }

    @Override
    public String toString() {
        return "MetricScope[" + prefix + "]";
    }
}
