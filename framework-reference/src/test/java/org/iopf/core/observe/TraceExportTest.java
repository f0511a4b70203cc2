package org.iopf.core.observe;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.iopf.core.observe.MetricValue.HistogramSummary;
import org.iopf.core.report.FaultBreakdown;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A trace of a small run parses as Chrome trace-event JSON with the required fields, its slices
 * are well nested and in time order on every thread, every flow that starts ends, and the same
 * seed writes the same bytes.
 */
final class TraceExportTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    private TracedRun faults() throws IOException {
        return TracedRun.of(TracedRun.scenario("scenarios/unmapped-dma-terminates.yaml"),
                TimelineTracer.DEFAULT_CAPACITY, TraceFilter.ALL, temp.resolve("faults.json"));
    }

    private static List<JsonNode> events(Path file) throws IOException {
        JsonNode root = JSON.readTree(file.toFile());
        assertThat(root.path("displayTimeUnit").asText()).isEqualTo("ns");
        assertThat(root.path("traceEvents").isArray()).isTrue();
        List<JsonNode> events = new ArrayList<>();
        root.path("traceEvents").forEach(events::add);
        return events;
    }

    private static long nanos(JsonNode micros) {
        return new BigDecimal(micros.asText()).movePointRight(3).longValueExact();
    }

    @Test
    void everyEventHasTheFieldsItsPhaseRequires() throws IOException {
        List<JsonNode> events = events(faults().file);
        assertThat(events).isNotEmpty();
        for (JsonNode e : events) {
            String ph = e.path("ph").asText();
            assertThat(ph).as(e.toString()).isIn("M", "X", "i", "C", "s", "t", "f");
            assertThat(e.has("name") && e.has("pid") && e.has("tid")).as(e.toString()).isTrue();
            if (!ph.equals("M")) {
                assertThat(e.path("ts").isNumber()).as(e.toString()).isTrue();
            }
            if (ph.equals("X")) {
                assertThat(e.path("dur").isNumber()).as(e.toString()).isTrue();
            }
            if (ph.equals("C")) {
                assertThat(e.path("args").path("value").isNumber()).as(e.toString()).isTrue();
            }
            if (ph.equals("s") || ph.equals("t") || ph.equals("f")) {
                assertThat(e.path("id").isNumber()).as(e.toString()).isTrue();
            }
        }
    }

    @Test
    void theFaultPathShowsOnTheIommuTheQueueTheCoreAndTheDmaChannelLinkedByFlows() throws IOException {
        List<JsonNode> events = events(faults().file);
        Map<String, String> threadNames = new HashMap<>();
        for (JsonNode e : events) {
            if (e.path("name").asText().equals("thread_name")) {
                threadNames.put(e.path("pid").asText() + "/" + e.path("tid").asText(), e.path("args").path("name").asText());
            }
        }
        Map<String, Set<String>> namesByTrack = new TreeMap<>();
        for (JsonNode e : events) {
            String track = threadNames.get(e.path("pid").asText() + "/" + e.path("tid").asText());
            if (track != null && !e.path("ph").asText().equals("M")) {
                namesByTrack.computeIfAbsent(track.replaceAll(" #\\d+$", ""), k -> new HashSet<>())
                        .add(e.path("name").asText());
            }
        }
        assertThat(namesByTrack.get("node1/iommu")).contains("fault/TRANSLATION", "premapped/walk");
        assertThat(namesByTrack.get("node1/faultQueue")).contains("fault/resolution", "fault/terminate");
        assertThat(namesByTrack.get("node1/cpu.0")).contains("terminate/report");
        assertThat(namesByTrack.get("node1/dma/ch0")).contains("dma/stall", "dma/transfer");
        assertThat(events.stream().filter(e -> e.path("ph").asText().equals("C")).map(e -> e.path("name").asText()))
                .contains("faultQueue.outstanding", "memory.residentPages", "cpu.0.runQueue");
        assertThat(events.stream().filter(e -> e.path("ph").asText().equals("s"))).as("one flow per fault").hasSize(16);
    }

    @Test
    void slicesOnEveryThreadAreInTimeOrderAndWellNested() throws IOException {
        assertWellNested(events(faults().file));
        assertWellNested(events(TracedRun.of(TracedRun.scenario("examples/pinned-baseline.yaml"),
                TimelineTracer.DEFAULT_CAPACITY, TraceFilter.ALL, temp.resolve("baseline.json")).file));
    }

    private static void assertWellNested(List<JsonNode> events) {
        Map<String, ArrayDeque<long[]>> open = new HashMap<>();
        Map<String, Long> lastStart = new HashMap<>();
        int slices = 0;
        for (JsonNode e : events) {
            if (!e.path("ph").asText().equals("X")) {
                continue;
            }
            slices++;
            String thread = e.path("pid").asText() + "/" + e.path("tid").asText();
            long start = nanos(e.path("ts"));
            long end = start + nanos(e.path("dur"));
            assertThat(start).as("time order on " + thread).isGreaterThanOrEqualTo(lastStart.getOrDefault(thread, 0L));
            lastStart.put(thread, start);
            ArrayDeque<long[]> stack = open.computeIfAbsent(thread, k -> new ArrayDeque<>());
            while (!stack.isEmpty() && stack.peek()[1] <= start) {
                stack.pop();
            }
            assertThat(stack.isEmpty() || end <= stack.peek()[1]).as("%s nests in its parent on %s", e, thread).isTrue();
            stack.push(new long[] {start, end});
        }
        assertThat(slices).isGreaterThan(40);
    }

    @Test
    void everyFlowThatStartsEndsAndEachStepBindsToASliceOnItsThread() throws IOException {
        List<JsonNode> events = events(faults().file);
        Set<String> sliceStarts = new HashSet<>();
        for (JsonNode e : events) {
            if (e.path("ph").asText().equals("X")) {
                sliceStarts.add(e.path("pid").asText() + "/" + e.path("tid").asText() + "@" + e.path("ts").asText());
            }
        }
        Map<Long, List<String>> phases = new TreeMap<>();
        for (JsonNode e : events) {
            String ph = e.path("ph").asText();
            if (ph.equals("s") || ph.equals("t") || ph.equals("f")) {
                phases.computeIfAbsent(e.path("id").asLong(), k -> new ArrayList<>()).add(ph);
                assertThat(sliceStarts).contains(e.path("pid").asText() + "/" + e.path("tid").asText() + "@"
                        + e.path("ts").asText());
            }
        }
        assertThat(phases).hasSize(16);
        phases.forEach((id, list) -> {
            assertThat(list.get(0)).as("flow %d", id).isEqualTo("s");
            assertThat(list.get(list.size() - 1)).as("flow %d", id).isEqualTo("f");
            assertThat(list.subList(1, list.size() - 1)).as("flow %d", id).allMatch("t"::equals);
        });
    }

    @Test
    void aFlowLinksItsStepsInTheOrderTheWorkWasDone() throws IOException {
        List<JsonNode> events = events(faults().file);
        Map<String, String> threadNames = new HashMap<>();
        for (JsonNode e : events) {
            if (e.path("name").asText().equals("thread_name")) {
                threadNames.put(e.path("pid").asText() + "/" + e.path("tid").asText(),
                        e.path("args").path("name").asText().replaceAll(" #\\d+$", ""));
            }
        }
        Map<Long, List<String>> chains = new TreeMap<>();
        for (JsonNode e : events) {
            String ph = e.path("ph").asText();
            if (ph.equals("s") || ph.equals("t") || ph.equals("f")) {
                chains.computeIfAbsent(e.path("id").asLong(), k -> new ArrayList<>()).add(ph + " "
                        + threadNames.get(e.path("pid").asText() + "/" + e.path("tid").asText()) + " @" + nanos(e.path("ts")));
            }
        }
        // The first fault: walk, handler, queue and DMA stall all start at its raise; they are
        // linked in the order they ended and were reported: the walk ends first, then the
        // handler's report, whose answer ends the resolution, which ends the DMA's stall.
        assertThat(chains.get(1L)).containsExactly("s node1/iommu @0", "t node1/cpu.0 @0", "t node1/faultQueue @0",
                "f node1/dma/ch0 @0");
        // The last fault's handler starts 30 us after its raise, when the core is free.
        assertThat(chains.get(16L)).containsExactly("s node1/iommu @120000", "t node1/faultQueue @120000",
                "t node1/dma/ch0 @120000", "f node1/cpu.0 @150000");
    }

    @Test
    void aWrittenTraceReadsBackAsTheEventsThatWereKept() throws IOException {
        TracedRun traced = faults();
        List<TraceRecord> read = new ArrayList<>();
        ChromeTraceReader.read(traced.file, read::add);
        Comparator<TraceRecord> order = Comparator.comparing(TraceRecord::toString);
        assertThat(read).hasSize(traced.tracer.size());
        assertThat(read.stream().sorted(order).toList())
                .isEqualTo(traced.tracer.records().stream().sorted(order).toList());
    }

    @Test
    void theSameSeedWritesAnIdenticalTrace() throws IOException {
        TracedRun first = faults();
        byte[] a = Files.readAllBytes(first.file);
        byte[] b = Files.readAllBytes(TracedRun.of(TracedRun.scenario("scenarios/unmapped-dma-terminates.yaml"),
                TimelineTracer.DEFAULT_CAPACITY, TraceFilter.ALL, temp.resolve("again.json")).file);
        assertThat(b).isEqualTo(a);
    }

    @Test
    void tracingChangesNothingInTheRun() throws IOException {
        TracedRun traced = TracedRun.of(TracedRun.scenario("examples/pinned-baseline.yaml"),
                TimelineTracer.DEFAULT_CAPACITY, TraceFilter.ALL, temp.resolve("traced.json"));
        var plain = new org.iopf.core.run.ScenarioRunner(TracedRun.REGISTRY)
                .run(TracedRun.scenario("examples/pinned-baseline.yaml"));
        assertThat(traced.tracer.size()).isGreaterThan(64 * 256);
        assertThat(traced.run.simulation().kernel().executedEvents())
                .isEqualTo(plain.simulation().kernel().executedEvents());
        assertThat(traced.run.endNanos()).isEqualTo(plain.endNanos());
        assertThat(traced.run.simulation().metrics().snapshot()).isEqualTo(plain.simulation().metrics().snapshot());
    }

    @Test
    void theBreakdownOfTheTraceEqualsTheRunsOwnFaultMetrics() throws IOException {
        TracedRun traced = faults();
        FaultBreakdown breakdown = FaultBreakdown.of(traced.file);
        HistogramSummary resolution = (HistogramSummary) traced.run.simulation().metrics().snapshot()
                .get("node1.faultQueue.resolution");
        long terminated = ((MetricValue.CounterValue) traced.run.simulation().metrics().snapshot()
                .get("node1.faultQueue.terminated")).value();
        assertThat(breakdown.groups()).extracting(g -> g.kind() + "/" + g.mechanism())
                .containsExactly("TRANSLATION/dma", "TRANSLATION/premapped", "TRANSLATION/terminate");
        FaultBreakdown.Group terminate = breakdown.groups().get(2);
        assertThat(terminate.faults()).isEqualTo(resolution.count()).isEqualTo(terminated).isEqualTo(16);
        assertThat(terminate.total().meanNanos()).isEqualTo(resolution.mean());
        assertThat(terminate.total().maxNanos()).isEqualTo(resolution.max());
        assertThat(terminate.steps()).singleElement().satisfies(step -> {
            assertThat(step.step()).isEqualTo("terminate/report");
            assertThat(step.count()).isEqualTo(16);
            assertThat(step.meanNanos()).as("the handler's reportLatency").isEqualTo(10_000);
        });
        FaultBreakdown.Group premapped = breakdown.groups().get(1);
        assertThat(premapped.steps()).singleElement().satisfies(step -> assertThat(step.step()).isEqualTo("premapped/walk"));
        assertThat(breakdown.table()).contains("TRANSLATION faults, mechanism terminate: 16 faults", "terminate/report");
        assertThat(JSON.readTree(breakdown.json()).path("groups")).hasSize(3);
    }

    @Test
    void theDefaultScenarioTracesPacketsPerQueuePairAndNoFault() throws IOException {
        TracedRun traced = TracedRun.of(TracedRun.scenario("examples/pinned-baseline.yaml"),
                TimelineTracer.DEFAULT_CAPACITY, TraceFilter.ALL, temp.resolve("baseline.json"));
        List<TraceRecord> records = traced.tracer.records();
        long dataPackets = records.stream().filter(r -> r.track().equals("node1/nic0/qp1") && r.name().equals("rc/data"))
                .count();
        assertThat(dataPackets).as("64 messages of 1 MiB in 4 KiB packets").isEqualTo(64 * 256);
        assertThat(records).anyMatch(r -> r.track().equals("node2/nic0/qp1") && r.name().equals("rc/ack"));
        assertThat(FaultBreakdown.of(traced.file).groups()).isEmpty();
    }
}
