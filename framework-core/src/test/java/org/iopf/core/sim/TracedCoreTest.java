package org.iopf.core.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.iopf.api.sim.WorkPriority;
import org.iopf.core.observe.TimelineTracer;
import org.iopf.core.observe.TraceFilter;
import org.iopf.core.observe.TraceRecord;
import org.junit.jupiter.api.Test;

/** A core records each work item as a slice on its own track, with the item's label and flow id. */
final class TracedCoreTest {
    @Test
    void eachWorkItemIsASliceOnTheCoresTrackWhenItHasRun() {
        EventKernel kernel = new EventKernel();
        TimelineTracer tracer = new TimelineTracer(kernel, 100, TraceFilter.ALL);
        NodeResources resources = new NodeResources(kernel, List.of(new CoreGroup("a53", 2)), "node1", tracer);
        var core = resources.requireCore("a53.1");
        core.run("user-work", WorkPriority.USER, 100, null);
        kernel.schedule(10, () -> core.run("exanest/isr", WorkPriority.INTERRUPT, 30, 7, null));
        kernel.run();
        assertThat(tracer.records()).containsExactly(
                new TraceRecord(TraceRecord.Kind.COUNTER, "node1/a53.1", "runQueue", 10, 0, 0, 1),
                new TraceRecord(TraceRecord.Kind.SLICE, "node1/a53.1", "user-work", 0, 100, 0, 0),
                new TraceRecord(TraceRecord.Kind.COUNTER, "node1/a53.1", "runQueue", 100, 0, 0, 0),
                new TraceRecord(TraceRecord.Kind.SLICE, "node1/a53.1", "exanest/isr", 100, 30, 7, 0));
    }

    @Test
    void anUntracedCoreRecordsNothing() {
        EventKernel kernel = new EventKernel();
        NodeResources resources = new NodeResources(kernel, List.of(new CoreGroup("cpu", 1)));
        resources.requireCore("cpu.0").run("x", WorkPriority.USER, 5, 3, null);
        kernel.run();
        assertThat(resources.requireCore("cpu.0").busyNanos()).isEqualTo(5);
    }
}
