package org.iopf.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.iopf.distribution.IopfProcess.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/iopf} of the unpacked distribution, end to end: exit codes, outputs, files. */
final class DistributionIT {
    private static final IopfProcess IOPF = IopfProcess.fromBuild();

    @TempDir
    Path temp;

    @Test
    void theDistributionHoldsItsFolders() {
        for (String dir : new String[] {"bin", "conf", "lib", "plugins", "examples", "scenarios"}) {
            assertThat(IOPF.home().resolve(dir)).isDirectory();
        }
        assertThat(IOPF.home().resolve("examples/pinned-baseline.yaml")).isRegularFile();
        assertThat(IOPF.home().resolve("plugins")).isDirectoryContaining("glob:**/plugin-hmm-*.zip");
        assertThat(IOPF.home().resolve("plugins")).isDirectoryContaining("glob:**/plugin-gpu-uvm-*.zip");
    }

    @Test
    void runPrintsJsonThatParsesBackAndExitsWithZero() throws Exception {
        Path out = temp.resolve("results");
        Outcome run = IOPF.run("run", "examples/pinned-baseline.yaml", "--format", "json", "--seed", "3", "--out",
                out.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode json = new ObjectMapper().readTree(run.out());
        assertThat(json.path("seed").asLong()).isEqualTo(3);
        assertThat(json.toString()).contains("\"throughput\"", "\"passed\":true");
        assertThat(out.resolve("results.json")).isRegularFile();
        assertThat(out.resolve("throughput.png")).isRegularFile();
        assertThat(run.err()).doesNotContain("Exception", "WARN");
    }

    @Test
    void theSameSeedGivesTheSameFigures() throws Exception {
        Outcome a = IOPF.run("run", "pinned-baseline", "--format", "csv");
        Outcome b = IOPF.run("run", "pinned-baseline", "--format", "csv");
        assertThat(a.exitCode()).isZero();
        assertThat(withoutWallClock(a.out())).isEqualTo(withoutWallClock(b.out()));
    }

    private static String withoutWallClock(String csv) {
        return csv.lines().filter(l -> !l.startsWith("wall."))
                .reduce("", (x, y) -> x + y + "\n");
    }

    @Test
    void reproduceRunsEveryBundledScenarioAndExitsWithZeroWhenAllAreMet() throws Exception {
        Outcome run = IOPF.run("reproduce", "--no-progress");
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains("baseline-rdma-write", "unmapped-dma-terminates",
                "scenarios met every expectation");
    }

    @Test
    void compareFillsTheIbVersusEthernetTableFromTwoRunsOfThePluginsZips() throws Exception {
        Outcome run = IOPF.run("compare", "ib-vs-ethernet", "--no-progress");
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains("| Hardware support", "| Fault detection", "| Recovery mechanism",
                "| Memory efficiency", "| Max throughput", "| Latency", "of line rate once resident");
    }

    @Test
    void aMissedExpectationExitsWithOne() throws Exception {
        String text = Files.readString(IOPF.home().resolve("scenarios/baseline-rdma-write.yaml"))
                .replace("value: 98.6455Gbps, tolerance: 0.01%", "min: 200Gbps");
        Path dir = Files.createDirectories(temp.resolve("scenarios"));
        Files.writeString(dir.resolve("too-fast.yaml"), text);
        Outcome run = IOPF.run("reproduce", "--scenarios", dir.toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains("MISS", "0 of 1 scenarios met every expectation");
    }

    @Test
    void badInputExitsWithTwoAndNoStackTrace() throws Exception {
        Path bad = Files.writeString(temp.resolve("bad.yaml"), "nodes: []\nworkload: {type: rdma-write-stream}\n");
        Outcome validate = IOPF.run("validate", bad.toString());
        assertThat(validate.exitCode()).isEqualTo(2);
        assertThat(validate.err()).contains("bad.yaml:1:8: nodes: found an empty list").doesNotContain("\tat ");
        assertThat(IOPF.run("run", "--seed", "many").exitCode()).isEqualTo(2);
        assertThat(IOPF.run("reproduce", "no-such-scenario").exitCode()).isEqualTo(2);
        assertThat(IOPF.run("plugins", "info", "no-such-plugin").exitCode()).isEqualTo(2);
        assertThat(IOPF.run("nonsense").exitCode()).isEqualTo(2);
    }

    @Test
    void whatTheWorkloadNeedsOfAPluginsNodesIsRefusedByValidateAndRunWithExitTwo() throws Exception {
        Path noNic = Files.writeString(temp.resolve("zynq.yaml"), """
                nodes:
                  - name: zynq
                    cores: [{cluster: a53, count: 4}, {cluster: r5, count: 2}]
                    iommu: {type: zynq-smmu}
                    dma: {type: pldma}
                    faults: {type: exanest-faults}
                  - name: host
                    nic0: {type: ib-npf-hca}
                workload: {type: rdma-write-stream, params: {source: zynq, target: host, onDemand: true}}
                """);
        for (String[] command : new String[][] {{"validate", noNic.toString()},
                {"run", noNic.toString(), "--no-progress"}}) {
            Outcome outcome = IOPF.run(command);
            assertThat(outcome.exitCode()).as(command[0]).isEqualTo(2);
            assertThat(outcome.err()).contains(noNic + ":9:54: workload.params.source: node 'zynq' has no NIC "
                    + "(rdma-write-stream writes from it); nodes with a NIC: [host]").doesNotContain("\tat ",
                    "internal error");
        }
    }

    @Test
    void componentsAndPluginsDescribeWhatIsInstalled() throws Exception {
        Outcome components = IOPF.run("components");
        assertThat(components.exitCode()).isZero();
        assertThat(components.out()).contains("premapped-iommu", "pinned-rc-nic", "rdma-write-stream", "ping-pong");
        Outcome plugins = IOPF.run("plugins", "list");
        assertThat(plugins.exitCode()).isZero();
        for (String id : new String[] {"zynq-smmu", "pldma", "infiniband-npf", "ethernet-backupring", "dmaplane",
            "hmm", "gpu-uvm", "smmuv3-pri"}) {
            assertThat(plugins.out()).as("stock plugin " + id).containsPattern("(?m)^" + id
                    + " +\\S+ +STARTED +>=0\\.2\\.0 & <0\\.3\\.0");
        }
        assertThat(plugins.out()).doesNotContain("FAILED");
        assertThat(plugins.err()).doesNotContain("warning");
    }

    @Test
    void theShellReadsCommandsFromAPipe() throws Exception {
        Outcome shell = IOPF.runWithInput("plugins\nrun pinned-baseline\ninspect throughput\nexit\n", "shell");
        assertThat(shell.exitCode()).as(shell.err()).isZero();
        assertThat(shell.out()).contains("zynq-smmu", "expectations: 4 of 4 met", "throughput");
    }

    @Test
    void versionAndHelp() throws IOException, InterruptedException {
        assertThat(IOPF.run("--version").out()).contains("plugin API 0.2.0");
        Outcome help = IOPF.run("--help");
        assertThat(help.exitCode()).isZero();
        assertThat(help.out()).contains("run", "validate", "components", "plugins", "reproduce", "shell",
                "Exit codes", "4   out of memory").doesNotContain("\u001b[");
    }

    @Test
    void theCompletionScriptCompletesCommandsOptionsAndValuesInBash() throws Exception {
        assertThat(complete("iopf", "ru")).isEqualTo("run");
        assertThat(complete("iopf", "run", "--no")).isEqualTo("--no-progress");
        assertThat(complete("iopf", "run", "--format", "")).isEqualTo("TABLE JSON CSV");
        assertThat(complete("iopf", "trace-")).isEqualTo("trace-summary");
    }

    @Test
    void theManPageHasEveryCommandAndExitCode() throws IOException {
        String page = Files.readString(IOPF.home().resolve("man/man1/iopf.1"));
        assertThat(page).startsWith(".TH IOPF 1 ");
        for (String command : new String[] {"run", "validate", "components", "plugins", "reproduce", "compare", "shell",
            "trace-summary"}) {
            assertThat(page).contains(".SS \"iopf " + command.replace("-", "\\-") + "\"");
        }
        assertThat(page).contains("\\fB\\-q\\fR, \\fB\\-\\-quiet\\fR", ".SH EXIT STATUS", "out of memory",
                "IOPF_OPTS", "NO_COLOR");
    }

    /** What bash offers for the last of {@code words} with the distribution's completion script sourced. */
    private String complete(String... words) throws Exception {
        StringBuilder array = new StringBuilder();
        for (String word : words) {
            array.append(" '").append(word).append('\'');
        }
        String script = "source '" + IOPF.home().resolve("completion/iopf_completion") + "'; COMP_WORDS=(" + array
                + "); COMP_CWORD=" + (words.length - 1) + "; COMP_LINE=\"${COMP_WORDS[*]}\"; _complete_iopf 2>/dev/null; "
                + "echo \"${COMPREPLY[*]}\"";
        Process bash = new ProcessBuilder("bash", "-c", script).redirectErrorStream(true).start();
        String out = new String(bash.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(bash.waitFor()).as(out).isZero();
        return out.strip();
    }
}
