package org.iopf.plugin.dmaplane;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.iopf.api.buffer.BufferManager;
import org.iopf.core.platform.Scenario;
import org.iopf.core.platform.file.PlatformFileReader;
import org.iopf.core.report.RunResult;
import org.iopf.core.run.CompletedRun;
import org.iopf.core.run.ScenarioRunner;
import org.junit.jupiter.api.Test;

/** The RDMA engine over a node's NIC component, its views, and the same run twice. */
final class RdmaEngineRunTest {
    private static CompletedRun run(String yaml) {
        Scenario scenario = new PlatformFileReader(TestPlatform.REGISTRY).read("run.yaml", yaml);
        return new ScenarioRunner(TestPlatform.REGISTRY).run(scenario);
    }

    private static Dmaplane device(CompletedRun run, String node) {
        return (Dmaplane) run.simulation().node(node).orElseThrow().role(BufferManager.class).orElseThrow();
    }

    private static RunResult result(CompletedRun run) {
        return RunResult.of(run.scenario(), run.simulation(), run.workload(), run.wallNanos());
    }

    @Test
    void theEngineRunsOverTheNodesNicWhenOneIsConfigured() {
        String node = "    nic0: {type: pinned-rc-nic, params: {rate: 25Gbps}}\n    dmaplane: {type: dmaplane}\n";
        CompletedRun run = run("nodes:\n  - name: node1\n" + node + "  - name: node2\n" + node
                + "workload: {type: dmaplane-credit-stream, params: {messageSize: 64KiB, messages: 300, credits: 8}}\n");
        RunResult r = result(run);
        assertThat(device(run, "node1").rdma().transport()).startsWith("node NIC node1:nic0");
        assertThat(r.value("messages").orElseThrow()).isEqualTo(300);
        assertThat(r.value("errors").orElseThrow()).isZero();
        assertThat(r.value("integrity.mismatchedPages").orElseThrow()).isZero();
        assertThat(r.value("workload.cqOverflows").orElseThrow()).isZero();
        // 8 x 64 KiB in flight over a 25 Gbps hardware NIC: well above Soft-RoCE's ~1 GB/s
        assertThat(r.value("throughput").orElseThrow()).isGreaterThan(10e9);
    }

    @Test
    void theViewsShowBuffersAndRdmaStats() {
        String node = "    cores: [{cluster: cpu, count: 4}]\n    dmaplane: {type: dmaplane}\n";
        CompletedRun run = run("nodes:\n  - name: node1\n" + node + "  - name: node2\n" + node
                + "workload: {type: dmaplane-credit-stream, params: {messageSize: 4KiB, messages: 500, credits: 4}}\n");
        Dmaplane sender = device(run, "node1");
        RdmaEngine engine = sender.rdma();
        assertThat(sender.views()).containsExactly("buffers", "rdma", "numa", "channels", "locks");
        assertThat(sender.render("buffers").get(0)).startsWith("ID").contains("Size", "NUMA", "Refs");
        // the data buffer (4 slots of 4 KiB: its owner and the engine's attachment) and the control buffer
        assertThat(sender.render("buffers")).anyMatch(l -> l.matches("0 +16\\.0 KB +0 +2 +0 +1 +0 pages"));
        assertThat(sender.render("buffers")).hasSize(3);
        assertThat(sender.render("rdma")).contains("Post: " + engine.posts(), "Completions: " + engine.completions(),
                "Stalls: " + engine.stalls(), "CQ overflows: 0");
        assertThat(engine.posts()).isEqualTo(500);
        assertThat(engine.stalls()).isPositive();
        assertThat(device(run, "node2").rdma().posts()).isPositive().isLessThanOrEqualTo(500);
        assertThatThrownBy(() -> sender.render("bogus")).isInstanceOf(IllegalArgumentException.class);
    }

    /** Throughput (bytes/s) of 4 KiB WRITE WITH IMMEDIATE under {@code credits} over links of {@code latency}. */
    private static double softRoceThroughput(int credits, String latency) {
        String node = "    cores: [{cluster: cpu, count: 16}]\n    memory: {numa: [1GiB]}\n    dmaplane: {type: dmaplane}\n";
        RunResult r = result(run("fabric: {link: {rate: 10Gbps, latency: " + latency + "}, switchLatency: 1us}\n"
                + "nodes:\n  - name: node1\n" + node + "  - name: node2\n" + node
                + "workload: {type: dmaplane-credit-stream, params: {messageSize: 4KiB, messages: 3000, credits: "
                + credits + "}}\n"));
        assertThat(r.value("errors").orElseThrow()).isZero();
        return r.value("throughput").orElseThrow() / 8;
    }

    @Test
    void fewCreditsAreBoundByTheRoundTripAndManyByTheSoftRoceCores() {
        // E7 emerges from pipelining: with 16 credits a window of 16 x 4 KiB goes per receive-credit
        // loop, which crosses the fabric twice (the data, then the credit update), each time over two
        // links (node -> switch -> node): 14.5 us more per link lengthens that loop by 4 x 14.5 us.
        // With 256 credits the Soft-RoCE cores bind, and the latency does not show.
        double near16 = softRoceThroughput(16, "14.5us");
        double far16 = softRoceThroughput(16, "29us");
        double loopNear = 16 * 4096 / near16;
        double loopFar = 16 * 4096 / far16;
        assertThat(loopFar - loopNear).isCloseTo(4 * 14.5e-6, org.assertj.core.data.Percentage.withPercentage(3));
        double near256 = softRoceThroughput(256, "14.5us");
        double far256 = softRoceThroughput(256, "29us");
        assertThat(far256).isCloseTo(near256, org.assertj.core.data.Percentage.withPercentage(2));
        assertThat(near256).isGreaterThan(near16);
    }

    @Test
    void theSameScenarioTwiceGivesTheSameFigures() {
        Scenario s = new PlatformFileReader(TestPlatform.REGISTRY).read(Path.of("../scenarios/dmaplane-credits-16.yaml"));
        RunResult a = result(new ScenarioRunner(TestPlatform.REGISTRY).run(s));
        RunResult b = result(new ScenarioRunner(TestPlatform.REGISTRY).run(s));
        assertThat(a.value("throughput")).isEqualTo(b.value("throughput"));
        assertThat(a.value("sim.events")).isEqualTo(b.value("sim.events"));
        assertThat(a.value("sim.time")).isEqualTo(b.value("sim.time"));
    }
}
