package org.iopf.core.observe;

import static java.util.Objects.requireNonNull;

/**
 * One event kept by a {@link TimelineTracer} (or read back from a trace file by
 * {@link ChromeTraceReader}).
 *
 * @param kind slice, instant or counter, not null
 * @param track the track ({@code node1/smmu}), not null
 * @param name the event's name, not null
 * @param timeNanos start time (slices) or time (instants, counters) in ns, {@code >= 0}
 * @param durationNanos duration in ns for slices, 0 otherwise; {@code >= 0}
 * @param flowId flow id linking steps of one piece of work, 0 for none; 0 for counters
 * @param value the counter's value; 0 for slices and instants
 * @since 0.1
 */
public record TraceRecord(Kind kind, String track, String name, long timeNanos, long durationNanos, long flowId,
        long value) {
    /** What a trace record describes. */
    public enum Kind {
        /** A piece of work with a duration. */
        SLICE,
        /** A moment. */
        INSTANT,
        /** A counter track's new value. */
        COUNTER
    }

    /** Checks the arguments. */
    public TraceRecord {
        requireNonNull(kind, "kind is null");
        requireNonNull(track, "track is null");
        requireNonNull(name, "name is null");
        if (timeNanos < 0 || durationNanos < 0) {
            throw new IllegalArgumentException("time and duration must be >= 0: " + timeNanos + ", " + durationNanos);
        }
    }
}
