package org.iopf.core.report;

import static java.util.Objects.requireNonNull;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * Prints a {@link RunResult} for people: a header, then one aligned section per kind of figure
 * (throughput and latency, faults, CPU, memory, speed), optionally every raw metric, then the
 * expectations with measured against expected and {@code PASS} or {@code MISS} (and, under them,
 * why a missing figure or the implicit completion check missed). Values carry
 * well-chosen units ({@code 96.4 Gbps}, {@code 10.2 µs}, {@code 16.0 GiB}, {@code 12.5 %}).
 *
 * @since 0.1
 */
public final class TableReport {
    private record Section(String title, Predicate<String> holds) {
    }

    private static final List<Section> SECTIONS = List.of(
            new Section("throughput & latency", n -> n.equals("throughput") || n.equals("bytes")
                    || n.equals("messages") || n.equals("errors") || n.startsWith("integrity.")
                    || n.startsWith("latency.")),
            new Section("faults", n -> n.startsWith("faults.")),
            new Section("CPU", n -> n.startsWith("cpu.")),
            new Section("memory", n -> n.startsWith("memory.")),
            new Section("speed", n -> n.startsWith("sim.") || n.startsWith("wall.")));

    private final boolean allMetrics;

    /**
     * Creates a writer.
     *
     * @param allMetrics whether to print every raw metric too, in a {@code metrics} section
     */
    public TableReport(boolean allMetrics) {
        this.allMetrics = allMetrics;
    }

    /** Prints {@code result} to {@code out}. */
    public void write(RunResult result, PrintStream out) {
        requireNonNull(out, "out is null").print(render(result));
    }

    /** The text that {@link #write} prints, lines ending in {@code \n}. */
    public String render(RunResult result) {
        requireNonNull(result, "result is null");
        StringBuilder out = new StringBuilder();
        out.append("scenario ").append(result.scenario());
        if (!result.source().isEmpty()) {
            out.append(" (").append(result.source()).append(')');
        }
        out.append(", seed ").append(result.seed()).append('\n');
        List<Figure> rest = new ArrayList<>(result.figures());
        for (Section section : SECTIONS) {
            List<Figure> in = rest.stream().filter(f -> section.holds().test(f.name())).toList();
            rest.removeAll(in);
            section(out, section.title(), in);
        }
        if (allMetrics) {
            section(out, "metrics", rest);
        }
        expectations(out, result.expectations());
        return out.toString();
    }

    private static void section(StringBuilder out, String title, List<Figure> figures) {
        if (figures.isEmpty()) {
            return;
        }
        int width = figures.stream().mapToInt(f -> f.name().length()).max().orElse(0);
        int valueWidth = figures.stream().mapToInt(f -> f.formatted().length()).max().orElse(0);
        out.append('\n').append(title).append('\n');
        for (Figure f : figures) {
            out.append(String.format(Locale.ROOT, "  %-" + width + "s  %" + valueWidth + "s%n", f.name(),
                    f.formatted()));
        }
    }

    private static void expectations(StringBuilder out, ExpectationReport report) {
        if (report.total() == 0) {
            return;
        }
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"metric", "measured", "expected", "result", "where"});
        for (ExpectationOutcome o : report.outcomes()) {
            rows.add(new String[] {o.expectation().metric(), o.measuredText(), o.expectation().written(), o.verdict(),
                    o.expectation().where()});
        }
        int[] widths = new int[5];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        out.append('\n').append("expectations: ").append(report.passed()).append(" of ").append(report.total())
                .append(" met\n");
        for (String[] row : rows) {
            out.append(String.format(Locale.ROOT, "  %-" + widths[0] + "s  %" + widths[1] + "s  %-" + widths[2]
                    + "s  %-" + widths[3] + "s  %s", (Object[]) row).stripTrailing()).append('\n');
        }
        for (ExpectationOutcome o : report.outcomes()) {
            if (o.missing() || !o.passed() && o.expectation().isImplicit()) {
                out.append("  ! ").append(o.message()).append('\n');
            }
        }
    }
}
