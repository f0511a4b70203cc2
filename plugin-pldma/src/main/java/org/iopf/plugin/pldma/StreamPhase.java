package org.iopf.plugin.pldma;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.observe.Histogram;
import org.iopf.api.platform.Node;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadOutcome;

/**
 * One phase of a PLDMA workload: its streams start together and the phase ends when the last one
 * has completed all its requests.
 */
final class StreamPhase {
    private final WorkloadContext context;
    private final StreamSetup setup;
    private final List<StreamRun> runs = new ArrayList<>();
    private final Runnable onDone;
    private final Histogram latency;
    private final int phase;
    private final ResidentMeter memory;
    private long started;
    private long ended;
    private int done;

    StreamPhase(WorkloadContext context, StreamSetup setup, int phase, Node requester, Node responder,
            Histogram latency, Runnable onDone) {
        this.context = context;
        this.setup = setup;
        this.phase = phase;
        this.latency = latency;
        this.onDone = onDone;
        for (int i = 0; i < setup.streams(); i++) {
            runs.add(new StreamRun(setup, i, phase, requester, responder, context.scheduler(), latency,
                    context.random().nextLong(), this::streamDone));
        }
        this.memory = new ResidentMeter(context.scheduler(),
                () -> runs.stream().mapToLong(StreamRun::residentNow).sum());
        runs.forEach(run -> run.onActivity(memory::sample));
    }

    void start() {
        started = context.scheduler().now();
        memory.begin();
        runs.forEach(StreamRun::start);
    }

    private void streamDone() {
        if (++done == runs.size()) {
            ended = context.scheduler().now();
            memory.end();
            onDone.run();
        }
    }

    List<StreamRun> runs() {
        return runs;
    }

    StreamSetup setup() {
        return setup;
    }

    int phase() {
        return phase;
    }

    long elapsed() {
        return ended - started;
    }

    long bytes() {
        return runs.stream().mapToLong(StreamRun::bytes).sum();
    }

    long errors() {
        return runs.stream().mapToLong(StreamRun::errors).sum();
    }

    long residentAtStart() {
        return runs.stream().mapToLong(StreamRun::residentAtStart).sum();
    }

    /** Most bytes of the phase's buffers resident at once, on both nodes, over the phase. */
    long residentPeak() {
        return memory.peak();
    }

    /** Bytes of the phase's buffers resident on average over the phase, on both nodes. */
    long residentMean() {
        return memory.mean();
    }

    long mismatchedPages() {
        return runs.stream().mapToLong(StreamRun::mismatchedPages).sum();
    }

    /**
     * {@code requested} requests of which those the started {@code phases} completed successfully;
     * problem: requests submitted whose completion never came.
     *
     * @param phases the phases that were created (a phase not reached is not among them)
     */
    static WorkloadOutcome outcome(long requested, List<StreamPhase> phases) {
        long succeeded = 0;
        long open = 0;
        for (StreamPhase phase : phases) {
            for (StreamRun run : phase.runs) {
                succeeded += run.succeeded();
                open += run.open();
            }
        }
        WorkloadOutcome outcome = WorkloadOutcome.of(requested, succeeded, "requests");
        return open == 0 ? outcome : outcome.withProblem(open + " requests submitted and never completed");
    }

    /** A stream's throughput in bits per second over its own active time. */
    static long throughputBps(StreamRun run) {
        return run.elapsed() <= 0 ? 0 : Math.round(run.bytes() * 8e9 / run.elapsed());
    }
}
