package org.iopf.cli;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.iopf.core.platform.Expectation;
import org.iopf.core.report.ExpectationOutcome;
import org.iopf.core.report.ExpectationReport;
import org.iopf.core.report.Figure;

/**
 * What the coordinator of a cluster sweep and its members send each other besides the task
 * ({@link ClusterTask}): plain values (text, numbers, enums of the core model), never objects of a
 * simulation, so a member builds its own simulation from the point's text exactly as a local
 * worker does.
 */
final class ClusterWire {
    private ClusterWire() {
    }

    /**
     * A plugin a run needs, by its id, version and the SHA-256 of its zip.
     *
     * @param sha256 hex digits; empty for a plugin loaded from a folder (matched by id and version)
     */
    record PluginRef(String id, String version, String sha256) implements Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public String toString() {
            return id + " " + version + (sha256.isEmpty() ? "" : " (sha256 " + sha256 + ")");
        }
    }

    /** An {@link Expectation} as values. */
    record ExpectationData(String metric, Expectation.Comparison comparison, double value, double tolerance,
            boolean relative, Expectation.Quantity quantity, String written, String where) implements Serializable {
        private static final long serialVersionUID = 1L;

        static ExpectationData of(Expectation e) {
            return new ExpectationData(e.metric(), e.comparison(), e.value(), e.tolerance(), e.relative(), e.quantity(),
                    e.written(), e.where());
        }

        Expectation expectation() {
            return new Expectation(metric, comparison, value, tolerance, relative, quantity, written, where);
        }
    }

    /** A {@link Figure} as values. */
    record FigureData(String name, double value, Expectation.Quantity quantity, String unit) implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    /**
     * An {@link ExpectationOutcome}: of the run's {@code index}-th written expectation, or of an
     * expectation the run added itself ({@code index < 0}, with {@code added}).
     */
    record OutcomeData(int index, ExpectationData added, Double measured, boolean passed, String message)
            implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    /**
     * A member's answer to a task: the run's row, or why it refused to run it.
     *
     * @param key the run's key (point id and replication)
     * @param member the member's address, {@code host:port}
     * @param refusal why the member did not run it (a plugin it lacks); null when it ran
     */
    record Reply(String key, String member, String refusal, String status, String message, double wallSeconds,
            long events, List<FigureData> figures, List<OutcomeData> outcomes) implements Serializable {
        private static final long serialVersionUID = 1L;

        Reply {
            figures = List.copyOf(figures);
            outcomes = List.copyOf(outcomes);
        }

        /** A refusal. */
        static Reply refused(String key, String member, String why) {
            return new Reply(key, member, why, SweepRow.FAILED, why, 0, -1, List.of(), List.of());
        }

        /** The reply of a run that gave {@code row}; {@code written} are the expectations it was given. */
        static Reply of(String key, String member, SweepRow row, List<Expectation> written) {
            List<FigureData> figures = row.figures().values().stream()
                    .map(f -> new FigureData(f.name(), f.value(), f.quantity(), f.unit())).toList();
            List<OutcomeData> outcomes = new ArrayList<>();
            List<ExpectationOutcome> all = row.expectations().outcomes();
            for (int i = 0; i < all.size(); i++) {
                ExpectationOutcome o = all.get(i);
                boolean added = i >= written.size() || !o.expectation().equals(written.get(i));
                outcomes.add(new OutcomeData(added ? -1 : i, added ? ExpectationData.of(o.expectation()) : null,
                        o.measured().isPresent() ? o.measured().getAsDouble() : null, o.passed(), o.message()));
            }
            return new Reply(key, member, null, row.status(), row.message(), row.wallSeconds(), row.events(), figures,
                    outcomes);
        }

        /** Whether the member refused the run. */
        boolean isRefusal() {
            return refusal != null;
        }

        /** The row of {@code run}, whose point's expectations are those the task carried. */
        SweepRow row(SweepRun run) {
            Map<String, Figure> kept = new LinkedHashMap<>();
            figures.forEach(f -> kept.put(f.name(), new Figure(f.name(), f.value(), f.quantity(), f.unit())));
            List<Expectation> written = run.scenario().expectations();
            List<ExpectationOutcome> checks = new ArrayList<>();
            for (OutcomeData o : outcomes) {
                Expectation e = o.index() >= 0 ? written.get(o.index()) : o.added().expectation();
                checks.add(new ExpectationOutcome(e, o.measured() == null ? OptionalDouble.empty()
                        : OptionalDouble.of(o.measured()), o.passed(), o.message()));
            }
            return new SweepRow(run, status, message, wallSeconds, events, kept, new ExpectationReport(checks));
        }
    }
}
