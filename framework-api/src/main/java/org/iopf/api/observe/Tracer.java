package org.iopf.api.observe;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * Receives trace events for a timeline (Chrome trace-event style). A track is a lane of one
 * component ({@code node1/smmu}, {@code node1/a53.0}); a flow id links the steps of one piece of
 * work across tracks (a fault's detect, interrupt, handler, resolve and resume). Flow id 0 means
 * no flow. Components check {@link #enabled()} before building arguments.
 *
 * <h2>Naming convention</h2>
 * Trace summaries ({@code iopf trace-summary}) and the Perfetto export rely on these names:
 * <ul>
 *   <li><b>Tracks</b> are {@code <node>/<component>} or {@code <node>/<component>/<part>}
 *       ({@code node1/smmu}, {@code node1/pldma/ch3}, {@code node0/hca/port1}); a CPU core's track
 *       is {@code <node>/<core>} ({@code node1/a53.0}) and is written by the core itself for
 *       every work item (see {@link org.iopf.api.sim.CpuCore#run(String,
 *       org.iopf.api.sim.WorkPriority, long, long, org.iopf.api.sim.Event)}).</li>
 *   <li><b>A fault's flow id</b> is its {@link org.iopf.api.fault.FaultRecord#id()}, taken from
 *       {@link org.iopf.api.fault.FaultSink#nextFaultId()}, which is unique within a run.</li>
 *   <li><b>The start of a fault</b> is an instant named {@code fault/<KIND>}
 *       ({@code fault/TRANSLATION}) with the fault's flow id. The node's fault queue records it
 *       for every fault raised through the {@link org.iopf.api.fault.FaultSink}; a component that
 *       handles a fault without the sink (an HCA's network page fault) records it itself.</li>
 *   <li><b>Each step of handling a fault</b> is a slice named {@code <mechanism>/<step>}
 *       ({@code exanest/isr}, {@code exanest/tasklet}, {@code npf/detection}) with the fault's
 *       flow id, on the track of whatever did the work; steps on a CPU core are recorded by the
 *       core from the work item's label and flow id.</li>
 *   <li><b>Counters</b> are named for what they count ({@code queueDepth}, {@code credits},
 *       {@code tlbHitRate}, {@code residentPages}) on the component's track.</li>
 * </ul>
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
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
