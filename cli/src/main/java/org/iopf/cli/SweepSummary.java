package org.iopf.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.iopf.core.report.ExpectationOutcome;
import org.iopf.core.sweep.Sweep;
import org.iopf.core.sweep.SweepSetting;

/**
 * What a sweep did, printed when it ends: each point with expectations and how it fared (each
 * expectation measured vs expected for a point that missed one or has more than every point has,
 * such as the published figures of chosen points), the counts of runs ok, missed, failed and
 * skipped (done before), and the pace. Rows are printed in
 * point order, whatever order they completed in.
 */
final class SweepSummary {
    private final Sweep sweep;
    private final Map<String, String> skipped;
    private final List<SweepRow> rows = new ArrayList<>();

    /**
     * The summary of {@code sweep}.
     *
     * @param skipped the status of each run done before and skipped, by {@link SweepRun#key()}
     */
    SweepSummary(Sweep sweep, Map<String, String> skipped) {
        this.sweep = Objects.requireNonNull(sweep, "sweep is null");
        this.skipped = Map.copyOf(skipped);
    }

    /** Adds a run's row. */
    void add(SweepRow row) {
        rows.add(row);
    }

    private long count(String status) {
        return rows.stream().filter(r -> r.status().equals(status)).count();
    }

    /** Whether every run, of this sweep and done before, completed and met its expectations. */
    boolean allMet() {
        return count(SweepRow.MISSED) == 0 && count(SweepRow.FAILED) == 0
                && skipped.values().stream().allMatch(SweepRow.OK::equals);
    }

    /** Prints the summary; {@code wallSeconds} is the time the runs took, {@code workers} the pool's size. */
    void print(PrintWriter out, double wallSeconds, int workers) {
        List<SweepRow> ordered = new ArrayList<>(rows);
        ordered.sort(Comparator.comparingInt((SweepRow r) -> r.run().point().index())
                .thenComparingInt(r -> r.run().replication()));
        int everywhere = ordered.stream().filter(r -> !r.status().equals(SweepRow.FAILED))
                .mapToInt(r -> r.expectations().total()).min().orElse(0);
        for (SweepRow row : ordered) {
            if (row.expectations().total() == 0) {
                continue;
            }
            out.printf("point %d%s (%s): %d of %d expectations met%n", row.run().point().index() + 1,
                    sweep.replications() > 1 ? " replication " + row.run().replication() : "", row.run().point().label(),
                    row.expectations().passed(), row.expectations().total());
            if (row.expectations().total() == everywhere && row.expectations().allPassed()) {
                continue;
            }
            for (ExpectationOutcome o : row.expectations().outcomes()) {
                out.printf("  %-4s %-32s measured %-14s expected %s%n", o.verdict(), o.expectation().metric(),
                        o.measuredText(), o.expectation().written());
            }
        }
        double perMinute = wallSeconds > 0 ? rows.size() / wallSeconds * 60 : 0;
        out.printf(Locale.ROOT, "sweep %s: %d points x %d replication%s: %d ok, %d missed, %d failed, %d done before; "
                + "%d runs in %.1f s on %d worker%s (%.1f runs per minute)%n", sweep.name(), sweep.points().size(),
                sweep.replications(), sweep.replications() == 1 ? "" : "s", count(SweepRow.OK), count(SweepRow.MISSED),
                count(SweepRow.FAILED), skipped.size(), rows.size(), wallSeconds, workers, workers == 1 ? "" : "s",
                perMinute);
        out.flush();
    }

    /** A warning about a failed run, with the command that runs it alone. */
    static String failure(SweepRow row, Sweep sweep) {
        SweepRun run = row.run();
        StringBuilder command = new StringBuilder("iopf run " + sweep.base() + " --seed " + run.seed());
        for (SweepSetting s : run.point().settings()) {
            String setting = s.path() + "=" + s.text();
            command.append(" --set ").append(setting.matches("[A-Za-z0-9_.=\\[\\]/-]+") ? setting
                    : "'" + setting.replace("'", "'\\''") + "'");
        }
        return "iopf: warning: point " + (run.point().index() + 1) + " of " + sweep.points().size()
                + (sweep.replications() > 1 ? ", replication " + run.replication() : "") + " ("
                + run.point().label() + ") failed: " + row.message() + "; to run it alone: " + command + " --debug";
    }
}
