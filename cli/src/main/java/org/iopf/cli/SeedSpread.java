package org.iopf.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.iopf.core.platform.Expectation.Quantity;
import org.iopf.core.report.ExpectationOutcome;
import org.iopf.core.report.RunResult;
import org.iopf.core.report.UnitFormat;

/**
 * The spread of one scenario's expected figures over the seeds it ran with: per figure an
 * {@code expect:} entry names, the lowest, median and highest value measured, and how many seeds
 * met that entry.
 */
final class SeedSpread {
    /** One expected figure over the seeds: the values measured, and how many seeds met its entry. */
    static final class Row {
        private final String metric;
        private final Quantity quantity;
        private final String written;
        private final List<Long> seeds = new ArrayList<>();
        private final List<Double> values = new ArrayList<>();
        private int met;

        Row(String metric, Quantity quantity, String written) {
            this.metric = metric;
            this.quantity = quantity;
            this.written = written;
        }

        String metric() {
            return metric;
        }

        Quantity quantity() {
            return quantity;
        }

        String written() {
            return written;
        }

        List<Long> seeds() {
            return seeds;
        }

        List<Double> values() {
            return values;
        }

        int met() {
            return met;
        }

        double min() {
            return sorted().get(0);
        }

        double max() {
            List<Double> s = sorted();
            return s.get(s.size() - 1);
        }

        /** The median; of an even count, the mean of the two middle values. */
        double median() {
            List<Double> s = sorted();
            int n = s.size();
            return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
        }

        private List<Double> sorted() {
            List<Double> s = new ArrayList<>(values);
            s.sort(Double::compare);
            return s;
        }
    }

    private final String scenario;
    private final Map<String, Row> rows = new LinkedHashMap<>();
    private int runs;
    private int runsMet;

    SeedSpread(String scenario) {
        this.scenario = scenario;
    }

    /** Adds the run with one seed. */
    void add(RunResult result) {
        runs++;
        if (result.expectations().allPassed()) {
            runsMet++;
        }
        for (ExpectationOutcome o : result.expectations().outcomes()) {
            String key = o.expectation().metric() + " " + o.expectation().written();
            Row row = rows.computeIfAbsent(key, k -> new Row(o.expectation().metric(), o.expectation().quantity(),
                    o.expectation().written()));
            if (o.measured().isPresent()) {
                row.seeds.add(result.seed());
                row.values.add(o.measured().getAsDouble());
            }
            if (o.passed()) {
                row.met++;
            }
        }
    }

    String scenario() {
        return scenario;
    }

    /** How many seeds met every expectation. */
    int runsMet() {
        return runsMet;
    }

    int runs() {
        return runs;
    }

    List<Row> rows() {
        return List.copyOf(rows.values());
    }

    /** The table of several scenarios' spreads. */
    static void print(List<SeedSpread> spreads, PrintWriter out) {
        int metricWidth = Math.max(6, spreads.stream().flatMap(s -> s.rows().stream())
                .mapToInt(r -> r.metric().length()).max().orElse(0));
        for (SeedSpread s : spreads) {
            out.printf(Locale.ROOT, "%s: %d of %d seeds met every expectation%n", s.scenario(), s.runsMet(), s.runs());
            for (Row r : s.rows()) {
                if (r.values().isEmpty()) {
                    out.printf(Locale.ROOT, "  %-" + metricWidth + "s  no seed measured it%n", r.metric());
                    continue;
                }
                out.printf(Locale.ROOT, "  %-" + metricWidth + "s  min %-12s median %-12s max %-12s spread %-8s"
                        + " %d/%d met  (expected %s)%n", r.metric(), format(r.min(), r.quantity()),
                        format(r.median(), r.quantity()), format(r.max(), r.quantity()), spread(r),
                        r.met(), s.runs(), r.written());
            }
        }
        out.flush();
    }

    /** The range as a share of the median, or {@code exact} when every seed measured the same. */
    static String spread(Row r) {
        double range = r.max() - r.min();
        if (range == 0) {
            return "exact";
        }
        double median = Math.abs(r.median());
        return median == 0 ? "—" : String.format(Locale.ROOT, "%.2f%%", 100 * range / median);
    }

    private static String format(double value, Quantity quantity) {
        return UnitFormat.format(value, quantity);
    }

    /** Every measured value, one line each: scenario, metric, seed, value (base unit). */
    static void writeCsv(List<SeedSpread> spreads, PrintWriter out) {
        out.println("scenario,metric,seed,value");
        for (SeedSpread s : spreads) {
            for (Row r : s.rows()) {
                for (int i = 0; i < r.values().size(); i++) {
                    out.printf(Locale.ROOT, "%s,%s,%d,%s%n", s.scenario(), r.metric(), r.seeds().get(i),
                            Double.toString(r.values().get(i)));
                }
            }
        }
        out.flush();
    }
}
