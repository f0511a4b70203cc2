package org.iopf.core.observe;

import static org.assertj.core.api.Assertions.assertThat;

import org.iopf.api.observe.Tracer;
import org.iopf.core.sim.EventKernel;
import org.junit.jupiter.api.Test;

final class RecordingTracerTest {
    private final EventKernel kernel = new EventKernel();

    @Test
    void recordsSlicesInstantsAndCountersWithTheCurrentTime() {
        RecordingTracer tracer = new RecordingTracer(kernel, 10);
        kernel.schedule(250, () -> {
            tracer.instant("node1/smmu", "fault", 7);
            tracer.counter("node1/smmu", "queue depth", 3);
        });
        tracer.slice("node1/a53.0", "smmu-isr", 100, 40, 7);
        kernel.run();

        assertThat(tracer.enabled()).isTrue();
        assertThat(tracer.records()).containsExactly(
                new TraceRecord(TraceRecord.Kind.SLICE, "node1/a53.0", "smmu-isr", 100, 40, 7, 0),
                new TraceRecord(TraceRecord.Kind.INSTANT, "node1/smmu", "fault", 250, 0, 7, 0),
                new TraceRecord(TraceRecord.Kind.COUNTER, "node1/smmu", "queue depth", 250, 0, 0, 3));
        assertThat(tracer.dropped()).isZero();
    }

    @Test
    void eventsBeyondTheCapAreCountedAsDropped() {
        RecordingTracer tracer = new RecordingTracer(kernel, 2);
        for (int i = 0; i < 5; i++) {
            tracer.instant("t", "e" + i, 0);
        }
        assertThat(tracer.records()).extracting(TraceRecord::name).containsExactly("e0", "e1");
        assertThat(tracer.dropped()).isEqualTo(3);
    }

    @Test
    void theNoneTracerIsDisabled() {
        assertThat(Tracer.NONE.enabled()).isFalse();
    }
}
