package org.iopf.core.report;

import static java.util.Objects.requireNonNull;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import org.iopf.core.platform.Expectation.Quantity;

/**
 * Prints several {@link RunResult}s side by side, one row per scenario: its name, throughput, p99
 * latency, faults and expectations met out of total; then how many scenarios met every expectation.
 * For {@code iopf reproduce}.
 *
 * @since 0.1
 */
public final class SummaryTable {
    private static final String[] HEADER = {"scenario", "throughput", "p99 latency", "faults", "expectations"};

    private SummaryTable() {
    }

    /** Prints the table of {@code results} to {@code out}. */
    public static void write(List<RunResult> results, PrintStream out) {
        requireNonNull(out, "out is null").print(render(results));
    }

    /** The text that {@link #write} prints, lines ending in {@code \n}. */
    public static String render(List<RunResult> results) {
        requireNonNull(results, "results is null");
        List<String[]> rows = new ArrayList<>();
        rows.add(HEADER);
        int allMet = 0;
        for (RunResult r : results) {
            ExpectationReport e = r.expectations();
            if (e.allPassed()) {
                allMet++;
            }
            rows.add(new String[] {r.scenario(), text(r.value("throughput"), Quantity.RATE),
                    text(r.value("latency.p99"), Quantity.DURATION), text(r.value("faults.total"), Quantity.NUMBER),
                    e.total() == 0 ? "—" : e.passed() + "/" + e.total() + (e.allPassed() ? " PASS" : " MISS")});
        }
        int[] widths = new int[HEADER.length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (String[] row : rows) {
            out.append(String.format(Locale.ROOT, "%-" + widths[0] + "s  %" + widths[1] + "s  %" + widths[2] + "s  %"
                    + widths[3] + "s  %s", (Object[]) row).stripTrailing()).append('\n');
        }
        out.append(allMet).append(" of ").append(results.size()).append(" scenarios met every expectation\n");
        return out.toString();
    }

    private static String text(OptionalDouble value, Quantity quantity) {
        return value.isPresent() ? UnitFormat.format(value.getAsDouble(), quantity) : "—";
    }
}
