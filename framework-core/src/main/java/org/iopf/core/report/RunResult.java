package org.iopf.core.report;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import org.iopf.api.workload.WorkloadOutcome;
import org.iopf.core.platform.Expectation;
import org.iopf.core.platform.Scenario;
import org.iopf.core.run.CompletedRun;
import org.iopf.core.run.SimWorkloadContext;
import org.iopf.core.run.Simulation;

/**
 * What one run measured: its figures by hierarchical name, its throughput over simulated time, and
 * how it fared against its scenario's expectations. Built at the end of a run with
 * {@link #of(Scenario, Simulation, SimWorkloadContext, long)}; the writers ({@link TableReport},
 * {@link JsonReport}, {@link CsvReport}, {@link SummaryTable}) print it.
 *
 * <p>Figures (values in base units; each says its {@link Figure#quantity()}):
 * <ul>
 *   <li>{@code throughput} (bits/s) = {@code bytes} × 8 / {@code workload.elapsed} (or the simulated
 *       time if the workload has no elapsed gauge); {@code bytes}, {@code messages}, {@code errors},
 *       {@code integrity.mismatchedPages} from the {@code workload.*} counters that exist;</li>
 *   <li>{@code throughput.steady} (bits/s): the rate of the second half of the bytes, from the
 *       moment half had been moved (to within half a bucket of the bytes' time series, at most
 *       1/2048 of the run) to the end, so a cold start that is over by half-way does not count;</li>
 *   <li>{@code latency.p50|p99|p999|max|mean} (ns) from {@code workload.latency}, if it has
 *       values;</li>
 *   <li>{@code faults.total}, {@code faults.<kind>} ({@code translation}, {@code permission},
 *       {@code access}, {@code configuration}), {@code faults.retried}, {@code faults.terminated}
 *       summed over nodes; {@code faults.resolution.p50|p99|max} (ns) over all nodes' faults, if
 *       any was resolved;</li>
 *   <li>{@code cpu.<node>.<core>} (fraction) busy time over simulated time, for every core;</li>
 *   <li>{@code memory.<node>.reserved} (bytes resident) and {@code memory.<node>.pinned};</li>
 *   <li>{@code sim.time} (ns, when the workload finished, or the kernel's time if it did not),
 *       {@code sim.finished} (1 or 0), {@code sim.events}, {@code wall.seconds},
 *       {@code wall.eventsPerSecond} (events per wall-clock second), {@code wall.simSecondsPerSecond}
 *       (simulated seconds per wall-clock second) and, for a {@link CompletedRun},
 *       {@code wall.peakHeap} (bytes, the heap pools' peaks during the run);</li>
 *   <li>{@code workload.requested} and {@code workload.completed} (in the workload's unit: messages,
 *       blocks, bytes, ...) from the {@link WorkloadOutcome} the workload stated when the run
 *       ended;</li>
 *   <li>every raw metric under its own name: counters and gauges as values, histograms as
 *       {@code <name>.p50|p99|p999|max|mean|count}. A derived figure wins over a raw metric of the
 *       same name.</li>
 * </ul>
 *
 * <p>Beside the figures it keeps the {@link RunDetails}: the {@link SpeedReport}, every metric's
 * final value, the periodic metric dumps and the inspectable components' views.
 *
 * <p>Immutable.
 *
 * @since 0.1
 */
public final class RunResult {
    private final String scenario;
    private final String source;
    private final long seed;
    private final Map<String, Figure> figures;
    private final ThroughputSeries throughput;
    private final ExpectationReport expectations;
    private final RunDetails details;
    private final Optional<WorkloadOutcome> outcome;

    /**
     * Creates a result from its parts; the expectations are checked against the figures.
     *
     * @param scenario the scenario's name, not null
     * @param source where the scenario was read from, not null, may be empty
     * @param seed the run's seed
     * @param figures the figures, in the order to print them; names unique; not null
     * @param throughput the throughput over simulated time, not null
     * @param expectations the expectations to check, not null
     */
    public RunResult(String scenario, String source, long seed, List<Figure> figures, ThroughputSeries throughput,
            List<Expectation> expectations) {
        this(scenario, source, seed, figures, throughput, expectations, RunDetails.NONE);
    }

    /**
     * Creates a result from its parts and its details; the expectations are checked against the
     * figures.
     *
     * @param scenario the scenario's name, not null
     * @param source where the scenario was read from, not null, may be empty
     * @param seed the run's seed
     * @param figures the figures, in the order to print them; names unique; not null
     * @param throughput the throughput over simulated time, not null
     * @param expectations the expectations to check, not null
     * @param details speed, metrics, dumps and views, not null
     */
    public RunResult(String scenario, String source, long seed, List<Figure> figures, ThroughputSeries throughput,
            List<Expectation> expectations, RunDetails details) {
        this(scenario, source, seed, figures, throughput, expectations, Optional.empty(), details);
    }

    /**
     * Creates a result whose workload stated {@code outcome}: the expectations are checked against
     * the figures, and the implicit expectation that the workload completed what it was asked
     * ({@link CompletionCheck}) is added at the end unless an expectation declares a shortfall.
     */
    RunResult(String scenario, String source, long seed, List<Figure> figures, ThroughputSeries throughput,
            List<Expectation> expectations, Optional<WorkloadOutcome> outcome, RunDetails details) {
        this.details = requireNonNull(details, "details is null");
        this.outcome = requireNonNull(outcome, "outcome is null");
        this.scenario = requireNonNull(scenario, "scenario is null");
        this.source = requireNonNull(source, "source is null");
        this.seed = seed;
        requireNonNull(figures, "figures is null");
        Map<String, Figure> byName = new LinkedHashMap<>();
        for (Figure f : figures) {
            if (byName.putIfAbsent(f.name(), requireNonNull(f, "figure is null")) != null) {
                throw new IllegalArgumentException("two figures named " + f.name());
            }
        }
        this.figures = Collections.unmodifiableMap(byName);
        this.throughput = requireNonNull(throughput, "throughput is null");
        ExpectationReport written = ExpectationReport.check(expectations, byName.values());
        this.expectations = CompletionCheck.check(outcome, expectations).map(written::with).orElse(written);
    }

    /**
     * Gathers the result of a scenario's run.
     *
     * @param scenario the scenario that was run, not null; its name, source and expectations are used
     * @param sim the simulation after the run, not null
     * @param run the workload's context returned by {@link Simulation#run}, not null
     * @param wallNanos wall-clock time the run took, in ns, {@code >= 0}
     * @return the result
     */
    public static RunResult of(Scenario scenario, Simulation sim, SimWorkloadContext run, long wallNanos) {
        requireNonNull(scenario, "scenario is null");
        return RunResultCollector.collect(scenario.name(), scenario.source(), scenario.expectations(), sim, run,
                wallNanos);
    }

    /**
     * Gathers the result of a completed run, with its peak heap, periodic metric dumps and the
     * views of its inspectable components.
     *
     * @param run the completed run, not null
     * @return the result
     */
    public static RunResult of(CompletedRun run) {
        requireNonNull(run, "run is null");
        Scenario scenario = run.scenario();
        return RunResultCollector.collect(scenario.name(), scenario.source(), scenario.expectations(),
                run.simulation(), run.workload(), run.wallNanos(), run.peakHeapBytes(), run.statistics());
    }

    /**
     * Gathers the result of a run that has no scenario (no source, no written expectations; the
     * implicit completion check still applies).
     *
     * @param name a name for the run, not null
     * @param sim the simulation after the run, not null
     * @param run the workload's context returned by {@link Simulation#run}, not null
     * @param wallNanos wall-clock time the run took, in ns, {@code >= 0}
     * @return the result
     */
    public static RunResult of(String name, Simulation sim, SimWorkloadContext run, long wallNanos) {
        return RunResultCollector.collect(requireNonNull(name, "name is null"), "", List.of(), sim, run, wallNanos);
    }

    /** The scenario's name. */
    public String scenario() {
        return scenario;
    }

    /** Where the scenario was read from, or the empty string. */
    public String source() {
        return source;
    }

    /** The run's seed. */
    public long seed() {
        return seed;
    }

    /** All figures, derived ones first, then raw metrics by name. */
    public List<Figure> figures() {
        return new ArrayList<>(figures.values());
    }

    /** The names of all figures, in order. */
    public Set<String> names() {
        return figures.keySet();
    }

    /** The figure named {@code name}, if the run produced it. */
    public Optional<Figure> figure(String name) {
        return Optional.ofNullable(figures.get(requireNonNull(name, "name is null")));
    }

    /** The value of the figure named {@code name} in base units, if the run produced it. */
    public OptionalDouble value(String name) {
        Figure f = figures.get(requireNonNull(name, "name is null"));
        return f == null ? OptionalDouble.empty() : OptionalDouble.of(f.value());
    }

    /**
     * The workload's throughput over simulated time ({@code workload.bytes} by completion time),
     * from the periodic metric dumps when the run took them, else from the counter's own series.
     */
    public ThroughputSeries throughput() {
        return throughput;
    }

    /** Speed, final metrics, periodic dumps and component views of the run. */
    public RunDetails details() {
        return details;
    }

    /** How fast the run simulated, if known. */
    public Optional<SpeedReport> speed() {
        return Optional.ofNullable(details.speed());
    }

    /** The rendered views of the run's inspectable components. */
    public Inspections inspections() {
        return details.inspections();
    }

    /**
     * The checks of the scenario's expectations, then the implicit one that the workload completed
     * what it was asked (when it stated an outcome and no expectation declares a shortfall).
     */
    public ExpectationReport expectations() {
        return expectations;
    }

    /** What the workload stated, when the run ended, it was asked and completed; empty if it stated nothing. */
    public Optional<WorkloadOutcome> outcome() {
        return outcome;
    }

    @Override
    public String toString() {
        return "RunResult[" + scenario + ", seed " + seed + ", " + figures.size() + " figures, "
                + expectations.passed() + "/" + expectations.total() + " expectations met]";
    }
}
