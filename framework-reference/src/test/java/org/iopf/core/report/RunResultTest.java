package org.iopf.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.sim.Time;
import org.iopf.core.node.SimNode;
import org.iopf.core.observe.MetricValue;
import org.iopf.core.observe.TimeSeries;
import org.iopf.core.platform.Expectation.Quantity;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.run.DefaultPlatforms;
import org.iopf.core.run.SimWorkloadContext;
import org.iopf.core.run.Simulation;
import org.iopf.reference.workload.RdmaWriteStreamType;
import org.junit.jupiter.api.Test;

final class RunResultTest {
    static final ExtensionRegistry REGISTRY = ExtensionRegistry.fromClassPath(RunResultTest.class.getClassLoader());
    static final Map<String, String> SIXTEEN_MIB = Map.of("messageSize", "1MiB", "messages", "16",
            "concurrency", "4");

    private final Simulation sim = Simulation.build(DefaultPlatforms.pinnedBaseline(1), REGISTRY);

    @Test
    void theWriteStreamsThroughputIsItsBytesOverItsElapsedTimeExactly() {
        SimWorkloadContext run = sim.run(new RdmaWriteStreamType(), SIXTEEN_MIB);
        var snapshot = sim.metrics().snapshot();
        long elapsed = ((MetricValue.GaugeValue) snapshot.get("workload.elapsed")).value();
        var latency = (MetricValue.HistogramSummary) snapshot.get("workload.latency");

        RunResult result = RunResult.of("pinned-write", sim, run, Time.millis(250));

        assertThat(elapsed).isPositive();
        assertThat(result.value("bytes")).hasValue(16.0 * (1 << 20));
        assertThat(result.value("throughput")).hasValue((16L << 20) * 8.0 * 1e9 / elapsed);
        assertThat(result.figure("throughput").orElseThrow().unit()).isEqualTo("bits/s");
        assertThat(result.value("errors")).hasValue(0);
        assertThat(result.value("integrity.mismatchedPages")).hasValue(0);
        assertThat(result.value("latency.p99")).hasValue(latency.p99());
        assertThat(result.value("latency.max")).hasValue(latency.max());
        assertThat(result.value("latency.mean")).hasValue(latency.mean());
        assertThat(result.value("faults.total")).hasValue(0);
        assertThat(result.value("faults.translation")).hasValue(0);
        assertThat(result.value("faults.resolution.p99")).isEmpty();
        assertThat(result.value("sim.time")).hasValue(run.finishedAt());
        assertThat(result.value("sim.finished")).hasValue(1);
        assertThat(result.value("sim.events")).hasValue(sim.kernel().executedEvents());
        assertThat(result.value("wall.seconds")).hasValue(0.25);
        assertThat(result.value("wall.eventsPerSecond")).hasValue(sim.kernel().executedEvents() / 0.25);
        for (String node : List.of("node1", "node2")) {
            for (int core = 0; core < 4; core++) {
                assertThat(result.figure("cpu." + node + ".cpu." + core).orElseThrow().quantity())
                        .isEqualTo(Quantity.RATIO);
            }
            assertThat(result.value("memory." + node + ".reserved")).isPresent();
        }
        assertThat(result.value("memory.node1.pinned").orElseThrow()).isGreaterThanOrEqualTo(4 << 20);
        // Raw metrics under their own names.
        assertThat(result.value("workload.bytes")).hasValue(16L << 20);
        assertThat(result.value("workload.latency.p999")).hasValue(latency.p999());
        assertThat(result.value("workload.latency.count")).hasValue(16);
        assertThat(result.value("workload.elapsed")).hasValue(elapsed);
        assertThat(result.figure("workload.elapsed").orElseThrow().quantity()).isEqualTo(Quantity.DURATION);
        assertThat(result.value("node1.faultQueue.terminated")).hasValue(0);
        assertThat(result.seed()).isEqualTo(1);
        assertThat(result.scenario()).isEqualTo("pinned-write");
        // No written expectation, only the implicit one: all 16 messages completed.
        assertThat(result.value("workload.requested")).hasValue(16);
        assertThat(result.value("workload.completed")).hasValue(16);
        assertThat(result.expectations().total()).isEqualTo(1);
        assertThat(result.expectations().outcomes().get(0).expectation().isImplicit()).isTrue();
        assertThat(result.expectations().allPassed()).isTrue();
    }

    @Test
    void theSteadyThroughputIsTheRateOfTheSecondHalfOfTheBytes() {
        // a slow cold start (100 B in each of the first four 1 us buckets), then 1000 B per 1 us
        TimeSeries bytes = new TimeSeries("bytes", 1_000, new long[] {100, 100, 100, 100, 1000, 1000, 1000, 1000});

        // half of 4400 B is reached in bucket 5 (2400 B by 6 us); 2000 B follow, counted from the
        // bucket's middle (5.5 us) to 8 us
        assertThat(RunResultCollector.steadyThroughput(bytes, 8_000)).hasValue(2000 * 8.0 * 1e9 / 2_500);
        assertThat(RunResultCollector.steadyThroughput(bytes, 5_500)).isEmpty();
        assertThat(RunResultCollector.steadyThroughput(new TimeSeries("bytes", 1_000, new long[0]), 1_000)).isEmpty();
    }

    @Test
    void theThroughputSeriesAddsUpToTheBytesAndEndsWithTheRun() {
        SimWorkloadContext run = sim.run(new RdmaWriteStreamType(), SIXTEEN_MIB);

        ThroughputSeries series = RunResult.of("w", sim, run, 1).throughput();

        assertThat(series.totalBytes()).isEqualTo(16L << 20);
        assertThat(series.points()).isNotEmpty().hasSizeLessThanOrEqualTo(1024);
        ThroughputPoint last = series.points().get(series.points().size() - 1);
        assertThat(last.startNanos()).isLessThanOrEqualTo(run.finishedAt());
        assertThat(last.startNanos() + last.durationNanos()).isGreaterThan(run.finishedAt());
        assertThat(last.bytes()).isPositive();
        assertThat(series.coarsened(10).points()).hasSizeLessThanOrEqualTo(10);
        assertThat(series.coarsened(10).totalBytes()).isEqualTo(16L << 20);
        long covered = series.coarsened(10).points().stream().mapToLong(ThroughputPoint::durationNanos).sum();
        assertThat(covered).isEqualTo(last.startNanos() + last.durationNanos());
        assertThat(series.nonEmpty()).isEqualTo(16); // one completion per bucket: they are ~85 us apart
    }

    @Test
    void faultsAreSummedOverNodesWithTheirResolutionTimes() {
        SimNode node = sim.node("node2").orElseThrow();
        MemoryManager mm = node.memoryManager();
        Iommu iommu = node.requireRole(Iommu.class);
        AddressSpace space = mm.createAddressSpace("faulting");
        long va = mm.mmap(space, 2 * 4096, MapOptions.DEFAULT);
        iommu.attach(new StreamId(9), new DomainId(9), space);
        // Two translation misses at time 0; the terminate handler reports each in 10 us on core 0.
        iommu.translate(new StreamId(9), va, Access.READ, (f, r) -> { });
        iommu.translate(new StreamId(9), va + 4096, Access.WRITE, (f, r) -> { });

        RunResult result = RunResult.of("w", sim, sim.run(new RdmaWriteStreamType(), SIXTEEN_MIB), 1);

        assertThat(result.value("faults.total")).hasValue(2);
        assertThat(result.value("faults.translation")).hasValue(2);
        assertThat(result.value("faults.permission")).hasValue(0);
        assertThat(result.value("faults.terminated")).hasValue(2);
        // Percentiles are HdrHistogram's, within 0.1% (the bucket of 10 000 ns is 8 ns wide); max is exact.
        assertThat(result.value("faults.resolution.p50").orElseThrow()).isBetween(10_000.0, 10_008.0);
        assertThat(result.value("faults.resolution.max")).hasValue(Time.micros(20));
        assertThat(result.value("node2.faultQueue.resolution.count")).hasValue(2);
        assertThat(result.value("cpu.node2.cpu.0").orElseThrow())
                .isEqualTo(Time.micros(20) / (double) result.value("sim.time").orElseThrow());
    }
}
