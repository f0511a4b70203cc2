package org.iopf.plugin.dmaplane;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Percentage.withPercentage;

import java.util.Arrays;
import java.util.function.LongSupplier;
import org.iopf.core.platform.Scenario;
import org.iopf.core.platform.file.PlatformFileReader;
import org.iopf.core.report.RunResult;
import org.iopf.core.run.CompletedRun;
import org.iopf.core.run.ScenarioRunner;
import org.junit.jupiter.api.Test;

/**
 * The post, poll, per-work-request, ACK, GPU copy set-up and GPU cleanup costs take a service
 * time: a distribution draws each occurrence from the device's random stream (distinct values,
 * the mean near the constant it replaces, the same values for the same seed); the default is a
 * constant that draws nothing.
 */
final class DmaplaneServiceTimeTest {
    private static final int DRAWS = 4000;

    private static TestPlatform oneNode(int seed, String params) {
        return TestPlatform.of("seed: " + seed + "\nnodes:\n  - name: node1\n    cores: [{cluster: cpu, count: 4}]\n"
                + "    memory: {numa: [1GiB]}\n    dmaplane: {type: dmaplane, params: " + params + "}\n"
                + "workload: {type: dmaplane-numa-bandwidth, params: {node: node1}}\n");
    }

    private static long[] draws(LongSupplier draw) {
        long[] out = new long[DRAWS];
        for (int i = 0; i < out.length; i++) {
            out[i] = draw.getAsLong();
        }
        return out;
    }

    private static void assertVariesAroundMean(long[] values, double mean) {
        assertThat(Arrays.stream(values).distinct().count()).as("distinct draws").isGreaterThan(100);
        // CV 1.0 over 4000 draws: the sample mean's standard error is 1.6 %; 8 % is five of them
        assertThat(Arrays.stream(values).average().orElseThrow()).isCloseTo(mean, withPercentage(8));
    }

    @Test
    void postAndPollCostsAreDrawnPerOccurrenceAroundTheirMean() {
        String params = "{postCost: \"lognormal(300ns, 1.0)\", pollCost: \"lognormal(150ns, 1.0)\"}";
        RdmaEngine engine = oneNode(3, params).device("node1").rdma();
        long[] posts = draws(engine::postCost);
        long[] polls = draws(engine::pollCost);
        assertVariesAroundMean(posts, 300);
        assertVariesAroundMean(polls, 150);

        RdmaEngine again = oneNode(3, params).device("node1").rdma();
        assertThat(draws(again::postCost)).as("same seed, same draws").isEqualTo(posts);
        assertThat(draws(again::pollCost)).isEqualTo(polls);
        RdmaEngine other = oneNode(4, params).device("node1").rdma();
        assertThat(draws(other::postCost)).as("another seed, other draws").isNotEqualTo(posts);

        RdmaEngine constant = oneNode(3, "{}").device("node1").rdma();
        assertThat(draws(constant::postCost)).containsOnly(300L);
        assertThat(draws(constant::pollCost)).containsOnly(150L);
    }

    private static long[] copySetups(int seed, String params) {
        TestPlatform platform = oneNode(seed, params);
        GpuBar bar = platform.device("node1").gpu();
        long[] out = new long[DRAWS];
        for (int i = 0; i < out.length; i++) {
            long start = platform.kernel().now();
            long[] done = {-1};
            bar.access(GpuBarMode.EXPLICIT_COPY, false, 0, () -> done[0] = platform.kernel().now());
            platform.kernel().run();
            out[i] = done[0] - start;
        }
        return out;
    }

    @Test
    void eachExplicitGpuCopyDrawsItsSetUpTime() {
        String params = "{gpuCopySetup: \"lognormal(10us, 1.0)\"}";
        long[] setups = copySetups(5, params);
        assertVariesAroundMean(setups, 10_000);
        assertThat(copySetups(5, params)).as("same seed, same set-up times").isEqualTo(setups);
        assertThat(copySetups(5, "{}")).containsOnly(10_000L);
    }

    /**
     * One credit-window-1 stream of 4 KiB messages: its simulated end and the CPU time all cores of
     * both nodes spent, in ns.
     */
    private static long[] stream(int seed, String wrCost, String ackCost) {
        String node = "    cores: [{cluster: cpu, count: 4}]\n    memory: {numa: [1GiB]}\n"
                + "    dmaplane: {type: dmaplane, params: {rxeWrCost: \"" + wrCost + "\", rxeAckCost: \"" + ackCost
                + "\"}}\n";
        String yaml = "seed: " + seed + "\nfabric: {link: {rate: 10Gbps, latency: 1us}}\nnodes:\n  - name: node1\n"
                + node + "  - name: node2\n" + node
                + "workload: {type: dmaplane-credit-stream, params: {messageSize: 4096, messages: 2000, credits: 1}}\n";
        Scenario scenario = new PlatformFileReader(TestPlatform.REGISTRY).read("svc.yaml", yaml);
        CompletedRun run = new ScenarioRunner(TestPlatform.REGISTRY).run(scenario);
        RunResult result = RunResult.of(scenario, run.simulation(), run.workload(), run.wallNanos());
        assertThat(result.value("messages").orElseThrow()).isEqualTo(2000);
        long busy = 0;
        for (String name : new String[] {"node1", "node2"}) {
            busy += run.simulation().node(name).orElseThrow().resources().cores().stream()
                    .mapToLong(org.iopf.api.sim.CpuCore::busyNanos).sum();
        }
        return new long[] {run.simulation().kernel().now(), busy};
    }

    @Test
    void softRoceWorkRequestAndAckCostsAreDrawnPerOccurrence() {
        String wr = "lognormal(20us, 1.0)";
        String ack = "lognormal(20us, 1.0)";
        long[] constant = stream(1, "20us", "20us");
        assertThat(stream(2, "20us", "20us")).as("constants draw nothing: the seed changes nothing").isEqualTo(constant);
        long[] one = stream(1, wr, ack);
        assertThat(stream(1, wr, ack)).as("same seed, same run").isEqualTo(one);
        assertThat(stream(2, wr, ack)[0]).as("another seed, other draws").isNotEqualTo(one[0]);
        assertThat(one[0]).as("drawn times vary, so the run differs from the constant one").isNotEqualTo(constant[0]);
        // thousands of drawn 20 us items (CV 1.0) among the CPU work: the sum's standard error is under 2 %
        assertThat((double) one[1]).as("the CPU work's mean stays the constant's")
                .isCloseTo((double) constant[1], withPercentage(6));
    }
}
