package org.iopf.plugin.ethernetbackupring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Percentage.withPercentage;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.iopf.core.run.Simulation;
import org.junit.jupiter.api.Test;

/**
 * {@code rxPacketCpu} is a service time: each segment's receive work on the rx core is drawn from
 * the NIC's random stream, so a distribution spreads the per-segment times around its mean, the
 * constant default keeps every one at 870 ns, and the same seed draws the same times.
 */
final class RxPacketCpuServiceTimeTest {
    /** The rx work item times of a pinned 16 MiB stream (1875 segments at MTU 9000). */
    private static List<Long> rxWork(String rxPacketCpu) {
        CollectingTracer tracer = new CollectingTracer();
        String params = rxPacketCpu.isEmpty() ? "" : ", params: {rxPacketCpu: \"" + rxPacketCpu + "\"}";
        Simulation sim = EthTestbed.simulation(params, tracer);
        sim.run(new EthStreamType(), new HashMap<>(Map.of("bytes", "16MiB", "bufferSize", "16MiB",
                "mode", "pinned")));
        return tracer.durations("eth/rx");
    }

    private static double mean(List<Long> values) {
        return values.stream().mapToLong(Long::longValue).average().orElseThrow();
    }

    @Test
    void theConstantDefaultGivesEverySegmentTheSameTime() {
        List<Long> times = rxWork("");
        assertThat(times).hasSizeGreaterThan(1800);
        assertThat(new HashSet<>(times)).containsExactly(870L);
    }

    @Test
    void aLognormalSpreadsTheSegmentTimesAroundTheSameMean() {
        List<Long> times = rxWork("lognormal(870ns, 1.0)");
        List<Long> sorted = times.stream().sorted().toList();
        long p50 = sorted.get(sorted.size() / 2);
        long max = sorted.get(sorted.size() - 1);

        assertThat(times).hasSizeGreaterThan(1800);
        assertThat(new HashSet<>(times)).as("distinct per-segment times").hasSizeGreaterThan(500);
        assertThat(p50).as("the median of a right-skewed lognormal lies below its mean").isLessThan(870);
        assertThat(max).as("and its tail reaches far above it").isGreaterThan(3 * 870);
        assertThat(mean(times)).as("mean near the constant (CV 1 over ~1900 draws: 2.3% standard error)")
                .isCloseTo(870.0, withPercentage(8));
    }

    @Test
    void theSameSeedDrawsTheSameTimes() {
        assertThat(rxWork("lognormal(870ns, 1.0)")).isEqualTo(rxWork("lognormal(870ns, 1.0)"));
    }
}
