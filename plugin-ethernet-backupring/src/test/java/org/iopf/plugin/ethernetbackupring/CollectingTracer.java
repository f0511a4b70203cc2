package org.iopf.plugin.ethernetbackupring;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.iopf.api.observe.Tracer;

/** A tracer for the plugin's tests that keeps every slice and instant it is told. */
final class CollectingTracer implements Tracer {
    /** One traced slice or instant (an instant has no duration: 0). */
    record Event(String track, String name, long durationNanos, long flow) {
    }

    final List<Event> slices = new ArrayList<>();
    final List<Event> instants = new ArrayList<>();

    @Override
    public boolean enabled() {
        return true;
    }

    @Override
    public void slice(String track, String name, long startNanos, long durationNanos, long flowId) {
        slices.add(new Event(track, name, durationNanos, flowId));
    }

    @Override
    public void instant(String track, String name, long flowId) {
        instants.add(new Event(track, name, 0, flowId));
    }

    @Override
    public void counter(String track, String name, long value) {
    }

    /** The flow ids of the events named {@code name}. */
    Set<Long> flows(List<Event> events, String name) {
        return events.stream().filter(e -> e.name().equals(name)).map(Event::flow).collect(Collectors.toSet());
    }

    /** The durations of the slices named {@code name}, in the order they were traced. */
    List<Long> durations(String name) {
        return slices.stream().filter(e -> e.name().equals(name)).map(Event::durationNanos).toList();
    }
}
