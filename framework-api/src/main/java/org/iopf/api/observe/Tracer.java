package org.iopf.api.observe;

/**
 * Receives trace events for a timeline (Chrome trace-event style). A track is a lane of one
 * component ({@code node1/smmu}, {@code node1/a53.0}); a flow id links the steps of one piece of
 * work across tracks (a fault's detect, interrupt, handler, resolve and resume). Flow id 0 means
 * no flow. Components check {@link #enabled()} before building arguments.
 *
 * @since 0.1
 */
public interface Tracer {
    /** Whether events are being recorded at all. */
    boolean enabled();

    /** A piece of work on {@code track} from {@code startNanos} lasting {@code durationNanos}. */
    void slice(String track, String name, long startNanos, long durationNanos, long flowId);

    /** A moment on {@code track} at the current time. */
    void instant(String track, String name, long flowId);

    /** The value of a counter track ({@code queue depth}) from the current time on. */
    void counter(String track, String name, long value);

    /** A tracer that records nothing. */
    Tracer NONE = new Tracer() {
        @Override
        public boolean enabled() {
            return false;
        }

        @Override
        public void slice(String track, String name, long startNanos, long durationNanos, long flowId) {
        }

        @Override
        public void instant(String track, String name, long flowId) {
        }

        @Override
        public void counter(String track, String name, long value) {
        }
    };
}
