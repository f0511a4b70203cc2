package org.iopf.cli;

import java.util.Locale;
import org.iopf.api.platform.Units;
import org.iopf.api.sim.Time;
import org.iopf.core.run.CompletedRun;
import org.iopf.core.run.RunLimits;
import picocli.CommandLine.Option;

/**
 * The bounds of {@code iopf run} (and the shell's {@code run}): {@code --max-sim-time} and
 * {@code --max-events} stop the simulation there, and a run that reached one is reported as cut
 * short, its figures covering the run so far.
 */
final class RunLimitOptions {
    @Option(names = "--max-sim-time", paramLabel = "DURATION",
            description = "Stop the run after DURATION of simulated time (10ms, 2s) even if the workload has not "
                + "finished; the run is reported as cut short.")
    String maxSimTime;

    @Option(names = "--max-events", paramLabel = "N",
            description = "Stop the run after N events even if the workload has not finished; the run is reported "
                + "as cut short.")
    Long maxEvents;

    /** The bounds asked for, checked; {@link RunLimits#NONE} when neither option is given. */
    RunLimits limits() {
        long time = Long.MAX_VALUE;
        if (maxSimTime != null) {
            try {
                time = Units.parseDuration(maxSimTime);
            } catch (IllegalArgumentException e) {
                throw new BadInputException("--max-sim-time: " + e.getMessage());
            }
            if (time < 1) {
                throw new BadInputException("--max-sim-time must be > 0: '" + maxSimTime + "'");
            }
        }
        if (maxEvents != null && maxEvents < 1) {
            throw new BadInputException("--max-events must be >= 1: " + maxEvents);
        }
        return new RunLimits(time, maxEvents != null ? maxEvents : Long.MAX_VALUE);
    }

    /**
     * The warning for a run that reached a bound:
     * {@code pinned-baseline was cut short by --max-events 1000 at 12.000us of simulated time; ...}.
     */
    static String cutShortWarning(String scenario, CompletedRun run, RunLimits limits) {
        long executed = run.simulation().kernel().executedEvents();
        String bound = executed >= limits.maxEvents()
                ? String.format(Locale.ROOT, "--max-events %d", limits.maxEvents())
                : "--max-sim-time " + Time.format(limits.maxSimTimeNanos());
        return String.format(Locale.ROOT, "warning: %s was cut short by %s at %s of simulated time after %,d events; "
                + "its workload did not finish and the figures cover the run so far", scenario, bound,
                Time.format(run.simulation().kernel().now()), executed);
    }
}
