package org.iopf.core.report;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.iopf.api.sim.Time;
import org.iopf.core.observe.ChromeTraceReader;
import org.iopf.core.observe.TraceRecord;

/**
 * The fault-latency breakdown of a trace ({@code iopf trace-summary}): the faults are the flows
 * that have a {@code fault/<KIND>} instant (see the naming convention of
 * {@link org.iopf.api.observe.Tracer}); each is grouped by its kind and by the mechanism of each
 * {@code <mechanism>/<step>} slice it has (the prefix; {@code fault/*} slices are the framework's
 * and belong to no mechanism). For every group and step: in how many faults the step occurred, its
 * mean, median (nearest rank) and maximum time per fault (a step occurring twice in one fault
 * counts its summed time) and its share of the group's total time. A fault's total time is its
 * {@code fault/resolution} slice (raise to resolution) if the trace has one, else the span of its
 * events. Steps are listed in the order they happen (by mean offset from the fault's start).
 *
 * @param groups one per (fault kind, mechanism), sorted by kind then mechanism
 * @since 0.1
 */
public record FaultBreakdown(List<Group> groups) {
    /** The name of the slice that spans a fault from its raise to its resolution. */
    public static final String RESOLUTION = "fault/resolution";
    private static final String FAULT_PREFIX = "fault/";

    /** Copies the groups. */
    public FaultBreakdown {
        groups = List.copyOf(requireNonNull(groups, "groups is null"));
    }

    /**
     * The statistics of one step (or of the total) over the faults of a group.
     *
     * @param step the step's name ({@code npf/detection}), or {@code total}
     * @param count faults in which it occurred
     * @param meanNanos mean time per fault, ns
     * @param p50Nanos median time per fault (nearest rank), ns
     * @param maxNanos largest time per fault, ns
     * @param share its summed time over the group's summed total, in [0, 1] for steps within faults
     */
    public record Step(String step, long count, double meanNanos, long p50Nanos, long maxNanos, double share) {
        /** Checks the arguments. */
        public Step {
            requireNonNull(step, "step is null");
        }
    }

    /**
     * The faults of one kind handled with one mechanism.
     *
     * @param kind the fault kind ({@code TRANSLATION})
     * @param mechanism the mechanism ({@code npf}), or {@code -} when the faults had no step slice
     * @param steps its steps in order
     * @param total the faults' total times
     */
    public record Group(String kind, String mechanism, List<Step> steps, Step total) {
        /** Checks and copies the arguments. */
        public Group {
            requireNonNull(kind, "kind is null");
            requireNonNull(mechanism, "mechanism is null");
            steps = List.copyOf(requireNonNull(steps, "steps is null"));
            requireNonNull(total, "total is null");
        }

        /** Number of faults in the group. */
        public long faults() {
            return total.count();
        }
    }

    /** Reads a trace file and breaks its faults down. */
    public static FaultBreakdown of(Path traceFile) {
        List<TraceRecord> events = new ArrayList<>();
        ChromeTraceReader.read(traceFile, e -> {
            if (e.flowId() != 0) {
                events.add(e);
            }
        });
        return of(events);
    }

    /** Breaks down the faults of {@code events} (any order; events without a flow id are ignored). */
    public static FaultBreakdown of(List<TraceRecord> events) {
        Map<Long, Flow> flows = new TreeMap<>();
        for (TraceRecord e : requireNonNull(events, "events is null")) {
            if (e.flowId() != 0 && e.kind() != TraceRecord.Kind.COUNTER) {
                flows.computeIfAbsent(e.flowId(), id -> new Flow()).add(e);
            }
        }
        Map<String, List<Flow>> byGroup = new TreeMap<>();
        for (Flow flow : flows.values()) {
            if (flow.kind == null) {
                continue;
            }
            TreeSet<String> mechanisms = flow.mechanisms();
            if (mechanisms.isEmpty()) {
                mechanisms.add("-");
            }
            for (String mechanism : mechanisms) {
                byGroup.computeIfAbsent(flow.kind + "\u0000" + mechanism, k -> new ArrayList<>()).add(flow);
            }
        }
        List<Group> groups = new ArrayList<>();
        byGroup.forEach((key, members) -> {
            String[] parts = key.split("\u0000");
            groups.add(group(parts[0], parts[1], members));
        });
        return new FaultBreakdown(groups);
    }

    private static Group group(String kind, String mechanism, List<Flow> flows) {
        long[] totals = flows.stream().mapToLong(Flow::total).toArray();
        double totalSum = Arrays.stream(totals).sum();
        Map<String, List<long[]>> perStep = new LinkedHashMap<>();
        for (Flow flow : flows) {
            flow.steps(mechanism).forEach((step, timeAndOffset) ->
                    perStep.computeIfAbsent(step, s -> new ArrayList<>()).add(timeAndOffset));
        }
        List<Map.Entry<String, List<long[]>>> ordered = new ArrayList<>(perStep.entrySet());
        ordered.sort(Comparator.comparingDouble((Map.Entry<String, List<long[]>> e) ->
                e.getValue().stream().mapToLong(v -> v[1]).average().orElse(0)).thenComparing(Map.Entry::getKey));
        List<Step> steps = new ArrayList<>();
        for (Map.Entry<String, List<long[]>> e : ordered) {
            long[] values = e.getValue().stream().mapToLong(v -> v[0]).toArray();
            steps.add(stats(e.getKey(), values, totalSum));
        }
        return new Group(kind, mechanism, steps, stats("total", totals, totalSum));
    }

    private static Step stats(String name, long[] values, double totalSum) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        long sum = Arrays.stream(sorted).sum();
        int n = sorted.length;
        return new Step(name, n, n == 0 ? 0 : (double) sum / n, n == 0 ? 0 : sorted[(n + 1) / 2 - 1],
                n == 0 ? 0 : sorted[n - 1], totalSum == 0 ? 0 : sum / totalSum);
    }

    /** The events of one flow. */
    private static final class Flow {
        private String kind;
        private long start = Long.MAX_VALUE;
        private long end = Long.MIN_VALUE;
        private long resolution = -1;
        private final List<TraceRecord> slices = new ArrayList<>();

        void add(TraceRecord e) {
            start = Math.min(start, e.timeNanos());
            end = Math.max(end, e.timeNanos() + e.durationNanos());
            if (e.kind() == TraceRecord.Kind.INSTANT) {
                if (e.name().startsWith(FAULT_PREFIX) && kind == null && isKind(e.name())) {
                    kind = e.name().substring(FAULT_PREFIX.length());
                }
            } else if (e.name().equals(RESOLUTION)) {
                resolution = e.durationNanos();
            } else {
                slices.add(e);
            }
        }

        private static boolean isKind(String name) {
            String rest = name.substring(FAULT_PREFIX.length());
            return !rest.isEmpty() && rest.equals(rest.toUpperCase(Locale.ROOT));
        }

        long total() {
            return resolution >= 0 ? resolution : Math.max(0, end - start);
        }

        TreeSet<String> mechanisms() {
            TreeSet<String> result = new TreeSet<>();
            for (TraceRecord s : slices) {
                int slash = s.name().indexOf('/');
                if (slash > 0 && !s.name().startsWith(FAULT_PREFIX)) {
                    result.add(s.name().substring(0, slash));
                }
            }
            return result;
        }

        /** For each step of {@code mechanism}: {summed time, first offset from the flow's start}. */
        Map<String, long[]> steps(String mechanism) {
            Map<String, long[]> result = new LinkedHashMap<>();
            for (TraceRecord s : slices) {
                if (s.name().startsWith(mechanism + "/")) {
                    long[] v = result.computeIfAbsent(s.name(), k -> new long[] {0, s.timeNanos() - start});
                    v[0] += s.durationNanos();
                    v[1] = Math.min(v[1], s.timeNanos() - start);
                }
            }
            return result;
        }
    }

    /** The breakdown as an aligned table. */
    public String table() {
        StringBuilder out = new StringBuilder();
        if (groups.isEmpty()) {
            return "no faults in the trace (no fault/<KIND> instant with a flow id)\n";
        }
        for (Group g : groups) {
            out.append(String.format(Locale.ROOT, "%s faults, mechanism %s: %d fault%s%n", g.kind(), g.mechanism(),
                    g.faults(), g.faults() == 1 ? "" : "s"));
            int width = Math.max(5, g.steps().stream().mapToInt(s -> s.step().length()).max().orElse(0));
            out.append(String.format(Locale.ROOT, "  %-" + width + "s  %6s  %12s  %12s  %12s  %6s%n", "step", "count",
                    "mean", "p50", "max", "share"));
            for (Step s : g.steps()) {
                row(out, width, s);
            }
            row(out, width, g.total());
            out.append('\n');
        }
        return out.toString();
    }

    private static void row(StringBuilder out, int width, Step s) {
        out.append(String.format(Locale.ROOT, "  %-" + width + "s  %6d  %12s  %12s  %12s  %5.1f%%%n", s.step(),
                s.count(), Time.format(Math.round(s.meanNanos())), Time.format(s.p50Nanos()),
                Time.format(s.maxNanos()), s.share() * 100));
    }

    /** The breakdown as indented JSON. */
    public String json() {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = mapper.createObjectNode();
        ArrayNode array = root.putArray("groups");
        for (Group g : groups) {
            ObjectNode node = array.addObject();
            node.put("kind", g.kind());
            node.put("mechanism", g.mechanism());
            node.put("faults", g.faults());
            ArrayNode steps = node.putArray("steps");
            g.steps().forEach(s -> step(steps.addObject(), s));
            step(node.putObject("total"), g.total());
        }
        try {
            return mapper.writeValueAsString(root);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void step(ObjectNode node, Step s) {
        node.put("step", s.step());
        node.put("count", s.count());
        node.put("meanNanos", s.meanNanos());
        node.put("p50Nanos", s.p50Nanos());
        node.put("maxNanos", s.maxNanos());
        node.put("share", s.share());
    }
}
