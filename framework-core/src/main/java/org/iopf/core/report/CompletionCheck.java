package org.iopf.core.report;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import org.iopf.api.workload.WorkloadOutcome;
import org.iopf.core.platform.Expectation;
import org.iopf.core.platform.Expectation.Quantity;

/**
 * The implicit expectation of every run whose workload states its {@link WorkloadOutcome}: that it
 * completed everything it was asked and nothing went wrong ({@link WorkloadOutcome#isComplete()}).
 * It is checked on {@code workload.completed} against {@code workload.requested}; its message is
 * the outcome's summary ({@code workload: 402 of 20000 messages completed; node2/nic0 queue pair 1
 * is in ERROR (first failure: TRANSPORT_RETRY_EXCEEDED)}).
 *
 * <p>A scenario whose shortfall is the point says so with an explicit {@code expect:} entry, and
 * then the implicit expectation is left out: an entry on {@code workload.completed}, or an entry on
 * {@code errors} / {@code workload.errors} that one or more errors can meet ({@code value: 16},
 * {@code min: 1}, {@code max: 3}; not {@code value: 0} or {@code max: 0}).
 */
final class CompletionCheck {
    /** The figure the implicit expectation checks. */
    static final String COMPLETED = "workload.completed";
    private static final Set<String> ERRORS = Set.of("errors", "workload.errors");

    private CompletionCheck() {
    }

    /**
     * The outcome of the implicit expectation, or empty when the workload stated no outcome or an
     * explicit expectation declares the shortfall.
     *
     * @param stated what the workload stated, not null
     * @param written the scenario's own expectations, not null
     */
    static Optional<ExpectationOutcome> check(Optional<WorkloadOutcome> stated, List<Expectation> written) {
        requireNonNull(stated, "stated is null");
        requireNonNull(written, "written is null");
        if (stated.isEmpty() || written.stream().anyMatch(CompletionCheck::declaresShortfall)) {
            return Optional.empty();
        }
        WorkloadOutcome outcome = stated.get();
        Quantity quantity = UnitFormat.quantityOf(outcome.unit());
        Expectation expectation = Expectation.implicit(COMPLETED, outcome.requested(), quantity,
                "all " + UnitFormat.format(outcome.requested(), quantity, outcome.unit()));
        return Optional.of(new ExpectationOutcome(expectation, OptionalDouble.of(outcome.completed()),
                outcome.isComplete(), "workload: " + outcome.summary()));
    }

    /** Whether {@code e} says that the workload is meant not to complete, or to fail some of it. */
    static boolean declaresShortfall(Expectation e) {
        if (e.metric().equals(COMPLETED)) {
            return true;
        }
        if (!ERRORS.contains(e.metric())) {
            return false;
        }
        return switch (e.comparison()) {
            case AT_LEAST -> true;
            case AT_MOST -> e.value() >= 1;
            case WITHIN -> e.value() + (e.relative() ? e.tolerance() * Math.abs(e.value()) : e.tolerance()) >= 1;
        };
    }
}
