package org.iopf.core.report;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.iopf.core.platform.Expectation;
import org.iopf.core.platform.NearestName;

/**
 * The outcomes of checking a run's figures against a scenario's expectations, in the scenario's
 * order. A metric the run did not produce is a failed outcome whose message names it and the
 * nearest known figure name.
 *
 * @param outcomes one per expectation, in order; not null
 * @since 0.1
 */
public record ExpectationReport(List<ExpectationOutcome> outcomes) {
    /** The report of no expectation. */
    public static final ExpectationReport NONE = new ExpectationReport(List.of());

    /** Checks and copies the outcomes. */
    public ExpectationReport {
        outcomes = List.copyOf(requireNonNull(outcomes, "outcomes is null"));
    }

    /**
     * Checks every expectation against the figures.
     *
     * @param expectations the expectations, not null
     * @param figures the run's figures, not null
     * @return the report
     */
    public static ExpectationReport check(List<Expectation> expectations, Collection<Figure> figures) {
        requireNonNull(expectations, "expectations is null");
        requireNonNull(figures, "figures is null");
        Map<String, Figure> byName = new LinkedHashMap<>();
        figures.forEach(f -> byName.put(f.name(), f));
        List<ExpectationOutcome> outcomes = new ArrayList<>(expectations.size());
        for (Expectation e : expectations) {
            Figure figure = byName.get(e.metric());
            if (figure == null) {
                outcomes.add(new ExpectationOutcome(e, OptionalDouble.empty(), false, "no figure '" + e.metric()
                        + "' in this run's results" + NearestName.hint(e.metric(), byName.keySet())));
                continue;
            }
            boolean passed = e.isMetBy(figure.value());
            String measured = UnitFormat.format(figure.value(), e.quantity());
            outcomes.add(new ExpectationOutcome(e, OptionalDouble.of(figure.value()), passed,
                    e.metric() + " measured " + measured + ", expected " + e.written() + (passed ? "" : " (missed)")));
        }
        return new ExpectationReport(outcomes);
    }

    /**
     * This report with one more outcome at the end (the run's implicit expectation).
     *
     * @param outcome the outcome, not null
     * @return a new report
     */
    public ExpectationReport with(ExpectationOutcome outcome) {
        requireNonNull(outcome, "outcome is null");
        List<ExpectationOutcome> more = new ArrayList<>(outcomes);
        more.add(outcome);
        return new ExpectationReport(more);
    }

    /** Number of expectations met. */
    public int passed() {
        return (int) outcomes.stream().filter(ExpectationOutcome::passed).count();
    }

    /** Number of expectations. */
    public int total() {
        return outcomes.size();
    }

    /** Whether every expectation was met (true if there is none). */
    public boolean allPassed() {
        return passed() == total();
    }
}
