package org.iopf.core.observe;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.iopf.core.io.AtomicFile;

/**
 * Writes the events of a {@link TimelineTracer} in the Chrome trace-event JSON format, which the
 * Perfetto UI ({@code ui.perfetto.dev}) and {@code chrome://tracing} open. The JSON is streamed with
 * a Jackson {@link JsonGenerator}, one event per line, never built as a tree.
 *
 * <ul>
 *   <li>A node is a process ({@code pid}, named by {@code process_name} metadata); a track
 *       ({@code node1/a53.0}, {@code node1/faultQueue}) is a thread ({@code tid}, named by
 *       {@code thread_name}). Tracks without a node segment form their own process.</li>
 *   <li>Slices are complete events ({@code "ph":"X"}, {@code ts} and {@code dur} in µs with ns
 *       precision); instants are {@code "ph":"i"} with thread scope; counters are {@code "ph":"C"}
 *       named {@code <component>.<counter>} ({@code faultQueue.outstanding}) with
 *       {@code args.value}. A slice's or instant's flow id is in {@code args.flow}.</li>
 *   <li>Slices that overlap on one track without nesting (two faults resolving at once) are
 *       spread over extra lanes of that track, threads named {@code <track> #2}, {@code #3}, so
 *       that the slices of every thread are well nested.</li>
 *   <li>Every flow id with two or more slices becomes a flow: {@code "ph":"s"} at its first slice,
 *       {@code "t"} at each further one and {@code "f"} (binding to the enclosing slice) at the
 *       last, {@code cat} and {@code name} {@code "flow"}, {@code id} the flow id. The slices of a
 *       flow are taken by start time, then end time, then the order they were reported, so that
 *       steps starting at one moment are linked in the order the work was done.</li>
 *   <li>{@code otherData} says how many events were kept and dropped, the cap, the filter and,
 *       when the cap was reached, a note; a global instant marks the moment it was reached.</li>
 * </ul>
 * Events are written sorted (by track, then time, then longer slices first), and thread ids are
 * given in the order of sorted track names, so the same run writes an identical file.
 *
 * @since 0.1
 */
public final class ChromeTraceWriter {
    private static final JsonFactory JSON = new JsonFactory();
    private static final byte SLICE = (byte) TraceRecord.Kind.SLICE.ordinal();
    private static final byte INSTANT = (byte) TraceRecord.Kind.INSTANT.ordinal();

    private ChromeTraceWriter() {
    }

    /**
     * Writes the trace of {@code tracer} to {@code file}, replacing it only once it is complete
     * ({@link AtomicFile}).
     *
     * @throws UncheckedIOException if the file cannot be written, naming it and why
     */
    public static void write(TimelineTracer tracer, Path file) {
        requireNonNull(tracer, "tracer is null");
        AtomicFile.write(file, out -> write(tracer, out));
    }

    /** Writes the trace of {@code tracer} to {@code out}; does not close it. */
    public static void write(TimelineTracer tracer, OutputStream out) throws IOException {
        requireNonNull(tracer, "tracer is null");
        requireNonNull(out, "out is null");
        new Layout(tracer).write(out);
    }

    /** Microseconds with three decimals, exactly, from ns. */
    static String micros(long nanos) {
        long whole = nanos / 1000;
        int frac = (int) (nanos % 1000);
        return whole + "." + (frac < 10 ? "00" : frac < 100 ? "0" : "") + frac;
    }

    /** The order, processes, threads and lanes of one trace. */
    private static final class Layout {
        private final TimelineTracer t;
        private final int n;
        /** Event indices sorted by (track name, time, longer first, kind, report order). */
        private final Integer[] order;
        /** Rank of each string id among the track names, by name. */
        private final int[] trackRank;
        private final Map<String, Integer> pidByNode = new TreeMap<>();
        /** Thread names by (pid, tid), in tid order. */
        private final Map<Integer, Map<Integer, String>> threads = new TreeMap<>();
        private final int[] pidOf;
        private final int[] tidOf;

        Layout(TimelineTracer tracer) {
            this.t = tracer;
            this.n = tracer.size();
            this.trackRank = rankTracks();
            this.order = new Integer[n];
            for (int i = 0; i < n; i++) {
                order[i] = i;
            }
            Arrays.sort(order, (a, b) -> {
                int c = Integer.compare(trackRank[t.trackAt(a)], trackRank[t.trackAt(b)]);
                if (c == 0) {
                    c = Long.compare(t.timeAt(a), t.timeAt(b));
                }
                if (c == 0) {
                    c = Long.compare(t.durationAt(b), t.durationAt(a));
                }
                if (c == 0) {
                    c = Byte.compare(t.kindAt(a), t.kindAt(b));
                }
                return c != 0 ? c : Integer.compare(a, b);
            });
            this.pidOf = new int[n];
            this.tidOf = new int[n];
            assignThreads();
        }

        private int[] rankTracks() {
            int[] rank = new int[t.strings()];
            TreeMap<String, Integer> sorted = new TreeMap<>();
            for (int i = 0; i < n; i++) {
                sorted.putIfAbsent(t.string(t.trackAt(i)), t.trackAt(i));
            }
            int r = 0;
            for (int id : sorted.values()) {
                rank[id] = r++;
            }
            for (String track : sorted.keySet()) {
                pidByNode.putIfAbsent(nodeOf(track), 0);
            }
            int pid = 1;
            for (Map.Entry<String, Integer> e : pidByNode.entrySet()) {
                e.setValue(pid++);
            }
            return rank;
        }

        /** Gives each event its process and thread; slices go to the first lane they nest in. */
        private void assignThreads() {
            Map<Integer, Integer> nextTid = new TreeMap<>();
            int k = 0;
            while (k < n) {
                int track = t.trackAt(order[k]);
                String name = t.string(track);
                int pid = pidByNode.get(nodeOf(name));
                List<long[]> lanes = new ArrayList<>();
                List<Integer> laneTids = new ArrayList<>();
                int[] depth = new int[1];
                int firstTid = nextTid.merge(pid, 1, Integer::sum);
                threads.computeIfAbsent(pid, p -> new LinkedHashMap<>()).put(firstTid, name);
                laneTids.add(firstTid);
                lanes.add(new long[4]);
                for (; k < n && t.trackAt(order[k]) == track; k++) {
                    int e = order[k];
                    pidOf[e] = pid;
                    if (t.kindAt(e) != SLICE) {
                        tidOf[e] = firstTid;
                        continue;
                    }
                    long start = t.timeAt(e);
                    long end = start + t.durationAt(e);
                    int lane = 0;
                    for (; lane < lanes.size(); lane++) {
                        long[] stack = lanes.get(lane);
                        int d = depth[lane];
                        while (d > 0 && stack[d - 1] <= start) {
                            d--;
                        }
                        depth[lane] = d;
                        if (d == 0 || stack[d - 1] >= end) {
                            break;
                        }
                    }
                    if (lane == lanes.size()) {
                        int tid = nextTid.merge(pid, 1, Integer::sum);
                        threads.get(pid).put(tid, name + " #" + (lane + 1));
                        laneTids.add(tid);
                        lanes.add(new long[4]);
                        depth = Arrays.copyOf(depth, lanes.size());
                    }
                    long[] stack = lanes.get(lane);
                    if (depth[lane] == stack.length) {
                        stack = Arrays.copyOf(stack, stack.length * 2);
                        lanes.set(lane, stack);
                    }
                    stack[depth[lane]++] = end;
                    tidOf[e] = laneTids.get(lane);
                }
            }
        }

        void write(OutputStream out) throws IOException {
            try (JsonGenerator g = JSON.createGenerator(out)) {
                g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
                g.writeStartObject();
                g.writeStringField("displayTimeUnit", "ns");
                writeOtherData(g);
                g.writeArrayFieldStart("traceEvents");
                writeMetadata(g);
                for (Integer e : order) {
                    writeEvent(g, e);
                }
                writeFlows(g);
                if (t.dropped() > 0) {
                    g.writeRaw('\n');
                    g.writeStartObject();
                    g.writeStringField("ph", "i");
                    g.writeStringField("s", "g");
                    g.writeStringField("name", "trace cap reached: " + t.dropped() + " later events dropped");
                    g.writeNumberField("pid", 0);
                    g.writeNumberField("tid", 0);
                    g.writeFieldName("ts");
                    g.writeNumber(micros(t.capReachedAtNanos()));
                    g.writeEndObject();
                }
                g.writeRaw('\n');
                g.writeEndArray();
                g.writeEndObject();
                g.writeRaw('\n');
            }
        }

        private void writeOtherData(JsonGenerator g) throws IOException {
            g.writeObjectFieldStart("otherData");
            g.writeStringField("generator", "iopf");
            g.writeNumberField("events", n);
            g.writeNumberField("dropped", t.dropped());
            g.writeNumberField("cap", t.capacity());
            TraceFilter f = t.filter();
            g.writeStringField("filter", f.keepsAll() ? "none" : "nodes " + f.nodes().stream().sorted().toList()
                    + ", components " + f.components() + ", window " + f.fromNanos() + ".."
                    + (f.toNanos() == Long.MAX_VALUE ? "end" : Long.toString(f.toNanos())) + " ns");
            if (t.dropped() > 0) {
                g.writeStringField("note", "the cap of " + t.capacity() + " events was reached at "
                        + t.capReachedAtNanos() + " ns of simulated time; " + t.dropped()
                        + " later events were dropped (raise --trace-max-events or narrow the trace filters)");
            }
            g.writeEndObject();
        }

        private void writeMetadata(JsonGenerator g) throws IOException {
            for (Map.Entry<String, Integer> p : pidByNode.entrySet()) {
                meta(g, "process_name", p.getValue(), 0, p.getKey());
                int index = 0;
                for (Map.Entry<Integer, String> th : threads.getOrDefault(p.getValue(), Map.of()).entrySet()) {
                    meta(g, "thread_name", p.getValue(), th.getKey(), th.getValue());
                    g.writeRaw('\n');
                    g.writeStartObject();
                    g.writeStringField("ph", "M");
                    g.writeStringField("name", "thread_sort_index");
                    g.writeNumberField("pid", p.getValue());
                    g.writeNumberField("tid", th.getKey());
                    g.writeObjectFieldStart("args");
                    g.writeNumberField("sort_index", index++);
                    g.writeEndObject();
                    g.writeEndObject();
                }
            }
        }

        private static void meta(JsonGenerator g, String what, int pid, int tid, String name) throws IOException {
            g.writeRaw('\n');
            g.writeStartObject();
            g.writeStringField("ph", "M");
            g.writeStringField("name", what);
            g.writeNumberField("pid", pid);
            g.writeNumberField("tid", tid);
            g.writeObjectFieldStart("args");
            g.writeStringField("name", name);
            g.writeEndObject();
            g.writeEndObject();
        }

        private void writeEvent(JsonGenerator g, int e) throws IOException {
            byte kind = t.kindAt(e);
            String name = t.string(t.nameAt(e));
            g.writeRaw('\n');
            g.writeStartObject();
            if (kind == SLICE) {
                g.writeStringField("ph", "X");
            } else if (kind == INSTANT) {
                g.writeStringField("ph", "i");
                g.writeStringField("s", "t");
            } else {
                g.writeStringField("ph", "C");
                String track = t.string(t.trackAt(e));
                int slash = track.indexOf('/');
                name = (slash < 0 ? "" : track.substring(slash + 1) + ".") + name;
            }
            g.writeStringField("name", name);
            int slash = name.indexOf('/');
            if (kind != TraceRecord.Kind.COUNTER.ordinal() && slash > 0) {
                g.writeStringField("cat", name.substring(0, slash));
            }
            g.writeNumberField("pid", pidOf[e]);
            g.writeNumberField("tid", tidOf[e]);
            g.writeFieldName("ts");
            g.writeNumber(micros(t.timeAt(e)));
            if (kind == SLICE) {
                g.writeFieldName("dur");
                g.writeNumber(micros(t.durationAt(e)));
            }
            long value = t.valueAt(e);
            if (kind == TraceRecord.Kind.COUNTER.ordinal()) {
                g.writeObjectFieldStart("args");
                g.writeNumberField("value", value);
                g.writeEndObject();
            } else if (value != 0) {
                g.writeObjectFieldStart("args");
                g.writeNumberField("flow", value);
                g.writeEndObject();
            }
            g.writeEndObject();
        }

        /**
         * Flow arrows through the slices of each flow id, in time order; slices that start at the
         * same moment (a fault's detection, handling and resolution often all start at its raise)
         * go in the order they ended, then in the order they were reported, which is the order in
         * which the work was done.
         */
        private void writeFlows(JsonGenerator g) throws IOException {
            int flows = 0;
            for (int e = 0; e < n; e++) {
                if (t.kindAt(e) == SLICE && t.valueAt(e) != 0) {
                    flows++;
                }
            }
            Integer[] steps = new Integer[flows];
            int s = 0;
            for (int e = 0; e < n; e++) {
                if (t.kindAt(e) == SLICE && t.valueAt(e) != 0) {
                    steps[s++] = e;
                }
            }
            Arrays.sort(steps, (a, b) -> {
                int c = Long.compare(t.valueAt(a), t.valueAt(b));
                if (c == 0) {
                    c = Long.compare(t.timeAt(a), t.timeAt(b));
                }
                if (c == 0) {
                    c = Long.compare(t.timeAt(a) + t.durationAt(a), t.timeAt(b) + t.durationAt(b));
                }
                return c != 0 ? c : Integer.compare(a, b);
            });
            int i = 0;
            while (i < steps.length) {
                int j = i;
                long flow = t.valueAt(steps[i]);
                while (j < steps.length && t.valueAt(steps[j]) == flow) {
                    j++;
                }
                if (j - i >= 2) {
                    for (int k = i; k < j; k++) {
                        flowStep(g, k == i ? "s" : k == j - 1 ? "f" : "t", steps[k], flow);
                    }
                }
                i = j;
            }
        }

        private void flowStep(JsonGenerator g, String phase, int e, long flow) throws IOException {
            g.writeRaw('\n');
            g.writeStartObject();
            g.writeStringField("ph", phase);
            g.writeStringField("cat", "flow");
            g.writeStringField("name", "flow");
            g.writeNumberField("id", flow);
            g.writeNumberField("pid", pidOf[e]);
            g.writeNumberField("tid", tidOf[e]);
            g.writeFieldName("ts");
            g.writeNumber(micros(t.timeAt(e)));
            if (!phase.equals("s")) {
                g.writeStringField("bp", "e");
            }
            g.writeEndObject();
        }
    }

    private static String nodeOf(String track) {
        int slash = track.indexOf('/');
        return slash < 0 ? track : track.substring(0, slash);
    }
}
