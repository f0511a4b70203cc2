package org.iopf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.iopf.core.plugin.DefaultPluginHost;
import org.iopf.core.plugin.PluginHost;
import org.iopf.core.report.Inspections;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** run --trace/--stats/--inspect, the speed line and trace-summary, in-process. */
final class ObservabilityCommandsTest {
    private static final Path ROOT = CliHarness.repositoryRoot();
    private static final String FAULTS = "scenarios/unmapped-dma-terminates.yaml";

    @TempDir
    Path temp;

    private final CliHarness cli = new CliHarness(ROOT);

    @Test
    void aTracedRunWritesATraceWhoseSummaryBreaksTheFaultsDown() throws IOException {
        Path trace = temp.resolve("t/faults.json");
        assertThat(cli.run("run", FAULTS, "--no-progress", "--trace", trace.toString(), "--plugins", temp.toString()))
                .isZero();
        // 16 transfers that each fault: per fault a walk, the fault instant, the transfer, its
        // stall, the report, the resolution and the outcome (112); 98 counter changes (run queue,
        // in-flight transfers, outstanding faults, both nodes' memory)
        assertThat(cli.err()).contains("wrote trace " + trace + " (210 events)");
        JsonNode json = new ObjectMapper().readTree(trace.toFile());
        assertThat(json.path("otherData").path("events").asLong()).isEqualTo(210);
        assertThat(json.path("otherData").path("dropped").asLong()).isZero();
        cli.clear();
        assertThat(cli.run("trace-summary", trace.toString())).isZero();
        assertThat(cli.out()).contains("TRANSLATION faults, mechanism terminate: 16 faults", "terminate/report",
                "10.000us", "total");
        cli.clear();
        assertThat(cli.run("trace-summary", trace.toString(), "--format", "json")).isZero();
        JsonNode summary = new ObjectMapper().readTree(cli.out());
        assertThat(summary.path("groups").get(2).path("total").path("count").asLong()).isEqualTo(16);
    }

    @Test
    void filtersAndTheCapKeepATraceSmallAndTheCapIsReported() throws IOException {
        Path trace = temp.resolve("small.json");
        assertThat(cli.run("run", FAULTS, "--no-progress", "--trace", trace.toString(), "--trace-node", "node1",
                "--trace-component", "cpu.*", "--trace-window", "0us..100us", "--trace-max-events", "5",
                "--plugins", temp.toString())).isZero();
        assertThat(cli.err()).contains("wrote trace " + trace + " (5 events)", "note: the trace reached its cap of 5");
        JsonNode json = new ObjectMapper().readTree(trace.toFile());
        json.path("traceEvents").forEach(e -> {
            if (e.path("name").asText().equals("thread_name")) {
                assertThat(e.path("args").path("name").asText()).startsWith("node1/cpu.");
            }
        });
        assertThat(json.path("otherData").path("note").asText()).contains("cap of 5 events");
        cli.clear();
        assertThat(cli.run("run", FAULTS, "--trace", trace.toString(), "--trace-window", "5ms", "--plugins",
                temp.toString())).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(cli.err()).contains("--trace-window takes FROM..TO");
    }

    @Test
    void statsAreWrittenAsJsonAndCsvWithPeriodicDumpsAndTheSpeedLineEndsTheRun() throws IOException {
        Path out = temp.resolve("out");
        assertThat(cli.run("run", FAULTS, "--out", out.toString(), "--stats", "json,csv", "--stats-interval", "10us",
                "--plugins", temp.toString())).isZero();
        assertThat(cli.err()).containsPattern("unmapped-dma-terminates: [\\d,]+ events in [\\d.]+ s: [\\d,]+ events/s, "
                + "simulated 160\\.000us \\([\\d.e-]+ sim s per wall s\\), peak heap");
        JsonNode stats = new ObjectMapper().readTree(out.resolve("stats.json").toFile());
        assertThat(stats.path("intervalNanos").asLong()).isEqualTo(10_000);
        assertThat(stats.path("series")).hasSize(16);
        assertThat(stats.path("metrics").path("node1.iommu.faults").path("value").asLong()).isEqualTo(16);
        assertThat(Files.readString(out.resolve("stats.csv"))).startsWith("name,kind,unit,value,")
                .contains("node1.iommu.faults,counter,faults,16,");
        assertThat(Files.readString(out.resolve("stats-series.csv"))).startsWith("time_ns,name,unit,value\n")
                .contains("160000,node1.faultQueue.terminated,faults,16\n");
        JsonNode results = new ObjectMapper().readTree(out.resolve("results.json").toFile());
        assertThat(results.path("speed").path("events").asLong())
                .isEqualTo(results.path("figures").path("sim.events").path("value").asLong()).isPositive();
        assertThat(results.path("speed").path("peakHeapBytes").asLong()).isPositive();
        cli.clear();
        assertThat(cli.run("run", FAULTS, "--stats", "xml", "--plugins", temp.toString())).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(cli.err()).contains("--stats takes json, csv or json,csv");
    }

    @Test
    void inspectNamesComponentsOfTheRunAndSaysWhichOfferNoViews() {
        assertThat(cli.run("run", FAULTS, "--no-progress", "--inspect", "node1/iommu", "--plugins", temp.toString()))
                .isZero();
        assertThat(cli.out()).contains("node1/iommu offers no views");
        cli.clear();
        assertThat(cli.run("run", FAULTS, "--inspect", "node1/iomu", "--plugins", temp.toString()))
                .isEqualTo(ExitCode.BAD_INPUT);
        assertThat(cli.err()).contains("node 'node1' has no component 'iomu'", "did you mean 'iommu'?");
        assertThat(cli.out()).isEmpty();
    }

    @Test
    void inspectionPrintsOneViewOrAllViewsOfAComponent() {
        Inspections views = new Inspections(Map.of("node1/smmu", Map.of("registers", List.of("SCTLR 0x1", "FSR 0x2"))));
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text);
        Inspection.print(views, "node1/smmu:registers", out);
        Inspection.print(views, "all", out);
        assertThat(text.toString()).isEqualTo("""
                == node1/smmu registers ==
                SCTLR 0x1
                FSR 0x2
                == node1/smmu registers ==
                SCTLR 0x1
                FSR 0x2
                """);
    }

    @Test
    void theShellInspectsAComponentOfTheLastRunBesidesFigurePrefixes() throws IOException {
        CliHarness shellCli = new CliHarness(ROOT);
        try (PluginHost host = new DefaultPluginHost(Files.createDirectories(temp.resolve("plugins")));
                Shell shell = new Shell(host, shellCli.env())) {
            assertThat(shell.execute("run " + FAULTS)).isZero();
            shellCli.clear();
            assertThat(shell.execute("inspect node1/faults")).isZero();
            assertThat(shellCli.out()).contains("node1/faults offers no views");
            shellCli.clear();
            assertThat(shell.execute("inspect faults.terminated")).isZero();
            assertThat(shellCli.out()).contains("faults.terminated");
        }
    }
}
