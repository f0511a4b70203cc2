package org.iopf.plugin.hmm.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.LongSupplier;
import org.iopf.api.workload.WorkloadOutcome;

/**
 * The steps (or rounds) of an hmm run, for its {@link WorkloadOutcome}: a step is completed when
 * it ran to its end without adding an error and without falling short. A run that stops early,
 * or a step that fell short, says why.
 */
final class Steps {
    private final long requested;
    private final String unit;
    private final LongSupplier errors;
    private long errorsBefore;
    private long completed;
    private final List<String> problems = new ArrayList<>();

    /**
     * @param requested steps the run is asked for, {@code >= 0}
     * @param unit what a step is ({@code steps}, {@code rounds})
     * @param errors the errors the run has counted so far
     */
    Steps(long requested, String unit, LongSupplier errors) {
        this.requested = requested;
        this.unit = Objects.requireNonNull(unit, "unit is null");
        this.errors = Objects.requireNonNull(errors, "errors is null");
    }

    /** The current step ended; it counts if it added no error. */
    void ended() {
        long now = errors.getAsLong();
        if (now == errorsBefore) {
            completed++;
        }
        errorsBefore = now;
    }

    /** The current step ended short of what it was asked, because of {@code reason} (one line): it does not count. */
    void endedShort(String reason) {
        problems.add(Objects.requireNonNull(reason, "reason is null"));
        errorsBefore = errors.getAsLong();
    }

    /** The run stops before its last step, because of {@code reason} (one line). */
    void stopped(String reason) {
        problems.add(Objects.requireNonNull(reason, "reason is null"));
    }

    /** The steps asked for, of which those completed, and why steps fell short or the run stopped. */
    WorkloadOutcome outcome() {
        WorkloadOutcome outcome = WorkloadOutcome.of(requested, completed, unit);
        for (String problem : problems) {
            outcome = outcome.withProblem(problem);
        }
        return outcome;
    }
}
