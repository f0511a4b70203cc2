package com.example.iopf.prefetch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.iopf.api.fault.FaultResolution;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageSize;
import org.iopf.api.observe.StatisticSpec;
import org.iopf.testkit.TestBench;
import org.iopf.testkit.WorkloadRun;
import org.junit.jupiter.api.Test;

/**
 * The mechanism, measured on a {@link TestBench}: a sequential DMA stream faults once per
 * {@code depth + 1} pages instead of once per page; an access pattern that jumps further than
 * {@code depth} pages gains nothing; reclaimed pages fault again.
 */
final class PrefetchPagingTest {
    private static final long PAGE = PageSize.BASE.bytes();
    private static final StreamId STREAM = new StreamId(7);
    private static final DomainId DOMAIN = new DomainId(7);
    /**
     * Four slots of 64 KiB (16 pages) in flight, each block reusing its slot: 64 source and 64
     * destination pages, none mapped in the IOMMU beforehand (onDemand), all resident.
     */
    private static final Map<String, String> SEQUENTIAL = Map.of("node", "node1", "blockSize", "64KiB",
            "messages", "32", "concurrency", "4", "onDemand", "true");

    static String platform(String faults) {
        return """
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 2}]
                    memory: {numa: [1GiB], content: bytes}
                    iommu: {type: premapped-iommu}
                    dma: {type: plain-dma}
                    faults: %s
                """.formatted(faults);
    }

    private static TestBench stream(String faults) {
        TestBench bench = TestBench.of(platform(faults), 1);
        WorkloadRun run = bench.runWorkload("dma-copy-stream", SEQUENTIAL);
        assertThat(run.finished()).isTrue();
        assertThat(bench.counter("workload.bytes")).isEqualTo(32 * 65536);
        assertThat(bench.counter("workload.errors")).isZero();
        assertThat(bench.counter("workload.integrity.mismatchedPages")).isZero();
        return bench;
    }

    @Test
    void aSequentialDmaStreamFaultsOncePerDepthPlusOnePages() {
        TestBench demand = stream("{type: demand-paging}");
        TestBench depth3 = stream("{type: prefetch-paging, params: {depth: 3}}");
        TestBench depth7 = stream("{type: prefetch-paging, params: {depth: 7}}");
        TestBench depth0 = stream("{type: prefetch-paging, params: {depth: 0}}");

        // 128 pages (64 source, 64 destination) each fault once on demand
        assertThat(demand.counter("node1.faultQueue.translation")).isEqualTo(128);
        assertThat(depth0.counter("node1.faultQueue.translation")).isEqualTo(128);
        assertThat(depth0.counter("node1.faults.prefetch.pages")).isZero();
        // one fault per window of depth + 1 pages: 128 / 4 and 128 / 8
        assertThat(depth3.counter("node1.faultQueue.translation")).isEqualTo(32);
        assertThat(depth3.counter("node1.faults.prefetch.pages")).isEqualTo(96);
        assertThat(depth3.counter("node1.faults.faults.resolved")).isEqualTo(32);
        assertThat(depth7.counter("node1.faultQueue.translation")).isEqualTo(16);
        assertThat(depth7.counter("node1.faults.prefetch.pages")).isEqualTo(112);
        assertThat(depth7.counter("node1.faults.faults.terminated")).isZero();
        // fewer stalls: the stream ends earlier
        assertThat(depth7.counter("workload.elapsed")).isLessThan(depth3.counter("workload.elapsed"));
        assertThat(depth3.counter("workload.elapsed")).isLessThan(demand.counter("workload.elapsed"));
    }

    @Test
    void eachFaultIsTracedAsResolveThenAheadWithItsFlowId() {
        TestBench bench = stream("{type: prefetch-paging, params: {depth: 3, resolveLatency: 4us, perPageLatency: 2us}}");

        String trace = bench.traceJson();
        assertThat(trace).contains("\"name\":\"prefetch/resolve\"", "\"name\":\"prefetch/ahead\"");
        // resolve 4 us, then 3 pages x 2 us ahead
        assertThat(trace).containsPattern("\"name\":\"prefetch/resolve\"[^}]*\"dur\":4\\.000");
        assertThat(trace).containsPattern("\"name\":\"prefetch/ahead\"[^}]*\"dur\":6\\.000");
    }

    /** Drives the IOMMU by hand: one translation per page of {@code pages}, each fault resolved before the next. */
    private static long faultsOf(String handler, long[] pageIndexes) {
        return faultsOf(handler, pageIndexes, 1024).faults();
    }

    private record Outcome(long faults, long prefetched) {
    }

    private static Outcome faultsOf(String handler, long[] pageIndexes, long regionPages) {
        TestBench bench = TestBench.of(platform(handler), 1);
        MemoryManager memory = bench.memoryManager("node1");
        Iommu iommu = bench.role("node1", Iommu.class);
        AddressSpace space = memory.createAddressSpace("pattern");
        long base = memory.mmap(space, regionPages * PAGE, MapOptions.DEFAULT);
        iommu.attach(STREAM, DOMAIN, space);
        List<FaultResolution> resolutions = new ArrayList<>();
        long faults = 0;
        for (long index : pageIndexes) {
            long va = base + index * PAGE;
            if (iommu.translate(STREAM, va, Access.WRITE, (f, r) -> resolutions.add(r)).isFault()) {
                faults++;
                bench.run();
                assertThat(resolutions).last().isEqualTo(FaultResolution.RETRY);
                assertThat(iommu.translate(STREAM, va, Access.WRITE, (f, r) -> { }).isFault())
                        .as("page %d after its retry", index).isFalse();
            }
        }
        return new Outcome(faults, bench.counter("node1.faults.prefetch.pages"));
    }

    @Test
    void aPatternThatJumpsFurtherThanTheDepthGainsNothing() {
        long[] strided = new long[100];
        for (int i = 0; i < strided.length; i++) {
            strided[i] = i * 9L; // every ninth page: beyond a window of 8
        }
        assertThat(faultsOf("{type: demand-paging}", strided)).isEqualTo(100);
        assertThat(faultsOf("{type: prefetch-paging, params: {depth: 7}}", strided)).isEqualTo(100);
        assertThat(faultsOf("{type: prefetch-paging, params: {depth: 9}}", strided))
                .as("a window that reaches the next access halves the faults").isEqualTo(50);
    }

    @Test
    void aRandomPatternOverALargeBufferGainsNothingAndPaysThePrefetch() {
        long seed = 20261201L;
        Random random = new Random(seed);
        long regionPages = 1L << 18; // 1 GiB of address space, touched in 200 random pages
        long[] pages = new long[200];
        for (int i = 0; i < pages.length; i++) {
            pages[i] = random.nextInt((int) regionPages - 3);
        }
        Outcome demand = faultsOf("{type: demand-paging}", pages, regionPages);
        Outcome prefetch = faultsOf("{type: prefetch-paging, params: {depth: 3}}", pages, regionPages);

        assertThat(demand.faults()).as("seed %d", seed).isEqualTo(distinct(pages));
        assertThat(prefetch.faults()).as("seed %d: no random page lands in an earlier window", seed)
                .isEqualTo(demand.faults());
        // three wasted pages per fault, less the few that an earlier window had mapped already
        assertThat(prefetch.prefetched()).as("seed %d", seed)
                .isLessThanOrEqualTo(3 * prefetch.faults()).isGreaterThan(3 * prefetch.faults() * 98 / 100);
    }

    private static long distinct(long[] pages) {
        return java.util.Arrays.stream(pages).distinct().count();
    }

    @Test
    void prefetchStopsAtTheEndOfTheMapping() {
        TestBench bench = TestBench.of(platform("{type: prefetch-paging, params: {depth: 7}}"), 1);
        MemoryManager memory = bench.memoryManager("node1");
        Iommu iommu = bench.role("node1", Iommu.class);
        AddressSpace space = memory.createAddressSpace("short");
        long base = memory.mmap(space, 3 * PAGE, MapOptions.DEFAULT);
        iommu.attach(STREAM, DOMAIN, space);

        assertThat(iommu.translate(STREAM, base, Access.READ, (f, r) -> { }).isFault()).isTrue();
        bench.run();

        assertThat(bench.counter("node1.faults.prefetch.pages")).isEqualTo(2);
        assertThat(space.residentBytes()).isEqualTo(3 * PAGE);
        assertThat(iommu.translate(STREAM, base + 2 * PAGE, Access.READ, (f, r) -> { }).isFault()).isFalse();
    }

    @Test
    void aReclaimedPrefetchedPageIsUnmappedAndFaultsAndIsPrefetchedAgain() {
        TestBench bench = TestBench.of(platform("{type: prefetch-paging, params: {depth: 3}}"), 1);
        MemoryManager memory = bench.memoryManager("node1");
        Iommu iommu = bench.role("node1", Iommu.class);
        AddressSpace space = memory.createAddressSpace("reclaimed");
        long base = memory.mmap(space, 16 * PAGE, MapOptions.DEFAULT);
        iommu.attach(STREAM, DOMAIN, space);
        iommu.translate(STREAM, base, Access.WRITE, (f, r) -> { });
        bench.run();
        assertThat(iommu.translate(STREAM, base + 3 * PAGE, Access.WRITE, (f, r) -> { }).isFault()).isFalse();

        memory.reclaim(1L << 30);

        assertThat(iommu.translate(STREAM, base + 3 * PAGE, Access.WRITE, (f, r) -> { }).isFault())
                .as("the notifier unmapped the prefetched page").isTrue();
        bench.run();
        assertThat(bench.counter("node1.faults.prefetch.pages")).as("3 ahead of page 0, 3 ahead of page 3")
                .isEqualTo(6);
    }

    @Test
    void itRecordsExactlyTheStatisticsItDeclares() {
        TestBench bench = stream("{type: prefetch-paging, params: {depth: 3}}");
        String prefix = "node1.faults.";

        assertThat(bench.metrics().keySet().stream().filter(n -> n.startsWith(prefix))
                .map(n -> n.substring(prefix.length())))
                .containsExactlyInAnyOrderElementsOf(new PrefetchPagingType().statistics().stream()
                        .map(StatisticSpec::name).toList());
    }

    @Test
    void aDepthOutsideItsDeclaredRangeIsRefusedBeforeAnythingRuns() {
        assertThatThrownBy(() -> TestBench.of(platform("{type: prefetch-paging, params: {depth: 65}}"), 1))
                .hasMessageContaining("depth").hasMessageContaining("0..64");
        assertThatThrownBy(() -> TestBench.of(platform("{type: prefetch-paging, params: {depth: -1}}"), 1))
                .hasMessageContaining("depth").hasMessageContaining("0..64");
    }

    @Test
    void theSameSeedGivesTheSameTrace() {
        TestBench a = stream("{type: prefetch-paging, params: {depth: 5}}");
        TestBench b = stream("{type: prefetch-paging, params: {depth: 5}}");

        assertThat(a.traceJson()).isEqualTo(b.traceJson());
        assertThat(a.metrics()).isEqualTo(b.metrics());
    }
}
