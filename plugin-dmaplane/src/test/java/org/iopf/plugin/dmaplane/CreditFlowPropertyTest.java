package org.iopf.plugin.dmaplane;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.iopf.core.platform.Scenario;
import org.iopf.core.platform.file.PlatformFileReader;
import org.iopf.core.report.RunResult;
import org.iopf.core.run.CompletedRun;
import org.iopf.core.run.ScenarioRunner;
import org.junit.jupiter.api.Test;

/**
 * E6/E7 as a property: under random loads (credits, message sizes, counts, fabric latency, core
 * counts, Soft-RoCE costs), credits never go below zero or above their limit, no completion queue
 * overflows, nothing fails and every byte arrives. Seeded, so a failure reproduces.
 */
final class CreditFlowPropertyTest {
    @Test
    void creditsStayInRangeAndNoCompletionQueueOverflowsUnderRandomLoad() {
        SplittableRandom random = new SplittableRandom(20261129L);
        long stallInstants = 0;
        for (int trial = 0; trial < 24; trial++) {
            int credits = 1 + random.nextInt(48);
            long size = 1 + random.nextInt(64 * 1024);
            int messages = 20 + random.nextInt(400);
            int cores = 1 + random.nextInt(4);
            String latency = (1 + random.nextInt(40)) + "us";
            String packetCost = random.nextInt(3000) + "ns";
            String yaml = "seed: " + trial + "\nfabric: {link: {rate: 10Gbps, latency: " + latency + "}}\nnodes:\n"
                    + node("node1", cores, packetCost) + node("node2", 1 + random.nextInt(4), packetCost)
                    + "workload: {type: dmaplane-credit-stream, params: {messageSize: " + size + ", messages: "
                    + messages + ", credits: " + credits + "}}\n";
            RecordingCounters tracer = new RecordingCounters();
            Scenario scenario = new PlatformFileReader(TestPlatform.REGISTRY).read("trial" + trial + ".yaml", yaml);
            CompletedRun run = new ScenarioRunner(TestPlatform.REGISTRY, tracer).run(scenario);
            RunResult result = RunResult.of(scenario, run.simulation(), run.workload(), run.wallNanos());
            String what = "trial " + trial + ": " + yaml;
            assertThat(result.value("messages").orElseThrow()).as(what).isEqualTo(messages);
            assertThat(result.value("errors").orElseThrow()).as(what).isZero();
            assertThat(result.value("workload.cqOverflows").orElseThrow()).as(what).isZero();
            assertThat(result.value("integrity.mismatchedPages").orElseThrow()).as(what).isZero();
            // the cores' and memory's own counter tracks are not credits
            var creditSamples = tracer.counters.stream().filter(s -> s.name().endsWith("credits")).toList();
            assertThat(creditSamples).as(what).isNotEmpty();
            assertThat(creditSamples).as(what).allMatch(s -> s.value() >= 0 && s.value() <= credits);
            assertThat(tracer.slices).as(what).anyMatch(s -> s.endsWith("/qp1 dmaplane/post"));
            stallInstants += tracer.instants.stream().filter(i -> i.contains(" dmaplane/flow_stall/")).count();
            if (messages > 2 * credits) {
                assertThat(result.value("workload.stalls").orElseThrow()).as(what).isPositive();
            }
        }
        assertThat(stallInstants).isPositive();
    }

    private static String node(String name, int cores, String packetCost) {
        return "  - name: " + name + "\n    cores: [{cluster: cpu, count: " + cores + "}]\n    memory: {numa: [1GiB]}\n"
                + "    dmaplane: {type: dmaplane, params: {rxePacketCost: " + packetCost + "}}\n";
    }

    @Test
    void creditsCannotBeTakenWithoutStockOrReturnedBeyondTheirLimit() {
        CreditFlow flow = new CreditFlow(2, 1);
        flow.take();
        assertThat(flow.canPost()).isFalse();
        assertThat(flow.stallReason()).isEqualTo("recv_credits");
        assertThatThrownBy(flow::take).isInstanceOf(IllegalStateException.class);
        flow.returnReceive(1);
        assertThatThrownBy(() -> flow.returnReceive(1)).isInstanceOf(IllegalStateException.class);
        flow.returnSend();
        assertThatThrownBy(flow::returnSend).isInstanceOf(IllegalStateException.class);
        assertThat(flow.sendCredits()).isEqualTo(2);
        assertThat(flow.receiveCredits()).isEqualTo(1);
    }
}
