package org.iopf.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.fail;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.workload.WorkloadOutcome;
import org.iopf.api.workload.WorkloadType;
import org.iopf.core.platform.ExtensionRegistry;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The contract of a {@link org.iopf.api.workload.WorkloadType}. A workload's test class implements
 * this interface and supplies the platform, the type and its parameters; it inherits the tests that
 * prove the workload honours the role: it finishes in finite simulated time having completed what
 * it was asked, also on a lossy fabric, and the same seed gives the same trace and the same figures.
 *
 * <p>The checks, each a default {@code @Test} method:
 * <ul>
 *   <li>{@link #theWorkloadFinishesInFiniteSimulatedTimeAndLeavesNoEvent}: the run ends with the
 *       workload saying it finished, at a time no later than the last event, having recorded trace
 *       events; it states its {@link org.iopf.api.workload.WorkloadOutcome outcome}, of at least one
 *       requested unit, and the outcome is complete (every requested unit completed, no problem);
 *       the events still pending then (the kernel stops at the finish: acknowledgements on the wire,
 *       idle timers) drain within {@link #DRAIN_NANOS} of simulated time, leave no event, and change
 *       none of the workload's {@code workload.*} figures; the {@link #metricsThatMustBeZero()} it
 *       reports (failed operations, pages that arrived wrong) are 0. Every run of the other checks
 *       is held to the same.
 *   <li>{@link #onALossyFabricTheWorkloadStillCompletesWhatItWasAsked}: the same on
 *       {@link #lossyWorkloadPlatform()}, whose fabric loses {@link #LOSS} of its packets: the
 *       transports recover, and the workload completes every unit it was asked, not only without an
 *       exception.
 *   <li>{@link #theSameSeedGivesTheSameTraceAndMetrics}: two runs with one seed give byte-identical
 *       trace JSON, the same end time and identical metrics (less {@link #wallClockMetrics()}).
 *   <li>{@link #twoDifferentSeedsBothFinish}: runs with two other seeds finish too.
 *   <li>{@link #anUnknownParameterIsRefusedBeforeTheFirstEventNamingIt}: a parameter the type does
 *       not declare is refused with an {@link IllegalArgumentException} that names it, before
 *       simulated time moves, an event is scheduled or a trace event is recorded.
 *   <li>{@link #aValueOfTheWrongKindIsRefusedBeforeTheFirstEventNamingTheParameter}: for every
 *       declared size, duration, rate, number, flag, choice and node parameter, a value that is not
 *       one (or a node the platform lacks) is refused the same way.
 *   <li>{@link #badParameterValuesAreRefusedBeforeTheFirstEventNamingTheParameter}: each of
 *       {@link #badParameterValues()} (well-formed values the workload cannot run with) is refused
 *       the same way.
 * </ul>
 *
 * @since 0.1
 */
public interface WorkloadContract {
    /** The seed of the same-seed check; the two-seed check uses the next two. */
    long SEED = 0x5EED_0101L;

    /**
     * How long in simulated time the events left when the workload finished (acknowledgements still
     * on the wire, idle timers: the kernel stops when the workload finishes) may take to drain: 60 s.
     */
    long DRAIN_NANOS = 60_000_000_000L;

    /** The fraction of packets the fabric of {@link #lossyWorkloadPlatform()} loses: 1%. */
    double LOSS = 0.01;

    /** The platform the workload runs on, as platform-file text. */
    String workloadPlatform();

    /**
     * The platform of the lossy check: by default {@link #workloadPlatform()} with its fabric's link
     * losing {@link #LOSS} of the packets. Override when the platform gives its fabric link as a
     * block mapping (the default edit refuses it), or to say which link loses what; a workload that
     * uses no fabric runs unchanged on it.
     */
    default String lossyWorkloadPlatform() {
        return PlatformText.withLoss(workloadPlatform(), LOSS);
    }

    /** The workload type's name ({@code rdma-write-stream}). */
    String workloadType();

    /** The workload's parameters, as a platform file's {@code params:} would give them. */
    Map<String, String> workloadParameters();

    /**
     * Well-formed parameter values the workload must refuse before its first event (a count of 0, a
     * size that is not a multiple of what it must be, a fraction above 1), by parameter name; each
     * is tried alone on top of {@link #workloadParameters()}, and the refusal's message must name
     * the parameter. Override to list the values the workload's own checks refuse; the default lists
     * none (and the check is skipped).
     */
    default Map<String, String> badParameterValues() {
        return Map.of();
    }

    /**
     * Metrics that measure wall-clock time or the host (not the simulation), by full name, left out
     * of the same-seed comparison. Override when the workload reports such a metric; the default is
     * none.
     */
    default Set<String> wallClockMetrics() {
        return Set.of();
    }

    /**
     * Metrics that must be 0 after every run on {@link #workloadPlatform()} where the run reports
     * them: by default {@code workload.errors} (operations that failed) and
     * {@code workload.integrity.mismatchedPages} (bytes that arrived wrong). Override to leave one
     * out when the workload's point is to provoke what it counts (a platform that must fail), and
     * say why.
     */
    default Set<String> metricsThatMustBeZero() {
        return Set.of("workload.errors", "workload.integrity.mismatchedPages");
    }

    private WorkloadRun runChecked(TestBench bench, String label) {
        WorkloadRun run = bench.runWorkload(workloadType(), workloadParameters());
        assertThat(run.finished()).as("%s: %s finished (WorkloadContext.finish) before the simulation went idle "
                + "at %d ns", label, workloadType(), run.endNanos()).isTrue();
        assertThat(run.finishedAtNanos()).as("%s: finish time", label).isBetween(0L, run.endNanos());
        WorkloadOutcome outcome = run.outcome().orElseThrow(() -> new AssertionError(label + ": " + workloadType()
                + " states no outcome (Workload.outcome()): what it was asked and what it completed"));
        assertThat(outcome.requested()).as("%s: units requested (%s)", label, outcome.unit()).isPositive();
        assertThat(outcome.isComplete()).as("%s: %s completed what it was asked: %s", label, workloadType(),
                outcome.summary()).isTrue();
        for (String name : metricsThatMustBeZero()) {
            if (bench.metrics().containsKey(name)) {
                assertThat(bench.counter(name)).as("%s: %s after the run", label, name).isZero();
            }
        }
        SortedMap<String, String> atFinish = workloadMetrics(bench.metrics());
        bench.runFor(DRAIN_NANOS);
        assertThat(bench.pendingEvents()).as("%s: events still pending %d s of simulated time after the workload "
                + "finished (something keeps rescheduling itself)", label, DRAIN_NANOS / 1_000_000_000L).isZero();
        assertThat(workloadMetrics(bench.metrics())).as("%s: the workload's figures changed after it finished", label)
                .isEqualTo(atFinish);
        return run;
    }

    private static SortedMap<String, String> workloadMetrics(SortedMap<String, String> metrics) {
        return new TreeMap<>(metrics.subMap("workload.", "workload/"));
    }

    /** The workload finishes, in finite simulated time, and leaves no event behind. */
    @Test
    default void theWorkloadFinishesInFiniteSimulatedTimeAndLeavesNoEvent() {
        TestBench bench = TestBench.of(workloadPlatform());
        runChecked(bench, "platform seed");
        assertThat(bench.traceEvents()).as("trace events recorded by the run").isPositive();
    }

    /** On a lossy fabric the workload still finishes, having completed every unit it was asked. */
    @Test
    default void onALossyFabricTheWorkloadStillCompletesWhatItWasAsked() {
        runChecked(TestBench.of(lossyWorkloadPlatform()), "lossy fabric (" + LOSS + " of packets lost)");
    }

    /** The same seed gives byte-identical traces and identical metrics. */
    @Test
    default void theSameSeedGivesTheSameTraceAndMetrics() {
        TestBench first = TestBench.of(workloadPlatform(), SEED);
        TestBench second = TestBench.of(workloadPlatform(), SEED);
        WorkloadRun a = runChecked(first, "seed " + SEED + ", first run");
        WorkloadRun b = runChecked(second, "seed " + SEED + ", second run");
        assertThat(b.finishedAtNanos()).as("finish time, seed %d", SEED).isEqualTo(a.finishedAtNanos());
        assertThat(deterministic(second.metrics())).as("metrics, seed %d", SEED)
                .isEqualTo(deterministic(first.metrics()));
        String x = first.traceJson();
        String y = second.traceJson();
        if (!x.equals(y)) {
            int at = 0;
            while (at < Math.min(x.length(), y.length()) && x.charAt(at) == y.charAt(at)) {
                at++;
            }
            fail("seed %d: the traces differ at character %d: ...%s... vs ...%s...", SEED, at,
                    x.substring(Math.max(0, at - 80), Math.min(x.length(), at + 80)),
                    y.substring(Math.max(0, at - 80), Math.min(y.length(), at + 80)));
        }
    }

    private SortedMap<String, String> deterministic(SortedMap<String, String> metrics) {
        SortedMap<String, String> kept = new TreeMap<>(metrics);
        kept.keySet().removeAll(wallClockMetrics());
        return kept;
    }

    /** Two other seeds give runs that finish too. */
    @Test
    default void twoDifferentSeedsBothFinish() {
        for (long seed : new long[] {SEED + 1, SEED + 2}) {
            runChecked(TestBench.of(workloadPlatform(), seed), "seed " + seed);
        }
    }

    /** A parameter the type does not declare is refused before anything runs, by name. */
    @Test
    default void anUnknownParameterIsRefusedBeforeTheFirstEventNamingIt() {
        Map<String, String> parameters = new HashMap<>(workloadParameters());
        parameters.put("noSuchParameter", "1");
        refusedOn(TestBench.of(workloadPlatform()), parameters, "noSuchParameter");
    }

    /** A value that is not of the parameter's kind is refused before anything runs, naming the parameter. */
    @Test
    default void aValueOfTheWrongKindIsRefusedBeforeTheFirstEventNamingTheParameter() {
        WorkloadType type = ExtensionRegistry.fromClassPath(WorkloadContract.class.getClassLoader())
                .findWorkload(workloadType()).orElseThrow(() -> new AssertionError("no workload type '"
                        + workloadType() + "' on the class path"));
        Map<String, String> wrong = new LinkedHashMap<>();
        for (ParameterSpec spec : type.parameters()) {
            String value = switch (spec.type()) {
                case BYTES, DURATION, SERVICE_TIME, DATA_RATE, INTEGER, DECIMAL -> "several";
                case BOOLEAN -> "perhaps";
                case NODE -> "node-that-is-not-there";
                case STRING -> spec.allowedValues().isEmpty() ? null : "none-of-the-choices";
            };
            if (value != null) {
                wrong.put(spec.name(), value);
            }
        }
        TestBench bench = TestBench.of(workloadPlatform());
        wrong.forEach((name, value) -> {
            Map<String, String> parameters = new HashMap<>(workloadParameters());
            parameters.put(name, value);
            refusedOn(bench, parameters, name);
        });
    }

    /** Each well-formed value the workload cannot run with is refused before anything runs, naming the parameter. */
    @Test
    default void badParameterValuesAreRefusedBeforeTheFirstEventNamingTheParameter() {
        Assumptions.assumeFalse(badParameterValues().isEmpty(),
                "the test class names no bad parameter values (override badParameterValues)");
        TestBench bench = TestBench.of(workloadPlatform());
        badParameterValues().forEach((name, value) -> {
            Map<String, String> parameters = new HashMap<>(workloadParameters());
            parameters.put(name, value);
            refusedOn(bench, parameters, name);
        });
    }

    private void refusedOn(TestBench bench, Map<String, String> parameters, String name) {
        Throwable refusal = catchThrowable(() -> bench.runWorkload(workloadType(), parameters));
        assertThat(refusal).as("%s with %s = '%s': refused", workloadType(), name, parameters.get(name))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(name);
        assertThat(bench.now()).as("simulated time after refusing %s = '%s'", name, parameters.get(name)).isZero();
        assertThat(bench.pendingEvents()).as("events scheduled before refusing %s = '%s'", name,
                parameters.get(name)).isZero();
        assertThat(bench.traceEvents()).as("trace events before refusing %s = '%s'", name, parameters.get(name))
                .isZero();
    }
}
