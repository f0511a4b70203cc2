package org.iopf.plugin.pldma;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.iopf.api.observe.Histogram;
import org.iopf.api.observe.Metrics;
import org.iopf.api.platform.Node;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadOutcome;
import org.iopf.toolkit.workload.WorkloadMetrics;

/** The {@code pldma-stream} workload; see {@link PldmaStreamWorkloadType}. */
final class PldmaStreamWorkload implements Workload {
    private static final long PPM = 1_000_000;

    private final WorkloadContext context;
    private final StreamSetup setup;
    private final boolean reference;
    private final boolean alone;
    private final List<StreamPhase> phases = new ArrayList<>();
    private long measuredElapsed;

    PldmaStreamWorkload(WorkloadContext context) {
        this.context = context;
        this.setup = PldmaStreamWorkloadType.setup(context.parameters());
        String kind = context.parameters().get(PldmaStreamWorkloadType.REFERENCE);
        this.alone = kind.equals("alone");
        this.reference = alone || kind.equals("resident");
    }

    @Override
    public void start() {
        Node requester = context.requireNode(context.parameters().get(PldmaStreamWorkloadType.SOURCE));
        Node responder = context.requireNode(context.parameters().get(PldmaStreamWorkloadType.TARGET));
        Metrics m = context.metrics();
        Histogram latency = m.histogram(WorkloadMetrics.LATENCY, WorkloadMetrics.NANOSECONDS);
        context.metrics().gauge(WorkloadMetrics.ELAPSED, WorkloadMetrics.NANOSECONDS, () -> measuredElapsed);
        if (reference) {
            phases.add(new StreamPhase(context, alone ? setup.nonFaultingOnly() : setup.withoutFaults(), 0,
                    requester, responder,
                    PldmaStreamWorkloadType.REFERENCE_LATENCY.histogram(m), () -> next(0)));
        }
        int measured = phases.size();
        phases.add(new StreamPhase(context, setup, measured, requester, responder, latency, () -> next(measured)));
        phases.get(0).start();
    }

    /** The requests of every phase (the reference one too), of which those that succeeded. */
    @Override
    public Optional<WorkloadOutcome> outcome() {
        long requested = setup.requests();
        if (reference) {
            requested += (alone ? setup.nonFaultingOnly() : setup.withoutFaults()).requests();
        }
        return Optional.of(StreamPhase.outcome(requested, phases));
    }

    private void next(int finished) {
        if (finished + 1 < phases.size()) {
            context.scheduler().schedule(0, () -> phases.get(finished + 1).start());
            return;
        }
        report();
        context.finish();
    }

    private void report() {
        Metrics m = context.metrics();
        StreamPhase measured = phases.get(phases.size() - 1);
        measuredElapsed = measured.elapsed();
        m.counter(WorkloadMetrics.MESSAGES, WorkloadMetrics.OPERATIONS)
                .add(measured.runs().stream().mapToLong(StreamRun::completed).sum());
        m.counter(WorkloadMetrics.BYTES, WorkloadMetrics.BYTES_UNIT).add(measured.bytes());
        m.counter(WorkloadMetrics.ERRORS, WorkloadMetrics.OPERATIONS).add(measured.errors());
        m.counter(WorkloadMetrics.MISMATCHED_PAGES, WorkloadMetrics.PAGES)
                .add(phases.stream().mapToLong(StreamPhase::mismatchedPages).sum());
        m.counter(WorkloadMetrics.START_RESIDENT_BYTES, WorkloadMetrics.BYTES_UNIT)
                .add(measured.residentAtStart());
        long maxLoss = Long.MIN_VALUE;
        for (int i = 0; i < measured.runs().size(); i++) {
            StreamRun run = measured.runs().get(i);
            long throughput = StreamPhase.throughputBps(run);
            String stream = "stream" + i;
            PldmaStreamWorkloadType.THROUGHPUT.gauge(m, () -> throughput, stream);
            PldmaStreamWorkloadType.STREAM_BYTES.counter(m, stream).add(run.bytes());
            int inReference = alone ? i - setup.faultingStreams() : i;
            if (reference && inReference >= 0) {
                long before = StreamPhase.throughputBps(phases.get(0).runs().get(inReference));
                long loss = before == 0 ? 0 : (before - throughput) * PPM / before;
                PldmaStreamWorkloadType.REFERENCE_THROUGHPUT.gauge(m, () -> before, stream);
                PldmaStreamWorkloadType.LOSS_PPM.gauge(m, () -> loss, stream);
                if (!run.faulting()) {
                    maxLoss = Math.max(maxLoss, loss);
                }
            }
        }
        if (reference && maxLoss != Long.MIN_VALUE) {
            long worst = maxLoss;
            PldmaStreamWorkloadType.MAX_LOSS_PPM.gauge(m, () -> worst);
        }
    }
}
