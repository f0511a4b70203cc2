package org.iopf.core.run;

import java.util.Objects;
import org.iopf.core.observe.MetricsTimeline;
import org.iopf.core.platform.Scenario;

/**
 * A scenario that has run: the scenario, the simulation in its final state, the workload's context,
 * how long the run took on the wall clock, the peak heap it used and its periodic metric dumps.
 *
 * @param scenario the scenario that ran
 * @param simulation the simulation after the run (metrics, nodes, kernel)
 * @param workload the workload's context (finish time, progress)
 * @param wallNanos wall-clock time of the run itself (not of building it), ns
 * @param peakHeapBytes peak heap use during the run (sum of the heap pools' peaks), bytes; -1 if
 *     not measured
 * @param statistics the periodic metric dumps ({@link MetricsTimeline#NONE} if none were asked for)
 */
public record CompletedRun(Scenario scenario, Simulation simulation, SimWorkloadContext workload, long wallNanos,
        long peakHeapBytes, MetricsTimeline statistics) {
    /** Checks arguments. */
    public CompletedRun {
        Objects.requireNonNull(scenario, "scenario is null");
        Objects.requireNonNull(simulation, "simulation is null");
        Objects.requireNonNull(workload, "workload is null");
        Objects.requireNonNull(statistics, "statistics is null");
        if (wallNanos < 0) {
            throw new IllegalArgumentException("wallNanos must be >= 0: " + wallNanos);
        }
    }

    /** A run without heap measurement or metric dumps. */
    public CompletedRun(Scenario scenario, Simulation simulation, SimWorkloadContext workload, long wallNanos) {
        this(scenario, simulation, workload, wallNanos, -1, MetricsTimeline.NONE);
    }

    /**
     * Whether the run stopped at a bound of its {@link RunLimits} with events still pending, so that
     * its workload did not finish and its figures cover only the run so far.
     */
    public boolean cutShort() {
        return simulation.kernel().limitReached();
    }

    /** The simulated time at which the run ended: when the workload finished, else the kernel's time. */
    public long endNanos() {
        return workload.finishedAt() >= 0 ? workload.finishedAt() : simulation.kernel().now();
    }
}
