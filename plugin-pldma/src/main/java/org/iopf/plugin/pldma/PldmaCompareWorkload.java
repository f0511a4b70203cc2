package org.iopf.plugin.pldma;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import org.iopf.api.dma.DmaEngine;
import org.iopf.api.observe.Metrics;
import org.iopf.api.platform.Node;
import org.iopf.api.platform.Parameters;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadOutcome;
import org.iopf.toolkit.workload.WorkloadMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The {@code pldma-compare} workload; see {@link PldmaCompareWorkloadType}. */
final class PldmaCompareWorkload implements Workload {
    private static final Logger LOG = LoggerFactory.getLogger(PldmaCompareWorkload.class);
    private static final long PPM = 1_000_000;

    private final WorkloadContext context;
    private final StreamSetup setup;
    private final int probeTransfers;
    private final long probeSize;
    private final List<Runnable> steps = new ArrayList<>();
    private Node requester;
    private Node responder;
    private CapacityProbe pinnedProbe;
    private CapacityProbe unpinnedProbe;
    private StreamPhase pinnedPhase;
    private StreamPhase unpinnedPhase;
    private long recoveriesBefore;
    private long recoveryNanosBefore;
    private long recoveries;
    private long recoveryNanos;
    private long pinnedFaults;
    private int step;

    PldmaCompareWorkload(WorkloadContext context) {
        this.context = context;
        Parameters p = context.parameters();
        this.setup = PldmaCompareWorkloadType.setup(p);
        this.probeTransfers = p.get(PldmaCompareWorkloadType.PROBE_TRANSFERS);
        this.probeSize = p.get(PldmaCompareWorkloadType.PROBE_SIZE);
    }

    @Override
    public void start() {
        requester = context.requireNode(context.parameters().get(PldmaStreamWorkloadType.SOURCE));
        responder = context.requireNode(context.parameters().get(PldmaStreamWorkloadType.TARGET));
        steps.add(() -> {
            pinnedProbe = new CapacityProbe(requester, responder, true, probeTransfers, probeSize, 1,
                    context.random().nextLong(), this::next);
            pinnedProbe.start();
        });
        steps.add(() -> {
            unpinnedProbe = new CapacityProbe(requester, responder, false, probeTransfers, probeSize, 2,
                    context.random().nextLong(), this::next);
            unpinnedProbe.start();
        });
        steps.add(() -> {
            long faultsBefore = faultsRaised();
            pinnedPhase = new StreamPhase(context, setup.withPinned(true), 3, requester, responder,
                    PldmaCompareWorkloadType.PINNED_LATENCY.histogram(context.metrics()), () -> {
                        pinnedFaults = faultsRaised() - faultsBefore;
                        next();
                    });
            pinnedPhase.start();
        });
        steps.add(() -> {
            recoveriesBefore = recoveryCount();
            recoveryNanosBefore = recoveryTime();
            unpinnedPhase = new StreamPhase(context, setup, 4, requester, responder,
                    context.metrics().histogram(WorkloadMetrics.LATENCY, WorkloadMetrics.NANOSECONDS), () -> {
                        recoveries = recoveryCount() - recoveriesBefore;
                        recoveryNanos = recoveryTime() - recoveryNanosBefore;
                        next();
                    });
            unpinnedPhase.start();
        });
        steps.add(this::report);
        next();
    }

    /**
     * The requests of the pinned and the fault-aware phase, of which those that succeeded (a phase
     * not reached completed none); problems: capacity probes whose transfers failed or that never
     * finished, requests never completed.
     */
    @Override
    public Optional<WorkloadOutcome> outcome() {
        List<StreamPhase> started = Stream.of(pinnedPhase, unpinnedPhase).filter(Objects::nonNull).toList();
        WorkloadOutcome outcome = StreamPhase.outcome(2 * setup.requests(), started);
        for (CapacityProbe probe : Stream.of(pinnedProbe, unpinnedProbe).filter(Objects::nonNull).toList()) {
            outcome = probe.problem().map(outcome::withProblem).orElse(outcome);
        }
        return Optional.of(outcome);
    }

    private void next() {
        Runnable nextStep = steps.get(step++);
        context.scheduler().schedule(0, nextStep::run);
    }

    private List<PldmaEngine> engines() {
        List<PldmaEngine> engines = new ArrayList<>();
        for (Node node : List.of(requester, responder)) {
            if (node.requireRole(DmaEngine.class) instanceof PldmaEngine engine) {
                engines.add(engine);
            }
        }
        return engines;
    }

    private long recoveryCount() {
        return engines().stream().mapToLong(PldmaEngine::recoveries).sum();
    }

    private long recoveryTime() {
        return engines().stream().mapToLong(PldmaEngine::recoveryNanos).sum();
    }

    private long faultsRaised() {
        return engines().stream().mapToLong(e -> e.sourceFaults() + e.destinationFaults()).sum();
    }

    private long overheadPpm(StreamPhase phase) {
        double ideal = engines().get(0).idealGoodputBps();
        double goodput = phase.bytes() * 8e9 / phase.elapsed();
        return Math.round((1 - goodput / ideal) * PPM);
    }

    private void report() {
        Metrics m = context.metrics();
        ComparisonTable table = new ComparisonTable(pinnedPhase.residentAtStart(), unpinnedPhase.residentAtStart(),
                pinnedPhase.residentPeak(), unpinnedPhase.residentPeak(), pinnedPhase.residentMean(),
                unpinnedPhase.residentMean(),
                pinnedProbe.peak(), unpinnedProbe.peak(), recoveries, recoveries == 0 ? 0 : recoveryNanos / recoveries,
                pinnedFaults, overheadPpm(pinnedPhase), overheadPpm(unpinnedPhase));
        PldmaCompareWorkloadType.PINNED_RESERVED.gauge(m, table::pinnedReservedBytes);
        PldmaCompareWorkloadType.FAULT_AWARE_RESERVED.gauge(m, table::faultAwareReservedBytes);
        PldmaCompareWorkloadType.PINNED_PEAK.gauge(m, table::pinnedPeakBytes);
        PldmaCompareWorkloadType.FAULT_AWARE_PEAK.gauge(m, table::faultAwarePeakBytes);
        PldmaCompareWorkloadType.PINNED_MEAN.gauge(m, table::pinnedMeanBytes);
        PldmaCompareWorkloadType.FAULT_AWARE_MEAN.gauge(m, table::faultAwareMeanBytes);
        PldmaCompareWorkloadType.PINNED_MAX_CONCURRENT.gauge(m, table::pinnedMaxConcurrent);
        PldmaCompareWorkloadType.FAULT_AWARE_MAX_CONCURRENT.gauge(m, table::faultAwareMaxConcurrent);
        PldmaCompareWorkloadType.PINNED_FAULTS.gauge(m, table::pinnedFaults);
        PldmaCompareWorkloadType.FAULT_AWARE_RECOVERIES.gauge(m, table::faultAwareRecoveries);
        PldmaCompareWorkloadType.FAULT_AWARE_RECOVERY.gauge(m, table::faultAwareRecoveryNanos);
        PldmaCompareWorkloadType.PINNED_OVERHEAD.gauge(m, table::pinnedOverheadPpm);
        PldmaCompareWorkloadType.FAULT_AWARE_OVERHEAD.gauge(m, table::faultAwareOverheadPpm);
        Metrics w = context.metrics();
        w.counter(WorkloadMetrics.BYTES, WorkloadMetrics.BYTES_UNIT).add(unpinnedPhase.bytes());
        w.counter(WorkloadMetrics.ERRORS, WorkloadMetrics.OPERATIONS)
                .add(pinnedPhase.errors() + unpinnedPhase.errors());
        w.counter(WorkloadMetrics.MISMATCHED_PAGES, WorkloadMetrics.PAGES).add(pinnedPhase.mismatchedPages()
                + unpinnedPhase.mismatchedPages());
        long elapsed = unpinnedPhase.elapsed();
        w.gauge(WorkloadMetrics.ELAPSED, WorkloadMetrics.NANOSECONDS, () -> elapsed);
        if (LOG.isInfoEnabled()) {
            LOG.info("pinned vs fault-aware RDMA (seed 000 §4.3), measured:\n{}", String.join("\n", table.render()));
        }
        context.finish();
    }
}
