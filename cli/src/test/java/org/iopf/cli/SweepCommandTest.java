package org.iopf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code iopf sweep}, in-process on the reference components: results, determinism, resuming, failures. */
final class SweepCommandTest {
    private static final String SWEEP = """
            name: sizes
            base: pinned-baseline
            set: {workload.messages: 3}
            axes:
              - path: workload.messageSize
                range: {from: 16KiB, to: 1MiB, steps: 4, scale: log}
            replications: 2
            metrics: [throughput, latency.p99, node2.nic0.*]
            expect:
              - {at: {workload.messageSize: 1MiB}, metric: throughput, min: 50Gbps}
            """;

    @TempDir
    Path temp;

    private final CliHarness cli = new CliHarness(CliHarness.repositoryRoot());

    private Path sweep(String name, String text) throws IOException {
        return Files.writeString(temp.resolve(name), text);
    }

    private int run(Path file, String... options) {
        String[] args = new String[options.length + 4];
        args[0] = "sweep";
        args[1] = file.toString();
        args[2] = "--plugins";
        args[3] = temp.resolve("no-plugins").toString();
        System.arraycopy(options, 0, args, 4, options.length);
        return cli.run(args);
    }

    /** The CSV's lines without its wall_seconds column (the only one that depends on the machine). */
    private static List<String> withoutWallTime(Path csv) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        int column = cells(lines.get(0)).indexOf("wall_seconds");
        return lines.stream().map(l -> {
            List<String> cells = new ArrayList<>(cells(l));
            cells.remove(column);
            return String.join(",", cells);
        }).toList();
    }

    /** The cells of a CSV line; a quoted cell keeps its quotes. */
    private static List<String> cells(String line) {
        return Arrays.asList(line.split(",(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)", -1));
    }

    @Test
    void oneAndTwoWorkersWriteTheSameRowsAndEachRunIsTheRunOfIopfRun() throws IOException {
        Path file = sweep("sizes.yaml", SWEEP);
        assertThat(run(file, "--workers", "1", "--out", temp.resolve("one").toString())).as(cli.err()).isZero();
        assertThat(cli.out()).contains("sweep sizes: 4 points x 2 replications: 8 ok, 0 missed, 0 failed, 0 done before",
                "point 4 replication 1 (workload.messageSize=1MiB): 2 of 2 expectations met");
        assertThat(run(file, "--workers", "2", "--out", temp.resolve("two").toString())).isZero();
        List<String> one = withoutWallTime(temp.resolve("one/results.csv"));
        assertThat(one).hasSize(9);
        assertThat(one.get(0)).contains("workload.params.messageSize,throughput,latency.p99,node2.nic0.");
        assertThat(withoutWallTime(temp.resolve("two/results.csv"))).isEqualTo(one);

        cli.clear();
        assertThat(cli.run("run", "pinned-baseline", "--set", "workload.messages=3", "--set",
                "workload.messageSize=64KiB", "--format", "csv", "--plugins", temp.resolve("no-plugins").toString()))
                .as("the base's own expectations miss at 3 messages").isEqualTo(1);
        String throughput = cli.out().lines().filter(l -> l.startsWith("throughput,")).findFirst().orElseThrow()
                .split(",")[1];
        List<String> header = cells(one.get(0));
        List<String> row = one.stream().map(SweepCommandTest::cells)
                .filter(c -> c.get(header.indexOf("label")).equals("workload.messageSize=64KiB")
                        && c.get(header.indexOf("replication")).equals("0")).findFirst().orElseThrow();
        assertThat(Double.parseDouble(row.get(header.indexOf("throughput")))).isEqualTo(Double.parseDouble(throughput));
    }

    @Test
    void aRerunSkipsTheRunsDoneAndForceRunsThemAgain() throws IOException, SQLException {
        Path file = sweep("sizes.yaml", SWEEP);
        Path out = temp.resolve("out");
        assertThat(run(file, "--out", out.toString(), "--no-progress")).isZero();
        cli.clear();
        assertThat(run(file, "--out", out.toString())).isZero();
        assertThat(cli.out()).contains("0 ok, 0 missed, 0 failed, 8 done before; 0 runs");
        Files.writeString(file, SWEEP.replace("steps: 4", "steps: 7"));
        cli.clear();
        assertThat(run(file, "--out", out.toString())).isZero();
        assertThat(cli.out()).contains("6 ok, 0 missed, 0 failed, 8 done before; 6 runs");
        assertThat(Files.readAllLines(out.resolve("results.csv"))).hasSize(15);
        cli.clear();
        assertThat(run(file, "--out", out.toString(), "--force")).isZero();
        assertThat(cli.out()).contains("14 ok, 0 missed, 0 failed, 0 done before; 14 runs");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + out.resolve("results.duckdb"));
                ResultSet r = c.createStatement().executeQuery("SELECT count(*), count(DISTINCT point_id), "
                        + "min(\"workload.params.messageSize\") FROM results")) {
            r.next();
            assertThat(r.getLong(1)).isEqualTo(14);
            assertThat(r.getLong(2)).isEqualTo(7);
            assertThat(r.getDouble(3)).isEqualTo(16384);
        }
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                ResultSet r = c.createStatement().executeQuery("SELECT count(*), max(replication) FROM read_parquet('"
                        + out.resolve("results.parquet") + "') WHERE status = 'ok'")) {
            r.next();
            assertThat(r.getLong(1)).isEqualTo(14);
            assertThat(r.getLong(2)).isEqualTo(1);
        }
    }

    @Test
    void eachRunRecordsWhatProducedIt() throws IOException, SQLException {
        Path file = sweep("sizes.yaml", SWEEP);
        Path out = temp.resolve("out");
        assertThat(run(file, "--out", out.toString(), "--no-progress")).isZero();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + out.resolve("results.duckdb"));
                ResultSet r = c.createStatement().executeQuery("SELECT r.seed, r.label, k.config FROM results r "
                        + "JOIN configs k USING (point_id, replication) ORDER BY point, replication")) {
            int rows = 0;
            while (r.next()) {
                rows++;
                com.fasterxml.jackson.databind.JsonNode config = new com.fasterxml.jackson.databind.ObjectMapper()
                        .readTree(r.getString(3));
                assertThat(config.path("scenario").path("seed").asLong()).isEqualTo(r.getLong(1));
                com.fasterxml.jackson.databind.JsonNode size = config.path("workload").path("parameters")
                        .path("messageSize");
                assertThat(r.getString(2)).isEqualTo("workload.messageSize=" + size.path("value").asText());
                assertThat(size.path("origin").asText()).as("the base file writes 1MiB")
                        .isEqualTo(size.path("value").asText().equals("1MiB") ? "file" : "override");
                assertThat(config.path("workload").path("parameters").path("messages").path("origin").asText())
                        .as("a value of the sweep's set:").isEqualTo("override");
                assertThat(config.path("commandLine").get(0).asText()).isEqualTo("sweep");
            }
            assertThat(rows).isEqualTo(8);
        }
    }

    @Test
    void aBadValueAtALatePointStopsTheSweepBeforeAnyRun() throws IOException {
        Path file = sweep("bad.yaml", """
                base: pinned-baseline
                axes:
                  - path: workload.messageSize
                    values: [4KiB, 64KiB, 0B]
                """);
        Path out = temp.resolve("bad-out");
        assertThat(run(file, "--out", out.toString())).isEqualTo(2);
        assertThat(cli.err()).contains("bad.yaml:4:27: workload.params.messageSize: at point 3 of 3 "
                + "(workload.messageSize=0B): '0B' is out of range; expected a size in 1B..2GiB").doesNotContain("\tat ", "running");
        assertThat(out).doesNotExist();
    }

    @Test
    void aRunThatFailsIsARowWithItsMessageAndTheOthersGoOn() throws IOException {
        Files.writeString(temp.resolve("breaks.yaml"), """
                nodes:
                  - name: node1
                workload: {type: test-failing-run, params: {fail: false}}
                """);
        Path file = sweep("fail.yaml", """
                base: breaks.yaml
                axes: [{path: workload.params.fail, values: [false, true]}]
                """);
        Path out = temp.resolve("fail-out");
        assertThat(run(file, "--out", out.toString())).isEqualTo(1);
        assertThat(cli.out()).contains("1 ok, 0 missed, 1 failed");
        assertThat(cli.err()).contains("point 2 of 2 (workload.params.fail=true) failed: ",
                "deliberate failure at 1 us", "to run it alone: iopf run ",
                "breaks.yaml --seed 1 --set workload.params.fail=true --debug");
        List<String> rows = Files.readAllLines(out.resolve("results.csv"));
        assertThat(rows.get(1)).contains(",ok,");
        assertThat(rows.get(2)).contains(",failed,").contains("deliberate failure at 1 us");
    }

    @Test
    void aPointThatLacksWhatTheWorkloadNeedsIsRefusedBeforeAnyRun() throws IOException {
        Files.writeString(temp.resolve("three.yaml"), """
                nodes:
                  - name: node1
                    nic0: {type: pinned-rc-nic}
                  - name: node2
                    nic0: {type: pinned-rc-nic}
                  - name: node3
                workload: {type: rdma-write-stream, params: {messages: 2}}
                """);
        Path file = sweep("lacks.yaml", """
                base: three.yaml
                axes: [{path: workload.target, values: [node2, node3]}]
                """);
        Path out = temp.resolve("lacks-out");
        assertThat(run(file, "--out", out.toString())).isEqualTo(2);
        assertThat(cli.err()).contains("at point 2 of 2 (workload.target=node3)", "node 'node3' has no NIC");
        assertThat(out.resolve("results.csv")).doesNotExist();
    }

    @Test
    void badOptionsAndFilesAreOneLine() throws IOException {
        assertThat(cli.run("sweep", "no-such-sweep")).isEqualTo(2);
        assertThat(cli.err()).contains("iopf: no such sweep file: no-such-sweep");
        cli.clear();
        assertThat(run(sweep("s.yaml", SWEEP), "--workers", "0")).isEqualTo(2);
        assertThat(cli.err()).contains("--workers 0: expected a whole number of workers >= 1");
    }
}
