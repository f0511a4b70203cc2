package org.iopf.plugin.infinibandnpf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iopf.api.nic.MemoryRegion;
import org.iopf.api.nic.QueuePair;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.nic.WorkRequest;
import org.iopf.api.observe.Tracer;
import org.junit.jupiter.api.Test;

/** A fault's HCA steps are traced on the HCA's track under the fault's flow id. */
final class TraceTest {
    /** One trace event. */
    record Event(String kind, String track, String name, long start, long duration, long flow) {
    }

    /** Records every event; instants carry no time. */
    static final class ListTracer implements Tracer {
        final List<Event> events = new ArrayList<>();

        @Override
        public boolean enabled() {
            return true;
        }

        @Override
        public void slice(String track, String name, long startNanos, long durationNanos, long flowId) {
            events.add(new Event("slice", track, name, startNanos, durationNanos, flowId));
        }

        @Override
        public void instant(String track, String name, long flowId) {
            events.add(new Event("instant", track, name, 0, 0, flowId));
        }

        @Override
        public void counter(String track, String name, long value) {
        }
    }

    @Test
    void theFaultsStepsShareItsFlowIdAndFollowTheNamingConvention() {
        ListTracer tracer = new ListTracer();
        HcaTestbed bed = new HcaTestbed(Map.of(), 0, tracer);
        long src = bed.a.mapFilled(4096, 1);
        MemoryRegion source = bed.a.register(src, 4096, false);
        long dst = bed.b.map(4096);
        MemoryRegion target = bed.b.register(dst, 4096, true);
        QueuePair[] qp = bed.connect(QueuePairConfig.DEFAULT);
        qp[0].postSend(WorkRequest.write(1, source, src, 4096, dst, target.rkey()));
        bed.run();

        Event start = tracer.events.stream().filter(e -> e.name().equals("fault/TRANSLATION")).findFirst()
                .orElseThrow();
        assertThat(start.track()).isEqualTo("node2/nic0");
        long flow = start.flow();
        assertThat(flow).isPositive();
        List<Event> steps = tracer.events.stream().filter(e -> e.flow() == flow && e.kind().equals("slice")).toList();
        assertThat(steps).filteredOn(e -> e.track().equals("node2/nic0")).extracting(Event::name)
                .containsExactly("npf/detection", "npf/interrupt", "npf/memory", "npf/pagetable", "npf/resume");
        // driver steps run through CpuCore.run(label, priority, nanos, flowId, onDone): the core
        // records them on its own track, never the HCA; the node's fault queue records the
        // fault's whole resolution, as for a fault raised through it
        assertThat(steps).filteredOn(e -> !e.track().equals("node2/nic0") && !e.track().equals("node2/faultQueue"))
                .extracting(Event::track).allMatch(track -> track.startsWith("node2/cpu."));
        assertThat(steps).filteredOn(e -> e.track().equals("node2/faultQueue")).extracting(Event::name)
                .containsExactly("fault/resolution");
        long hca = steps.stream().filter(e -> e.track().equals("node2/nic0")).mapToLong(Event::duration).sum();
        assertThat(hca).isEqualTo(bed.b.histogram("npf.hca").max());
    }
}
