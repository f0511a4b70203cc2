package org.iopf.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.iopf.api.observe.Inspectable;
import org.iopf.api.observe.Tracer;
import org.iopf.api.sim.Time;
import org.iopf.core.observe.MetricValue;
import org.iopf.core.observe.MetricsDump;
import org.iopf.core.platform.ComponentSpec;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.NodeSpec;
import org.iopf.core.platform.PlatformSpec;
import org.iopf.core.platform.Scenario;
import org.iopf.core.platform.file.PlatformFileReader;
import org.iopf.core.run.CompletedRun;
import org.iopf.core.run.ScenarioRunner;
import org.junit.jupiter.api.Test;

/** The speed report, the periodic metric dumps and the component views of a completed run. */
final class ObservedRunTest {
    private static final ExtensionRegistry REGISTRY = ExtensionRegistry.fromClassPath(
            ObservedRunTest.class.getClassLoader());

    private static Scenario unmappedDma() {
        return new PlatformFileReader(REGISTRY).read(Path.of("../scenarios/unmapped-dma-terminates.yaml"));
    }

    private static CompletedRun run(Scenario scenario, long statsInterval, ExtensionRegistry registry) {
        return new ScenarioRunner(registry, s -> Tracer.NONE, statsInterval).run(scenario);
    }

    @Test
    void theSpeedReportCountsTheRunsEventsAndItsPeakHeap() throws IOException {
        CompletedRun run = run(unmappedDma(), 0, REGISTRY);
        RunResult result = RunResult.of(run);
        SpeedReport speed = result.speed().orElseThrow();
        assertThat(speed.events()).isEqualTo(run.simulation().kernel().executedEvents()).isPositive();
        assertThat(speed.simNanos()).isEqualTo(run.endNanos());
        assertThat(speed.wallNanos()).isEqualTo(run.wallNanos());
        assertThat(speed.peakHeapBytes()).isPositive();
        assertThat(speed.eventsPerSecond()).isEqualTo(speed.events() / (speed.wallNanos() / 1e9));
        assertThat(speed.simSecondsPerWallSecond()).isEqualTo((double) speed.simNanos() / speed.wallNanos());
        assertThat(result.value("wall.simSecondsPerSecond").getAsDouble()).isEqualTo(speed.simSecondsPerWallSecond());
        assertThat(result.value("wall.peakHeap").getAsDouble()).isEqualTo(speed.peakHeapBytes());
        assertThat(speed.line()).contains(String.format("%,d events", speed.events()), "events/s", "sim s per wall s",
                "peak heap");
        JsonNode json = new ObjectMapper().readTree(JsonReport.toJson(result));
        assertThat(json.path("speed").path("events").asLong()).isEqualTo(speed.events());
        assertThat(json.path("speed").path("peakHeapBytes").asLong()).isEqualTo(speed.peakHeapBytes());
        assertThat(json.path("speed").has("simSecondsPerWallSecond")).isTrue();
    }

    @Test
    void periodicDumpsAddNoEventAndEndWithTheFinalValues() throws IOException {
        CompletedRun plain = run(unmappedDma(), 0, REGISTRY);
        CompletedRun dumped = run(unmappedDma(), Time.micros(5), REGISTRY);
        assertThat(dumped.simulation().kernel().executedEvents()).isEqualTo(plain.simulation().kernel().executedEvents());
        List<MetricsDump> dumps = dumped.statistics().dumps();
        long end = dumped.endNanos();
        assertThat(dumps).hasSize((int) ((end - 1) / Time.micros(5)) + 1);
        for (int i = 0; i < dumps.size() - 1; i++) {
            assertThat(dumps.get(i).timeNanos()).isEqualTo((i + 1) * Time.micros(5));
        }
        assertThat(dumps.get(dumps.size() - 1).timeNanos()).isEqualTo(end);
        assertThat(dumps.get(dumps.size() - 1).values()).isEqualTo(dumped.simulation().metrics().snapshot());
        long[] terminated = dumps.stream().mapToLong(d -> ((MetricValue.CounterValue) d.values()
                .get("node1.faultQueue.terminated")).value()).toArray();
        for (int i = 1; i < terminated.length; i++) {
            assertThat(terminated[i]).isGreaterThanOrEqualTo(terminated[i - 1]);
        }
        assertThat(terminated[terminated.length - 1]).isEqualTo(16);

        RunResult result = RunResult.of(dumped);
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        StatsReport.writeJson(result, json);
        JsonNode stats = new ObjectMapper().readTree(json.toByteArray());
        assertThat(stats.path("intervalNanos").asLong()).isEqualTo(Time.micros(5));
        assertThat(stats.path("metrics").path("node1.faultQueue.terminated").path("value").asLong()).isEqualTo(16);
        assertThat(stats.path("metrics").path("node1.faultQueue.resolution").path("kind").asText()).isEqualTo("histogram");
        assertThat(stats.path("series")).hasSize(dumps.size());
        StringWriter csv = new StringWriter();
        StatsReport.writeCsv(result, csv);
        assertThat(csv.toString()).startsWith(StatsReport.CSV_HEADER + "\n")
                .contains("\nnode1.faultQueue.terminated,counter,faults,16,,,,,,,,\n");
        StringWriter series = new StringWriter();
        StatsReport.writeSeriesCsv(result, series);
        assertThat(series.toString()).startsWith(StatsReport.SERIES_HEADER + "\n")
                .contains("\n" + end + ",node1.faultQueue.terminated,faults,16\n");
    }

    @Test
    void theThroughputChartIsDrawnFromTheDumpsWhenTheRunTookThem() {
        Scenario baseline = new PlatformFileReader(REGISTRY).read(Path.of("../examples/pinned-baseline.yaml"));
        RunResult result = RunResult.of(run(baseline, Time.micros(100), REGISTRY));
        ThroughputSeries series = result.throughput();
        assertThat(series.totalBytes()).isEqualTo(64L << 20);
        assertThat(series.points().get(0).durationNanos()).isEqualTo(Time.micros(100));
        assertThat(series.points().get(1).startNanos()).isEqualTo(Time.micros(100));
    }

    @Test
    void everyViewOfAnInspectableComponentIsRenderedIntoTheResultAsPlainText() {
        ExtensionRegistry registry = REGISTRY.copy();
        registry.register(new LoggingFaultHandlerType(), "test");
        Scenario base = unmappedDma();
        List<NodeSpec> nodes = base.platform().nodes().stream().map(n -> new NodeSpec(n.name(), n.memory(), n.cores(),
                n.components().stream().map(c -> c.name().equals("faults")
                        ? ComponentSpec.of("faults", "logging-terminate") : c).toList())).toList();
        PlatformSpec platform = new PlatformSpec(base.platform().seed(), base.platform().defaultLink(),
                base.platform().switchLatencyNanos(), nodes);
        Scenario scenario = new Scenario(base.name(), base.description(), base.source(), platform, base.workload(),
                base.expectations());
        RunResult result = RunResult.of(run(scenario, 0, registry));
        Map<String, Map<String, List<String>>> views = result.inspections().all();
        assertThat(views).containsOnlyKeys("node1/faults", "node2/faults");
        assertThat(views.get("node1/faults")).containsOnlyKeys("summary", "log");
        assertThat(views.get("node1/faults").get("summary")).containsExactly("terminated 16");
        assertThat(views.get("node1/faults").get("log")).hasSize(16).allMatch(l -> l.startsWith("TRANSLATION 0x"));
        assertThat(views.get("node2/faults").get("summary")).containsExactly("terminated 0");
        assertThat(JsonReport.tree(result).path("inspections").path("node1/faults").path("summary").get(0).asText())
                .isEqualTo("terminated 16");
    }

    @Test
    void aViewThatFailsToRenderSaysSoInsteadOfFailingTheRun() {
        Inspectable broken = new Inspectable() {
            @Override
            public List<String> views() {
                return List.of("regs");
            }

            @Override
            public List<String> render(String view) {
                throw new IllegalStateException("boom");
            }
        };
        assertThat(Inspections.render(Map.of("node1/x", broken)).all().get("node1/x").get("regs"))
                .containsExactly("(rendering failed: java.lang.IllegalStateException: boom)");
    }
}
