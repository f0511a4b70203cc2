package org.iopf.plugin.dmaplane;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.observe.Tracer;

/** A tracer that keeps counter samples and instants, for tests. */
final class RecordingCounters implements Tracer {
    record Sample(String track, String name, long value) {
    }

    final List<Sample> counters = new ArrayList<>();
    final List<String> instants = new ArrayList<>();
    final List<String> slices = new ArrayList<>();

    @Override
    public boolean enabled() {
        return true;
    }

    @Override
    public void slice(String track, String name, long startNanos, long durationNanos, long flowId) {
        slices.add(track + " " + name);
    }

    @Override
    public void instant(String track, String name, long flowId) {
        instants.add(track + " " + name);
    }

    @Override
    public void counter(String track, String name, long value) {
        counters.add(new Sample(track, name, value));
    }
}
