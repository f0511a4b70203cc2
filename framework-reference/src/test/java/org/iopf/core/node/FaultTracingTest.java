package org.iopf.core.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalInt;
import java.util.List;
import org.iopf.api.fault.FaultHandler;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.fault.FaultRecord;
import org.iopf.api.fault.FaultResolution;
import org.iopf.api.fault.PageFault;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.mem.Access;
import org.iopf.api.sim.Time;
import org.iopf.core.observe.MetricRegistry;
import org.iopf.core.observe.TimelineTracer;
import org.iopf.core.observe.TraceFilter;
import org.iopf.core.observe.TraceRecord;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.run.DefaultPlatforms;
import org.iopf.core.run.Simulation;
import org.iopf.core.sim.EventKernel;
import org.junit.jupiter.api.Test;

/** The fault queue traces each fault's raise, resolution and outcome; fault ids are unique in a run. */
final class FaultTracingTest {
    @Test
    void aFaultIsAnInstantOnItsSourceAndAResolutionSliceOnTheQueueWithItsId() {
        EventKernel kernel = new EventKernel();
        TimelineTracer tracer = new TimelineTracer(kernel, 100, TraceFilter.ALL);
        long[] ids = {41};
        NodeFaultQueue queue = new NodeFaultQueue("node1", kernel, new MetricRegistry().scope("node1"),
                () -> ids[0]++, tracer);
        queue.connect(new FaultHandler() {
            @Override
            public void handle(PageFault fault) {
                kernel.schedule(Time.micros(3), fault::retry);
            }

            @Override
            public long resolved() {
                return 0;
            }

            @Override
            public long terminated() {
                return 0;
            }
        });
        kernel.schedule(Time.micros(1), () -> {
            FaultRecord record = new FaultRecord(queue.nextFaultId(), "node1/smmu", new StreamId(1), new DomainId(2), OptionalInt.of(7),
                    0x1000, Access.WRITE, FaultKind.TRANSLATION, kernel.now());
            queue.raise(new PageFault(record, (f, r) -> { }));
        });
        kernel.run();
        assertThat(tracer.records()).containsExactly(
                new TraceRecord(TraceRecord.Kind.INSTANT, "node1/smmu", "fault/TRANSLATION", 1000, 0, 41, 0),
                new TraceRecord(TraceRecord.Kind.COUNTER, "node1/faultQueue", "outstanding", 1000, 0, 0, 1),
                new TraceRecord(TraceRecord.Kind.SLICE, "node1/faultQueue", "fault/resolution", 1000, 3000, 41, 0),
                new TraceRecord(TraceRecord.Kind.INSTANT, "node1/faultQueue", "fault/retry", 4000, 0, 41, 0),
                new TraceRecord(TraceRecord.Kind.COUNTER, "node1/faultQueue", "outstanding", 4000, 0, 0, 0));
    }

    @Test
    void aFaultADeviceHandledItselfIsAResolutionSliceAndAnOutcomeOnTheQueue() {
        EventKernel kernel = new EventKernel();
        TimelineTracer tracer = new TimelineTracer(kernel, 100, TraceFilter.ALL);
        NodeFaultQueue queue = new NodeFaultQueue("node1", kernel, new MetricRegistry().scope("node1"), () -> 9, tracer);
        kernel.schedule(Time.micros(5), () -> queue.handledByDevice(queue.nextFaultId(), FaultKind.TRANSLATION,
                Time.micros(2), FaultResolution.RETRY));
        kernel.schedule(Time.micros(6), () -> queue.handledByDevice(queue.nextFaultId(), FaultKind.PERMISSION,
                Time.micros(6), FaultResolution.TERMINATE));
        kernel.run();
        assertThat(tracer.records()).as("the device records the fault/<KIND> instant itself").containsExactly(
                new TraceRecord(TraceRecord.Kind.SLICE, "node1/faultQueue", "fault/resolution", 2000, 3000, 9, 0),
                new TraceRecord(TraceRecord.Kind.INSTANT, "node1/faultQueue", "fault/retry", 5000, 0, 9, 0),
                new TraceRecord(TraceRecord.Kind.SLICE, "node1/faultQueue", "fault/resolution", 6000, 0, 9, 0),
                new TraceRecord(TraceRecord.Kind.INSTANT, "node1/faultQueue", "fault/terminate", 6000, 0, 9, 0));
    }

    @Test
    void faultIdsAreUniqueAcrossTheNodesOfARunAndRepeatWithTheRun() {
        ExtensionRegistry registry = ExtensionRegistry.fromClassPath(FaultTracingTest.class.getClassLoader());
        Simulation sim = Simulation.build(DefaultPlatforms.pinnedBaseline(1), registry);
        NodeFaultQueue first = sim.node("node1").orElseThrow().faultQueue();
        NodeFaultQueue second = sim.node("node2").orElseThrow().faultQueue();
        List<Long> ids = List.of(first.nextFaultId(), second.nextFaultId(), first.nextFaultId(), second.nextFaultId());
        assertThat(ids).containsExactly(1L, 2L, 3L, 4L);
        Simulation again = Simulation.build(DefaultPlatforms.pinnedBaseline(1), registry);
        assertThat(again.node("node2").orElseThrow().faultQueue().nextFaultId()).isEqualTo(1);
    }
}
