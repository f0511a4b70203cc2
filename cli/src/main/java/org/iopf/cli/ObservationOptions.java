package org.iopf.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.iopf.api.platform.Units;
import org.iopf.core.observe.TimelineTracer;
import org.iopf.core.observe.TraceFilter;
import picocli.CommandLine.Option;

/**
 * The observation options of {@code iopf run} (and the shell's {@code run}): a trace file with its
 * filters and cap, statistics files with their interval, and component views to print.
 */
final class ObservationOptions {
    @Option(names = "--trace", paramLabel = "FILE",
            description = "Write a Chrome trace-event JSON timeline (open it in ui.perfetto.dev or chrome://tracing).")
    Path trace;

    @Option(names = "--trace-node", paramLabel = "NODE", split = ",",
            description = "Trace only these nodes (repeatable or comma-separated).")
    List<String> traceNodes = new ArrayList<>();

    @Option(names = "--trace-component", paramLabel = "GLOB", split = ",",
            description = "Trace only these components or tracks within a node, * matches anything "
                + "(smmu, a53.*, pldma/ch*); repeatable or comma-separated.")
    List<String> traceComponents = new ArrayList<>();

    @Option(names = "--trace-window", paramLabel = "FROM..TO",
            description = "Trace only this window of simulated time, e.g. 1ms..2ms or 500us.. (open end).")
    String traceWindow;

    @Option(names = "--trace-max-events", paramLabel = "N",
            description = "Keep at most N trace events; later ones are dropped and the trace says so "
                + "(default: ${DEFAULT-VALUE}).")
    int traceMaxEvents = TimelineTracer.DEFAULT_CAPACITY;

    @Option(names = "--stats", paramLabel = "FORMATS", split = ",",
            description = "Write every metric under its hierarchical name as stats.json and/or stats.csv "
                + "(json,csv) into the --out DIR, or the working directory.")
    List<String> stats = new ArrayList<>();

    @Option(names = "--stats-interval", paramLabel = "DURATION",
            description = "Also dump every metric every DURATION of simulated time (1ms) into the stats files "
                + "(and stats-series.csv); without --stats, writes json and csv.")
    String statsInterval;

    @Option(names = "--inspect", paramLabel = "NODE/COMPONENT[:VIEW]",
            description = "After the run, print the views of an inspectable component (node1/smmu, "
                + "node1/smmu:registers) or 'all'; repeatable.")
    List<String> inspect = new ArrayList<>();

    /** The trace filter the options ask for. */
    TraceFilter traceFilter() {
        long from = 0;
        long to = Long.MAX_VALUE;
        if (traceWindow != null) {
            int dots = traceWindow.indexOf("..");
            if (dots < 0) {
                throw new BadInputException("--trace-window takes FROM..TO, e.g. 1ms..2ms: '" + traceWindow + "'");
            }
            String a = traceWindow.substring(0, dots).strip();
            String b = traceWindow.substring(dots + 2).strip();
            from = a.isEmpty() ? 0 : duration("--trace-window", a);
            to = b.isEmpty() ? Long.MAX_VALUE : duration("--trace-window", b);
            if (to < from) {
                throw new BadInputException("--trace-window ends before it starts: '" + traceWindow + "'");
            }
        }
        if (traceMaxEvents < 0) {
            throw new BadInputException("--trace-max-events must be >= 0: " + traceMaxEvents);
        }
        return new TraceFilter(Set.copyOf(traceNodes), traceComponents, from, to);
    }

    /** The statistics interval in ns, or 0 for none. */
    long statsIntervalNanos() {
        if (statsInterval == null) {
            return 0;
        }
        long nanos = duration("--stats-interval", statsInterval);
        if (nanos <= 0) {
            throw new BadInputException("--stats-interval must be > 0: '" + statsInterval + "'");
        }
        return nanos;
    }

    /** The statistics formats asked for ({@code json}, {@code csv}), checked. */
    Set<String> statsFormats() {
        Set<String> formats = new LinkedHashSet<>();
        for (String f : stats) {
            String format = f.strip().toLowerCase(Locale.ROOT);
            if (!format.equals("json") && !format.equals("csv")) {
                throw new BadInputException("--stats takes json, csv or json,csv: '" + f + "'");
            }
            formats.add(format);
        }
        if (formats.isEmpty() && statsInterval != null) {
            formats.addAll(Arrays.asList("json", "csv"));
        }
        return formats;
    }

    private static long duration(String option, String text) {
        try {
            return Units.parseDuration(text);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(option + ": " + e.getMessage());
        }
    }
}
