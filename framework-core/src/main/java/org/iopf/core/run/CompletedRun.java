package org.iopf.core.run;

import java.util.Objects;
import org.iopf.core.platform.Scenario;

/**
 * A scenario that has run: the scenario, the simulation in its final state, the workload's context
 * and how long the run took on the wall clock.
 *
 * @param scenario the scenario that ran
 * @param simulation the simulation after the run (metrics, nodes, kernel)
 * @param workload the workload's context (finish time, progress)
 * @param wallNanos wall-clock time of the run itself (not of building it), ns
 */
public record CompletedRun(Scenario scenario, Simulation simulation, SimWorkloadContext workload, long wallNanos) {
    /** Checks arguments. */
    public CompletedRun {
        Objects.requireNonNull(scenario, "scenario is null");
        Objects.requireNonNull(simulation, "simulation is null");
        Objects.requireNonNull(workload, "workload is null");
        if (wallNanos < 0) {
            throw new IllegalArgumentException("wallNanos must be >= 0: " + wallNanos);
        }
    }
}
