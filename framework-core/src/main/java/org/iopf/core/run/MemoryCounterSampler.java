package org.iopf.core.run;

import java.util.List;
import java.util.Objects;
import org.iopf.api.mem.MemoryStats;
import org.iopf.api.mem.PageSize;
import org.iopf.api.observe.Tracer;
import org.iopf.core.node.SimNode;
import org.iopf.core.sim.ExecutionListener;

/**
 * Samples each node's memory for the trace, as an {@link ExecutionListener} of the kernel: at most
 * once per {@link #PERIOD_NANOS} of simulated time, before the next event, it records the counters
 * {@code residentPages} and {@code pinnedPages} (4 KiB pages) on the track {@code <node>/memory},
 * when they changed. It schedules no event, so the run executes the same events as without it.
 */
final class MemoryCounterSampler implements ExecutionListener {
    /** The sampling period of simulated time: 1 µs. */
    static final long PERIOD_NANOS = 1_000;
    private static final long PAGE = PageSize.BASE.bytes();

    private final List<SimNode> nodes;
    private final Tracer tracer;
    private final String[] tracks;
    private final long[] resident;
    private final long[] pinned;
    private long next;

    MemoryCounterSampler(List<SimNode> nodes, Tracer tracer) {
        this.nodes = List.copyOf(nodes);
        this.tracer = Objects.requireNonNull(tracer, "tracer is null");
        this.tracks = new String[this.nodes.size()];
        this.resident = new long[this.nodes.size()];
        this.pinned = new long[this.nodes.size()];
        for (int i = 0; i < tracks.length; i++) {
            tracks[i] = this.nodes.get(i).id().name() + "/memory";
            resident[i] = -1;
            pinned[i] = -1;
        }
    }

    @Override
    public void executed(long timeNanos, long sequence) {
        if (timeNanos < next) {
            return;
        }
        next = timeNanos + PERIOD_NANOS;
        sample();
    }

    /** Records the counters that changed since the last sample. */
    void sample() {
        for (int i = 0; i < tracks.length; i++) {
            MemoryStats stats = nodes.get(i).memoryManager().stats();
            long r = stats.residentBytes() / PAGE;
            long p = stats.pinnedBytes() / PAGE;
            if (r != resident[i]) {
                resident[i] = r;
                tracer.counter(tracks[i], "residentPages", r);
            }
            if (p != pinned[i]) {
                pinned[i] = p;
                tracer.counter(tracks[i], "pinnedPages", p);
            }
        }
    }
}
