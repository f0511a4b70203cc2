package org.iopf.core.report;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;
import org.iopf.core.observe.MetricValue;
import org.iopf.core.observe.MetricsTimeline;

/**
 * What a {@link RunResult} keeps beside its figures: the speed of the run, every metric's final
 * value under its hierarchical name, the periodic metric dumps and the inspectable components'
 * views.
 *
 * @param speed how fast the run simulated, or null if unknown
 * @param metrics every metric at the end of the run, by full name; copied
 * @param timeline the periodic dumps, {@link MetricsTimeline#NONE} for none
 * @param inspections the rendered views, {@link Inspections#NONE} for none
 * @since 0.1
 */
public record RunDetails(SpeedReport speed, SortedMap<String, MetricValue> metrics, MetricsTimeline timeline,
        Inspections inspections) {
    /** Nothing beside the figures. */
    public static final RunDetails NONE = new RunDetails(null, new TreeMap<>(), MetricsTimeline.NONE,
            Inspections.NONE);

    /** Checks and copies the arguments. */
    public RunDetails {
        metrics = Collections.unmodifiableSortedMap(new TreeMap<>(requireNonNull(metrics, "metrics is null")));
        requireNonNull(timeline, "timeline is null");
        requireNonNull(inspections, "inspections is null");
    }
}
