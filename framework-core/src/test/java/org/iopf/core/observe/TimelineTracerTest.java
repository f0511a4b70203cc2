package org.iopf.core.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.iopf.core.sim.EventKernel;
import org.junit.jupiter.api.Test;

final class TimelineTracerTest {
    private final EventKernel kernel = new EventKernel();

    private static JsonNode written(TimelineTracer tracer) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ChromeTraceWriter.write(tracer, out);
        return new ObjectMapper().readTree(out.toByteArray());
    }

    @Test
    void keepsEventsInReportOrderWithTheCurrentTimeForInstantsAndCounters() {
        TimelineTracer tracer = new TimelineTracer(kernel, 10, TraceFilter.ALL);
        kernel.schedule(250, () -> {
            tracer.instant("node1/smmu", "fault/TRANSLATION", 7);
            tracer.counter("node1/smmu", "queueDepth", 3);
        });
        tracer.slice("node1/a53.0", "exanest/isr", 100, 40, 7);
        kernel.run();
        assertThat(tracer.records()).containsExactly(
                new TraceRecord(TraceRecord.Kind.SLICE, "node1/a53.0", "exanest/isr", 100, 40, 7, 0),
                new TraceRecord(TraceRecord.Kind.INSTANT, "node1/smmu", "fault/TRANSLATION", 250, 0, 7, 0),
                new TraceRecord(TraceRecord.Kind.COUNTER, "node1/smmu", "queueDepth", 250, 0, 0, 3));
    }

    @Test
    void theCapDropsLaterEventsAndTheTraceSaysWhenItWasReached() throws IOException {
        TimelineTracer tracer = new TimelineTracer(kernel, 3, TraceFilter.ALL);
        for (int i = 0; i < 5; i++) {
            kernel.schedule(1000L * i, () -> tracer.slice("node1/dma", "dma/chunk", kernel.now(), 10, 0));
        }
        kernel.run();
        assertThat(tracer.size()).isEqualTo(3);
        assertThat(tracer.dropped()).isEqualTo(2);
        assertThat(tracer.capReachedAtNanos()).isEqualTo(3000);
        JsonNode json = written(tracer);
        assertThat(json.path("otherData").path("dropped").asLong()).isEqualTo(2);
        assertThat(json.path("otherData").path("note").asText()).contains("cap of 3 events was reached at 3000 ns");
        List<String> globals = new ArrayList<>();
        json.path("traceEvents").forEach(e -> {
            if (e.path("s").asText().equals("g")) {
                globals.add(e.path("name").asText() + "@" + e.path("ts").asText());
            }
        });
        assertThat(globals).containsExactly("trace cap reached: 2 later events dropped@3.0");
    }

    @Test
    void filtersKeepTheChosenNodesComponentsAndWindow() {
        TraceFilter filter = new TraceFilter(Set.of("node1"), List.of("a53.*", "pldma"), 1000, 2000);
        TimelineTracer tracer = new TimelineTracer(kernel, 100, filter);
        tracer.slice("node1/a53.0", "kept", 900, 200, 0);
        tracer.slice("node1/pldma/ch3", "kept-part", 1500, 10, 0);
        tracer.slice("node1/a53.1", "too-early", 0, 999, 0);
        tracer.slice("node1/a53.1", "too-late", 2001, 5, 0);
        tracer.slice("node1/smmu", "other-component", 1500, 10, 0);
        tracer.slice("node2/a53.0", "other-node", 1500, 10, 0);
        assertThat(tracer.records()).extracting(TraceRecord::name).containsExactly("kept", "kept-part");
        assertThat(TraceFilter.ALL.keepsAll()).isTrue();
        assertThatThrownBy(() -> new TraceFilter(Set.of(), List.of(), 5, 4)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void slicesOverlappingWithoutNestingGoToExtraLanesOfTheirTrack() throws IOException {
        TimelineTracer tracer = new TimelineTracer(kernel, 100, TraceFilter.ALL);
        tracer.slice("node1/faultQueue", "fault/resolution", 0, 100, 1);
        tracer.slice("node1/faultQueue", "fault/resolution", 50, 100, 2);
        tracer.slice("node1/faultQueue", "inner", 10, 20, 0);
        tracer.slice("node1/faultQueue", "fault/resolution", 120, 10, 3);
        JsonNode json = written(tracer);
        Map<Integer, String> threads = new TreeMap<>();
        Map<String, Integer> tidOf = new TreeMap<>();
        json.path("traceEvents").forEach(e -> {
            if (e.path("name").asText().equals("thread_name")) {
                threads.put(e.path("tid").asInt(), e.path("args").path("name").asText());
            } else if (e.path("ph").asText().equals("X")) {
                tidOf.put(e.path("name").asText() + "#" + e.path("args").path("flow").asLong(), e.path("tid").asInt());
            }
        });
        assertThat(threads).containsValues("node1/faultQueue", "node1/faultQueue #2");
        int first = tidOf.get("fault/resolution#1");
        assertThat(tidOf.get("inner#0")).as("nested in the first").isEqualTo(first);
        assertThat(tidOf.get("fault/resolution#2")).as("overlaps the first").isNotEqualTo(first);
        assertThat(tidOf.get("fault/resolution#3")).as("nested in the second's lane? no: after the first").isEqualTo(first);
    }

    @Test
    void theNoneTracerIsDisabledAndThisOneEnabled() {
        assertThat(org.iopf.api.observe.Tracer.NONE.enabled()).isFalse();
        assertThat(new TimelineTracer(kernel, 0, TraceFilter.ALL).enabled()).isTrue();
    }

    @Test
    void randomOverlappingSlicesAreSpreadOverLanesInWhichEveryThreadIsWellNested() throws IOException {
        java.util.SplittableRandom random = new java.util.SplittableRandom(11);
        for (int r = 0; r < 50; r++) {
            int round = r;
            TimelineTracer tracer = new TimelineTracer(kernel, 1000, TraceFilter.ALL);
            int slices = 1 + random.nextInt(60);
            Map<String, Integer> perTrack = new TreeMap<>();
            for (int i = 0; i < slices; i++) {
                String track = random.nextBoolean() ? "node1/faultQueue" : "node2/dma/ch0";
                tracer.slice(track, "s" + i, random.nextInt(100), random.nextInt(40), 0);
                perTrack.merge(track, 1, Integer::sum);
            }
            JsonNode json = written(tracer);
            Map<String, String> threadName = new TreeMap<>();
            Map<String, List<long[]>> byThread = new TreeMap<>();
            Map<String, Integer> written = new TreeMap<>();
            json.path("traceEvents").forEach(e -> {
                String thread = e.path("pid").asText() + "/" + e.path("tid").asText();
                if (e.path("name").asText().equals("thread_name")) {
                    threadName.put(thread, e.path("args").path("name").asText());
                } else if (e.path("ph").asText().equals("X")) {
                    long start = Math.round(e.path("ts").asDouble() * 1000);
                    byThread.computeIfAbsent(thread, k -> new ArrayList<>())
                            .add(new long[] {start, start + Math.round(e.path("dur").asDouble() * 1000)});
                }
            });
            byThread.forEach((thread, list) -> {
                written.merge(threadName.get(thread).replaceAll(" #\\d+$", ""), list.size(), Integer::sum);
                java.util.ArrayDeque<long[]> open = new java.util.ArrayDeque<>();
                long last = 0;
                for (long[] slice : list) {
                    assertThat(slice[0]).as("time order on %s", threadName.get(thread)).isGreaterThanOrEqualTo(last);
                    last = slice[0];
                    while (!open.isEmpty() && open.peek()[1] <= slice[0]) {
                        open.pop();
                    }
                    assertThat(open.isEmpty() || slice[1] <= open.peek()[1])
                            .as("round %d: [%d, %d] nests on %s", round, slice[0], slice[1], threadName.get(thread))
                            .isTrue();
                    open.push(slice);
                }
            });
            assertThat(written).as("every slice written once, on a lane of its own track").isEqualTo(perTrack);
        }
    }

    @Test
    void timesAreMicrosecondsWithExactNanoseconds() {
        assertThat(ChromeTraceWriter.micros(0)).isEqualTo("0.000");
        assertThat(ChromeTraceWriter.micros(1_234_567)).isEqualTo("1234.567");
        assertThat(ChromeTraceWriter.micros(5)).isEqualTo("0.005");
        assertThat(ChromeTraceWriter.micros(40)).isEqualTo("0.040");
    }
}
