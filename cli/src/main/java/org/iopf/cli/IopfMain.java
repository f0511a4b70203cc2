package org.iopf.cli;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;
import org.iopf.api.sim.DataRate;
import org.iopf.api.sim.Time;
import org.iopf.core.observe.MetricValue;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.run.DefaultPlatforms;
import org.iopf.core.run.SimWorkloadContext;
import org.iopf.core.run.Simulation;
import org.iopf.core.workload.RdmaWriteStreamType;

/**
 * The {@code iopf} launcher. For now it knows one command, {@code run}, which runs the default
 * scenario (the pinned-baseline RDMA WRITE stream between two nodes) and prints what it measured;
 * platform files and the full command line arrive with the plugin host.
 */
public final class IopfMain {
    private static final String USAGE = "usage: iopf run [--seed N] [--messages N] [--message-size SIZE]";

    private IopfMain() {
    }

    /**
     * Entry point.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the command line; returns the exit code (0 ok, 2 bad input). */
    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0 || !args[0].equals("run")) {
            err.println(USAGE);
            return 2;
        }
        long seed = 1;
        String messages = "64";
        String messageSize = "1MiB";
        for (int i = 1; i < args.length; i++) {
            if (i + 1 >= args.length) {
                err.println("missing value after " + args[i] + "\n" + USAGE);
                return 2;
            }
            switch (args[i]) {
                case "--seed" -> {
                    try {
                        seed = Long.parseLong(args[++i]);
                    } catch (NumberFormatException e) {
                        err.println("--seed takes a whole number, not '" + args[i] + "'");
                        return 2;
                    }
                }
                case "--messages" -> messages = args[++i];
                case "--message-size" -> messageSize = args[++i];
                default -> {
                    err.println("unknown option " + args[i] + "\n" + USAGE);
                    return 2;
                }
            }
        }
        ExtensionRegistry registry = ExtensionRegistry.fromClassPath(IopfMain.class.getClassLoader());
        Simulation sim = Simulation.build(DefaultPlatforms.pinnedBaseline(seed), registry);
        long wallStart = System.nanoTime();
        SimWorkloadContext result;
        try {
            result = sim.run(new RdmaWriteStreamType(),
                    Map.of("messages", messages, "messageSize", messageSize, "concurrency", "4"));
        } catch (IllegalArgumentException e) {
            err.println("iopf: " + e.getMessage());
            return 2;
        }
        long wallNanos = System.nanoTime() - wallStart;
        report(sim, result, seed, wallNanos, out);
        return 0;
    }

    private static void report(Simulation sim, SimWorkloadContext result, long seed, long wallNanos, PrintStream out) {
        var metrics = sim.metrics().snapshot();
        long bytes = counter(metrics.get("workload.bytes"));
        long elapsed = ((MetricValue.GaugeValue) metrics.get("workload.elapsed")).value();
        var latency = (MetricValue.HistogramSummary) metrics.get("workload.latency");
        long mismatched = counter(metrics.get("workload.integrity.mismatchedPages"));
        long errors = counter(metrics.get("workload.errors"));
        long events = sim.kernel().executedEvents();
        out.println("iopf default scenario: pinned-baseline RDMA WRITE stream, node1 -> node2 (seed " + seed + ")");
        row(out, "platform", "2 nodes, reference components, 100 Gbps links, 4 writes in flight");
        row(out, "messages", latency.count() + " x " + bytes / Math.max(1, latency.count()) + " B, " + errors
                + " errors");
        row(out, "throughput", elapsed == 0 ? "n/a" : DataRate.measured(bytes, elapsed).toString());
        row(out, "latency", String.format(Locale.ROOT, "p50 %s  p99 %s  max %s", Time.format(latency.p50()),
                Time.format(latency.p99()), Time.format(latency.max())));
        row(out, "integrity", mismatched == 0 ? "every byte arrived intact" : mismatched + " pages differ");
        row(out, "simulated time", Time.format(result.finishedAt()));
        row(out, "events", String.format(Locale.ROOT, "%d in %.2f s wall (%.2f M events/s)", events, wallNanos / 1e9,
                events / (wallNanos / 1e3)));
    }

    private static long counter(MetricValue value) {
        return value == null ? 0 : ((MetricValue.CounterValue) value).value();
    }

    private static void row(PrintStream out, String label, String value) {
        out.printf(Locale.ROOT, "  %-16s %s%n", label, value);
    }
}
