package org.iopf.core.observe;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Every metric's value at one moment of simulated time: one row of the statistics time series that
 * {@code --stats-interval} asks for.
 *
 * @param timeNanos the simulated time of the dump in ns, {@code >= 0}; the values are those after
 *     every event before this time and before any event at it
 * @param values every metric by full name, sorted; copied
 * @since 0.1
 */
public record MetricsDump(long timeNanos, SortedMap<String, MetricValue> values) {
    /** Checks and copies the arguments. */
    public MetricsDump {
        if (timeNanos < 0) {
            throw new IllegalArgumentException("timeNanos must be >= 0: " + timeNanos);
        }
        values = Collections.unmodifiableSortedMap(new TreeMap<>(requireNonNull(values, "values is null")));
    }
}
