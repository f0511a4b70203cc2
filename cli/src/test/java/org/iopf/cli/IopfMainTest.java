package org.iopf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code iopf} command in-process, with the repository as its home (examples/, scenarios/). */
final class IopfMainTest {
    private static final Path ROOT = CliHarness.repositoryRoot();

    @TempDir
    Path temp;

    private final CliHarness cli = new CliHarness(ROOT);

    @Test
    void runWithoutAPlatformRunsThePinnedBaselineAndChecksItsExpectations() {
        assertThat(cli.run("run", "--no-progress", "--plugins", temp.toString())).isZero();
        assertThat(cli.out()).contains("scenario pinned-baseline", "seed 1", "throughput", "latency.p99",
                "expectations: 4 of 4 met");
    }

    @Test
    void jsonOutputParsesBackAndFilesAreWrittenUnderOut() throws IOException {
        Path out = temp.resolve("out");
        assertThat(cli.run("run", "examples/pinned-baseline.yaml", "--seed", "7", "--format", "json", "--out",
                out.toString(), "--plugins", temp.toString())).isZero();
        JsonNode json = new ObjectMapper().readTree(cli.out());
        assertThat(json.path("seed").asLong()).isEqualTo(7);
        assertThat(json.toString()).contains("throughput");
        assertThat(Files.readString(out.resolve("results.csv"))).startsWith("name,value,unit");
        assertThat(Files.readString(out.resolve("throughput.csv"))).startsWith("start_ns,");
        byte[] png = Files.readAllBytes(out.resolve("throughput.png"));
        assertThat(png).startsWith(0x89, 'P', 'N', 'G');
        assertThat(new ObjectMapper().readTree(out.resolve("results.json").toFile())).isEqualTo(json);
    }

    @Test
    void outRecordsWhatProducedTheRunBesideItsResults() throws IOException {
        Path out = temp.resolve("out");
        assertThat(cli.run("run", "examples/pinned-baseline.yaml", "--seed", "7", "--set", "workload.messages=8",
                "--out", out.toString(), "--plugins", temp.toString())).isIn(0, 1);
        JsonNode config = new ObjectMapper().readTree(out.resolve("config.json").toFile());
        assertThat(config.path("commandLine").toString()).contains("\"--set\"", "\"workload.messages=8\"");
        assertThat(config.path("recordedAt").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
        assertThat(config.path("scenario").path("seed").asLong()).isEqualTo(7);
        assertThat(config.path("scenario").path("seedOrigin").asText()).isEqualTo("override");
        JsonNode workload = config.path("workload").path("parameters");
        assertThat(workload.path("messages").path("origin").asText()).isEqualTo("override");
        assertThat(workload.path("messages").path("base").asLong()).isEqualTo(8);
        assertThat(workload.path("messageSize").path("origin").asText()).isIn("file", "default");
        JsonNode nic = null;
        for (JsonNode c : config.path("nodes").get(0).path("components")) {
            nic = c.path("name").asText().equals("nic0") ? c : nic;
        }
        assertThat(nic).isNotNull();
        assertThat(nic.path("type").asText()).isEqualTo("pinned-rc-nic");
        assertThat(nic.path("parameters").size()).isGreaterThan(3);
        assertThat(config.path("iopf").path("api").asText()).isEqualTo(org.iopf.api.ApiVersion.CURRENT);
    }

    @Test
    void aMissedExpectationExitsWithOne() throws IOException {
        String text = Files.readString(ROOT.resolve("examples/pinned-baseline.yaml"))
                .replace("value: 98.645Gbps, tolerance: 0.01%", "min: 150Gbps");
        Path file = Files.writeString(temp.resolve("too-fast.yaml"), text);
        assertThat(cli.run("run", file.toString(), "--plugins", temp.toString())).isEqualTo(ExitCode.EXPECTATION_MISSED);
        assertThat(cli.out()).contains("expectations: 3 of 4 met", "MISS");
    }

    @Test
    void aWorkloadThatDidNotCompleteWhatItWasAskedExitsWithOneSayingWhatWasNotDone() throws IOException {
        String text = Files.readString(ROOT.resolve("scenarios/unmapped-dma-terminates.yaml"));
        Path file = Files.writeString(temp.resolve("silent-failure.yaml"),
                text.substring(0, text.indexOf("expect:")) + "expect:\n  - {metric: faults.terminated, min: 16}\n");
        assertThat(cli.run("run", file.toString(), "--no-progress", "--plugins", temp.toString()))
                .isEqualTo(ExitCode.EXPECTATION_MISSED);
        assertThat(cli.out()).contains("expectations: 1 of 2 met", "MISS    implicit",
                "! workload: 0 of 16 blocks completed");
    }

    @Test
    void badInputExitsWithTwoWithoutAStackTraceUnlessDebug() throws IOException {
        Path bad = Files.writeString(temp.resolve("bad.yaml"), """
                nodes:
                  - name: node1
                    iommu: {type: premaped-iommu}
                workload: {type: rdma-write-stream}
                """);
        assertThat(cli.run("validate", bad.toString(), "--plugins", temp.toString())).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(cli.err()).contains(bad + ":3:19: nodes[0].iommu.type: unknown component type 'premaped-iommu'",
                "did you mean 'premapped-iommu'?").doesNotContain("\tat ");
        cli.clear();
        assertThat(cli.run("validate", bad.toString(), "--debug")).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(cli.err()).contains("PlatformFileException", "\tat ");
        cli.clear();
        assertThat(cli.run("run", "--seed", "x")).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(cli.run("run", "no-such-file.yaml")).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(cli.run("frobnicate")).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(cli.run("run", "--speed", "9")).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(cli.err()).contains("Invalid value for option '--seed': 'x' is not a long",
                "no such platform file: no-such-file.yaml", "unknown command 'frobnicate'", "Unknown option: '--speed'")
                .doesNotContain("\tat ");
        assertThat(cli.out()).isEmpty();
    }

    @Test
    void setReplacesParametersOfTheWorkloadAndOfComponentsAndChecksThem() {
        assertThat(cli.run("run", "--format", "csv", "--set", "workload.messages=8", "--set", "workload.messageSize=64KiB",
                "--set", "node1.nic0.mtu=2KiB", "--plugins", temp.toString()))
                .as("a 2 KiB MTU and 8 small messages miss the file's 98.6 Gbps").isEqualTo(ExitCode.EXPECTATION_MISSED);
        assertThat(cli.out()).contains("bytes,524288,").contains("messages,8,");
        cli.clear();
        assertThat(cli.run("run", "--set", "node3.nic0.mtu=2KiB", "--plugins", temp.toString())).isEqualTo(2);
        assertThat(cli.run("run", "--set", "node1.nic.mtu=2KiB", "--plugins", temp.toString())).isEqualTo(2);
        assertThat(cli.run("run", "--set", "workload.mesages=8", "--plugins", temp.toString())).isEqualTo(2);
        assertThat(cli.run("run", "--set", "workload.messages", "--plugins", temp.toString())).isEqualTo(2);
        assertThat(cli.err()).contains("--set node3.nic0.mtu=2KiB: no node or target 'node3'",
                "node 'node1' has no component 'nic'; its components are [iommu, dma, nic0, faults, buffers] "
                        + "(did you mean 'nic0'?)",
                "unknown parameter", "did you mean 'messages'?",
                "--set takes TARGET.PARAMETER=VALUE").doesNotContain("\tat ");
    }

    @Test
    void validateSaysWhatTheFileHolds() {
        assertThat(cli.run("validate", "examples/numa-two-sockets.yaml", "--plugins", temp.toString())).isZero();
        assertThat(cli.out()).contains("valid: scenario 'numa-two-sockets'", "workload rdma-write-stream");
    }

    @Test
    void validateAlsoAssemblesTheNodesAndChecksTheWorkloadsOwnRanges() throws IOException {
        String text = Files.readString(ROOT.resolve("examples/pinned-baseline.yaml"));
        Path zero = Files.writeString(temp.resolve("zero.yaml"), text.replace("messageSize: 1MiB", "messageSize: 0B"));
        assertThat(cli.run("validate", zero.toString(), "--plugins", temp.toString())).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(cli.err()).contains(zero + ":35:55: workload.params.messageSize: '0B' is out of range; expected a "
                + "size in 1B..2GiB").doesNotContain("\tat ");
        cli.clear();
        Path twoDmas = Files.writeString(temp.resolve("two-dma.yaml"),
                text.replace("    dma: {type: plain-dma}\n    nic0", "    dma: {type: plain-dma}\n    dma2: {type: plain-dma}\n    nic0"));
        assertThat(cli.run("validate", twoDmas.toString(), "--plugins", temp.toString()))
                .as("two DMA engines on a node: dma is the default, dma2 is reached by name").isEqualTo(ExitCode.OK);
        cli.clear();
        Path twoHandlers = Files.writeString(temp.resolve("two-handlers.yaml"), text.replaceFirst(
                "    faults: \\{type: terminate}\n", "    faults: {type: terminate}\n    faults2: {type: terminate}\n"));
        assertThat(cli.run("validate", twoHandlers.toString(), "--plugins", temp.toString()))
                .isEqualTo(ExitCode.BAD_INPUT);
        assertThat(cli.err()).contains("nodes[0].faults2: role faultHandler is already filled by 'faults' (terminate)");
    }

    @Test
    void aNodeWithoutWhatTheWorkloadNeedsIsRefusedByValidateWithItsLine() throws IOException {
        String text = Files.readString(ROOT.resolve("examples/pinned-baseline.yaml"));
        Path noNic = Files.writeString(temp.resolve("no-nic.yaml"), text.replaceFirst("    nic0: \\{type: pinned-rc-nic}\n",
                ""));
        assertThat(cli.run("validate", noNic.toString(), "--plugins", temp.toString())).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(cli.err()).contains(noNic + ":34:20: workload.params.source: node 'node1' has no NIC "
                + "(rdma-write-stream writes from it); nodes with a NIC: [node2]").doesNotContain("\tat ");
    }

    @Test
    void aSettingTheRunCannotMeetIsRefusedBeforeTheFirstEventWithExitTwo() {
        assertThat(cli.run("run", "--no-progress", "--set", "workload.onDemand=true", "--plugins", temp.toString()))
                .isEqualTo(ExitCode.BAD_INPUT);
        assertThat(cli.run("run", "--no-progress", "--set", "node1.nic0.localAckTimeout=64", "--plugins",
                temp.toString())).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(cli.run("run", "--no-progress", "--set", "workload.messages=4294967296", "--plugins",
                temp.toString())).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(cli.err()).contains("examples/pinned-baseline.yaml: workload.params.source: node 'node1' has NIC "
                        + "'nic0' (pinned-rc-nic) without on-demand registration",
                "--set: node1.nic0 (pinned-rc-nic): parameter 'localAckTimeout': '64' is out of range; expected a "
                        + "whole number in 0..31",
                "parameter 'messages': '4294967296' is out of range; expected a whole number in 1..1000000000")
                .doesNotContain("\tat ", "internal error");
        assertThat(cli.out()).isEmpty();
    }

    @Test
    void componentsListsEveryTypeWithRolesAndParameters() {
        assertThat(cli.run("components", "--plugins", temp.toString())).isZero();
        assertThat(cli.out()).contains("premapped-iommu  [roles: iommu]", "lookupLatency", "pinned-rc-nic",
                "Workload types", "rdma-read-stream", "ping-pong", "dma-copy-stream", "messageSize",
                "pinned-rc-nic  [roles: nic; offers: verbs]", "terminate  [roles: faultHandler]",
                "demand-paging  [roles: faultHandler; offers: fault resolution]");
        // pinned-rc-nic's row (the IB spec's 5-bit field, 0 = no timer); the stock plugins on the test
        // class path list ib-npf-hca's too, whose range starts at 1
        assertThat(cli.out().lines().filter(l -> l.contains("localAckTimeout")))
                .anyMatch(l -> l.matches("\\s+localAckTimeout\\s+integer\\s+14\\s+0\\.\\.31\\s+local ACK timeout.*"));
        cli.clear();
        assertThat(cli.run("components", "premaped-iommu", "--plugins", temp.toString())).isEqualTo(2);
        assertThat(cli.err()).contains("did you mean 'premapped-iommu'?");
    }

    @Test
    void versionNamesTheApi() {
        assertThat(cli.run("--version")).isZero();
        assertThat(cli.out()).contains("plugin API 0.2.0");
    }
}
