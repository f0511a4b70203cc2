package org.iopf.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.iopf.core.platform.Expectation;
import org.iopf.core.platform.Expectation.Comparison;
import org.iopf.core.platform.Expectation.Quantity;
import org.iopf.core.platform.Scenario;
import org.iopf.core.platform.WorkloadSpec;
import org.iopf.core.run.DefaultPlatforms;
import org.iopf.core.run.Simulation;
import org.iopf.reference.workload.RdmaWriteStreamType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class ReportWritersTest {
    private static final List<Expectation> EXPECTATIONS = List.of(
            new Expectation("throughput", Comparison.AT_LEAST, 1e9, 0, false, Quantity.RATE, ">= 1Gbps", "s.yaml:3:5"),
            new Expectation("latency.p99", Comparison.AT_MOST, 1, 0, false, Quantity.DURATION, "<= 1ns", "s.yaml:4:5"),
            new Expectation("latency.p99x", Comparison.WITHIN, 5, 0.1, true, Quantity.DURATION, "5ns ± 10%",
                    "s.yaml:5:5"));
    private static RunResult result;

    @BeforeAll
    static void run() {
        Scenario scenario = new Scenario("pinned-write", "", "scenarios/pinned-write.yaml",
                DefaultPlatforms.pinnedBaseline(4), new WorkloadSpec("rdma-write-stream", RunResultTest.SIXTEEN_MIB),
                EXPECTATIONS);
        Simulation sim = Simulation.build(scenario.platform(), RunResultTest.REGISTRY);
        result = RunResult.of(scenario, sim, sim.run(new RdmaWriteStreamType(), RunResultTest.SIXTEEN_MIB), 1_000);
    }

    @Test
    void expectationsPassMissOrNameTheMissingMetricAndItsNearestName() {
        ExpectationReport report = result.expectations();

        assertThat(report.total()).isEqualTo(4);
        assertThat(report.passed()).isEqualTo(2);
        assertThat(report.allPassed()).isFalse();
        ExpectationOutcome met = report.outcomes().get(0);
        assertThat(met.passed()).isTrue();
        assertThat(met.measured()).isEqualTo(result.value("throughput"));
        ExpectationOutcome missed = report.outcomes().get(1);
        assertThat(missed.passed()).isFalse();
        assertThat(missed.missing()).isFalse();
        assertThat(missed.message()).contains("latency.p99 measured", "expected <= 1ns");
        ExpectationOutcome missing = report.outcomes().get(2);
        assertThat(missing.passed()).isFalse();
        assertThat(missing.missing()).isTrue();
        assertThat(missing.message()).contains("no figure 'latency.p99x'", "did you mean 'latency.p99'");
        ExpectationOutcome completion = report.outcomes().get(3);
        assertThat(completion.expectation().isImplicit()).isTrue();
        assertThat(completion.passed()).isTrue();
        assertThat(completion.message()).isEqualTo("workload: 16 of 16 messages completed");
        assertThat(result.scenario()).isEqualTo("pinned-write");
        assertThat(result.source()).isEqualTo("scenarios/pinned-write.yaml");
        assertThat(result.seed()).isEqualTo(4);
    }

    @Test
    void jsonParsesBackWithTheSameValues() throws Exception {
        JsonNode json = new ObjectMapper().readTree(JsonReport.toJson(result));

        assertThat(json.get("scenario").asText()).isEqualTo("pinned-write");
        assertThat(json.get("seed").asLong()).isEqualTo(4);
        assertThat(json.get("figures").size()).isEqualTo(result.figures().size());
        for (Figure f : result.figures()) {
            JsonNode node = json.get("figures").get(f.name());
            assertThat(node.get("value").asDouble()).as(f.name()).isEqualTo(f.value());
            assertThat(node.get("unit").asText()).isEqualTo(f.unit());
        }
        assertThat(json.get("figures").get("bytes").get("value").isIntegralNumber()).isTrue();
        JsonNode expectations = json.get("expectations");
        assertThat(expectations).hasSize(4);
        assertThat(expectations.get(0).get("passed").asBoolean()).isTrue();
        assertThat(expectations.get(0).get("measured").asDouble()).isEqualTo(result.value("throughput").orElseThrow());
        assertThat(expectations.get(1).get("passed").asBoolean()).isFalse();
        assertThat(expectations.get(2).get("measured").isNull()).isTrue();
        assertThat(expectations.get(2).get("where").asText()).isEqualTo("s.yaml:5:5");
        assertThat(expectations.get(3).get("where").asText()).isEqualTo("implicit");
        assertThat(expectations.get(3).get("metric").asText()).isEqualTo("workload.completed");
        assertThat(json.get("series")).hasSize(result.throughput().points().size());
        long bytes = 0;
        for (JsonNode p : json.get("series")) {
            bytes += p.get("bytes").asLong();
        }
        assertThat(bytes).isEqualTo(16L << 20);
    }

    @Test
    void csvHasAHeaderAndOneRowPerFigureAndPerPoint(@TempDir Path dir) throws Exception {
        StringWriter figures = new StringWriter();
        CsvReport.writeFigures(result, figures);
        List<String> rows = figures.toString().lines().toList();

        assertThat(rows).hasSize(result.figures().size() + 1);
        assertThat(rows.get(0)).isEqualTo("name,value,unit");
        assertThat(rows).contains("bytes,16777216,bytes", "faults.total,0,faults");
        assertThat(rows).allSatisfy(r -> assertThat(r.split(",", -1)).hasSize(3));

        CsvReport.write(result, dir.resolve("f.csv"), dir.resolve("s.csv"));
        List<String> series = Files.readAllLines(dir.resolve("s.csv"));
        assertThat(series).hasSize(result.throughput().points().size() + 1);
        assertThat(series.get(0)).isEqualTo(CsvReport.SERIES_HEADER);
        assertThat(Files.readAllLines(dir.resolve("f.csv"))).isEqualTo(rows);
    }

    @Test
    void theTableHasASectionPerKindAndTheExpectationsWithTheirVerdicts() {
        String table = new TableReport(false).render(result);

        assertThat(table).startsWith("scenario pinned-write (scenarios/pinned-write.yaml), seed 4\n");
        assertThat(table).contains("\nthroughput & latency\n", "\nfaults\n", "\nCPU\n", "\nmemory\n", "\nspeed\n",
                "expectations: 2 of 4 met");
        assertThat(table).containsPattern("throughput +[0-9.]+ Gbps");
        assertThat(table).containsPattern("latency\\.p99 +[0-9.]+ µs");
        assertThat(table).containsPattern("memory\\.node1\\.pinned +[0-9.]+ MiB");
        assertThat(table).containsPattern("cpu\\.node1\\.cpu\\.0 +[0-9.]+ %");
        assertThat(table).containsPattern("throughput +[0-9.]+ Gbps +>= 1Gbps +PASS +s.yaml:3:5");
        assertThat(table).contains("MISS", "! no figure 'latency.p99x'");
        assertThat(table).containsPattern("workload\\.completed +16 +all 16 messages +PASS +implicit");
        assertThat(table).doesNotContain("! workload:");
        assertThat(table).doesNotContain("workload.bytes");
        assertThat(new TableReport(true).render(result)).contains("\nmetrics\n", "workload.bytes");
    }

    @Test
    void theSummaryHasOneRowPerScenario() {
        String summary = SummaryTable.render(List.of(result, result));

        assertThat(summary.lines()).hasSize(4);
        assertThat(summary.lines().findFirst().orElseThrow()).startsWith("scenario").contains("throughput",
                "p99 latency", "faults", "expectations");
        assertThat(summary).containsPattern("pinned-write +[0-9.]+ Gbps +[0-9.]+ µs +0 +2/4 MISS");
        assertThat(summary).endsWith("0 of 2 scenarios met every expectation\n");
    }
}
