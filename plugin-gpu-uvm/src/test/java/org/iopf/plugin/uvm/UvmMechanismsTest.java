package org.iopf.plugin.uvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iopf.api.buffer.BufferManager;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.testkit.TestBench;
import org.iopf.testkit.WorkloadRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The GPU and the driver together, on a small GPU (4 SMs x 4 warps): overflow drops and their
 * re-issue after a replay, µTLB limits and coalescing, per-block service, each replay policy,
 * eviction, and fatal faults cancelling the channel.
 */
final class UvmMechanismsTest {
    private static final String GPU = "gpu";
    private static final String DRIVER = "faults";

    private static TestBench bench(String gpuParams, String driverParams) {
        return TestBench.of("""
                seed: 1
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 2}]
                    memory: {numa: [512MiB], content: fingerprint}
                    gpu: {type: uvm-gpu, params: {warpsPerSm: 4, %s}}
                    faults: {type: uvm-driver, params: {%s}}
                """.formatted(gpuParams.contains("sms:") ? gpuParams : "sms: 4, " + gpuParams, driverParams));
    }

    private static WorkloadRun stream(TestBench bench, String size, String pattern) {
        return bench.runWorkload("uvm-stream", Map.of("node", "node1", "size", size, "accessBytes", "1KiB",
                "pattern", pattern));
    }

    private static long c(TestBench bench, String component, String name) {
        return bench.counter("node1." + component + "." + name);
    }

    private static void assertIntact(WorkloadRun run, TestBench bench, long pages) {
        assertThat(run.finished()).isTrue();
        assertThat(bench.counter("workload.errors")).isZero();
        assertThat(bench.counter("workload.integrity.mismatchedPages")).isZero();
        assertThat(c(bench, GPU, "migrated.toDevice.pages")).isGreaterThanOrEqualTo(pages);
    }

    @Test
    void aFullFaultBufferDropsFaultsAndTheGpuReissuesThemAfterTheNextReplay() {
        TestBench bench = bench("deviceMemory: 64MiB, faultBufferEntries: 4", "prefetch: false, batchSize: 2");
        WorkloadRun run = stream(bench, "4MiB", "random");
        assertThat(c(bench, GPU, "faultBuffer.dropped")).as("16 warps fault at once into 3 usable slots")
                .isGreaterThan(0);
        assertThat(c(bench, DRIVER, "faultBuffer.overflowsSeen")).isGreaterThan(0);
        // every page still got serviced: the dropped faults came back after a replay
        assertThat(c(bench, DRIVER, "migrated.pages")).isEqualTo(1024);
        assertIntact(run, bench, 1024);
    }

    @Test
    void aMicroTlbAtItsLimitRaisesNothingAndSecondMissesOnAPageAreCoalesced() {
        TestBench limited = bench("deviceMemory: 64MiB, utlbOutstandingFaults: 1", "prefetch: false");
        WorkloadRun run = stream(limited, "4MiB", "random");
        assertThat(c(limited, GPU, "utlb.throttled")).isGreaterThan(0);
        assertIntact(run, limited, 1024);
        // grid-stride with 1 KiB accesses: warps w and w+4 share an SM and, 4 accesses per page, the page
        TestBench streaming = bench("deviceMemory: 64MiB, sms: 2", "prefetch: false");
        WorkloadRun s = stream(streaming, "4MiB", "stream");
        assertThat(c(streaming, GPU, "utlb.coalesced")).isGreaterThan(0);
        assertIntact(s, streaming, 1024);
    }

    @Test
    void theDriverCoalescesDuplicatesAndServicesEveryBlockOfABatch() {
        TestBench bench = bench("deviceMemory: 64MiB", "prefetch: false");
        WorkloadRun run = stream(bench, "8MiB", "random");
        long fetched = c(bench, DRIVER, "faults.fetched");
        assertThat(fetched).isEqualTo(c(bench, GPU, "faults.raised") - c(bench, DRIVER, "faults.flushed"));
        assertThat(c(bench, DRIVER, "migrated.pages")).as("each page once").isEqualTo(2048);
        assertThat(c(bench, DRIVER, "faults.coalesced") + c(bench, DRIVER, "faults.alreadyResident")
                + c(bench, DRIVER, "migrated.pages")).as("every fetched entry is a duplicate, resident or migrated")
                .isEqualTo(fetched);
        assertThat(bench.metrics().get("node1.faults.batch.blocks")).as("random pages span blocks")
                .doesNotContain("p99=1,");
        assertIntact(run, bench, 2048);
    }

    @ParameterizedTest
    @ValueSource(strings = {"block", "batch", "batch-flush", "once"})
    void everyReplayPolicyCompletesTheKernelIntact(String policy) {
        TestBench bench = bench("deviceMemory: 64MiB", "replayPolicy: " + policy);
        WorkloadRun run = stream(bench, "8MiB", "random");
        long batches = c(bench, DRIVER, "batches");
        long replays = c(bench, DRIVER, "replays");
        long calls = c(bench, DRIVER, "serviceCalls");
        switch (policy) {
            case "block" -> assertThat(replays).as("one per block at least").isGreaterThan(batches);
            case "batch" -> assertThat(replays).isEqualTo(batches);
            case "batch-flush" -> assertThat(replays).isEqualTo(batches);
            case "once" -> assertThat(replays).isEqualTo(calls);
            default -> throw new IllegalArgumentException(policy);
        }
        if (!policy.equals("batch-flush")) {
            assertThat(c(bench, DRIVER, "faults.flushed")).isZero();
        }
        assertThat(c(bench, GPU, "replays")).isLessThanOrEqualTo(replays).isGreaterThan(0);
        assertIntact(run, bench, 2048);
    }

    @Test
    void oversubscriptionEvictsTheLeastRecentlyUsedBlockAndTheContentSurvives() {
        TestBench bench = bench("deviceMemory: 4MiB", "");
        WorkloadRun run = stream(bench, "8MiB", "stream");
        assertThat(c(bench, DRIVER, "evictions")).as("4 blocks, 2 chunks").isEqualTo(2);
        assertThat(c(bench, DRIVER, "evicted.pages")).isEqualTo(1024);
        assertIntact(run, bench, 2048);
    }

    @Test
    void aBatchNeedingMoreBlocksThanChunksWaitsForEvictionsInsteadOfFailing() {
        // random faults of one batch name all 6 blocks while the GPU has 2 chunks, both held by blocks
        // still migrating: the allocation waits for one to finish and evicts it, the fault is not fatal
        TestBench bench = bench("deviceMemory: 4MiB", "");
        WorkloadRun run = stream(bench, "12MiB", "random");
        assertThat(c(bench, DRIVER, "faults.fatal")).isZero();
        assertThat(c(bench, GPU, "channels.cancelled")).isZero();
        assertThat(c(bench, DRIVER, "evictions")).isGreaterThanOrEqualTo(4);
        assertIntact(run, bench, 3072);
    }

    @Test
    void copyEngineMissesAreNonReplayableFaultsServicedOneByOneAndTheCopyIsIntact() {
        TestBench bench = bench("deviceMemory: 64MiB", "");
        WorkloadRun run = bench.runWorkload("uvm-copy", Map.of("node", "node1", "size", "64KiB", "freeSource", "false"));
        assertThat(run.finished()).isTrue();
        assertThat(c(bench, GPU, "nonReplayable.faults")).as("16 source + 16 destination pages").isEqualTo(32);
        assertThat(c(bench, DRIVER, "nonReplayable.faults")).isEqualTo(32);
        assertThat(c(bench, GPU, "copyEngine.pages")).isEqualTo(16);
        assertThat(c(bench, GPU, "channels.cancelled")).isZero();
        assertThat(bench.counter("workload.errors")).isZero();
        assertThat(bench.counter("workload.integrity.mismatchedPages")).isZero();
        assertThat(c(bench, GPU, "replays")).as("a copy engine never replays").isZero();
    }

    @Test
    void aCopyFromFreedMemoryCancelsItsChannelWithAnErrorStatus() {
        TestBench bench = bench("deviceMemory: 64MiB", "");
        WorkloadRun run = bench.runWorkload("uvm-copy", Map.of("node", "node1", "size", "64KiB", "freeSource", "true"));
        assertThat(run.finished()).isTrue();
        assertThat(c(bench, DRIVER, "nonReplayable.fatal")).isEqualTo(1);
        assertThat(c(bench, GPU, "channels.cancelled")).isEqualTo(1);
        assertThat(bench.counter("workload.errors")).isEqualTo(1);
        assertThat(bench.counter("workload.copy.cancelled")).isEqualTo(1);
    }

    @Test
    void theStencilLoadsEachElementWithItsRowNeighbours() {
        TestBench bench = bench("deviceMemory: 64MiB", "");
        WorkloadRun run = bench.runWorkload("uvm-stream", Map.of("node", "node1", "size", "4MiB", "accessBytes",
                "1KiB", "pattern", "stencil", "rowBytes", "64KiB"));
        assertThat(bench.counter("workload.kernel.accesses")).as("three loads per element").isEqualTo(3 * 4096);
        assertIntact(run, bench, 1024);
    }

    @Test
    void withoutEvictionAFullGpuMakesTheFaultFatalAndCancelsTheChannel() {
        TestBench bench = bench("deviceMemory: 4MiB", "eviction: false");
        WorkloadRun run = stream(bench, "8MiB", "stream");
        assertThat(run.finished()).isTrue();
        assertThat(bench.counter("workload.errors")).isEqualTo(1);
        assertThat(c(bench, GPU, "channels.cancelled")).isEqualTo(1);
        assertThat(c(bench, DRIVER, "faults.fatal")).isGreaterThan(0);
        assertThat(bench.counter("workload.integrity.mismatchedPages")).isZero();
    }

    @Test
    void anAccessOutsideAnyVmaIsFatalAndItsKernelEndsWithAnError() {
        TestBench bench = bench("deviceMemory: 64MiB", "");
        UvmGpu gpu = (UvmGpu) bench.role("node1", BufferManager.class);
        MemoryManager memory = bench.memoryManager("node1");
        AddressSpace space = memory.createAddressSpace("app");
        long va = memory.mmap(space, 2L << 20, MapOptions.DEFAULT);
        long hole = va + (64L << 20);
        List<KernelResult> results = new ArrayList<>();
        gpu.launch(space, new AccessStream() {
            @Override
            public long address(int warp, long index, int warps) {
                return index > 0 ? -1 : warp == 3 ? hole : va + warp * 4096L;
            }

            @Override
            public Access access() {
                return Access.READ;
            }

            @Override
            public long accessBytes() {
                return 64;
            }
        }, results::add);
        bench.run();
        assertThat(results).singleElement().satisfies(r -> {
            assertThat(r.ok()).isFalse();
            assertThat(r.error()).contains("fatal TRANSLATION fault").contains(Long.toHexString(hole));
        });
        assertThat(c(bench, GPU, "channels.cancelled")).isEqualTo(1);
        assertThat(c(bench, DRIVER, "terminated")).isEqualTo(1);
    }

    @Test
    void everyStepIsATraceSliceAndTheFaultBufferAndVaBlocksCanBeInspected() {
        TestBench bench = bench("deviceMemory: 4MiB", "");
        stream(bench, "8MiB", "stream");
        String trace = bench.traceJson();
        for (String step : List.of("uvm/isr", "uvm/fetch", "uvm/service", "uvm/migrate", "uvm/replay", "uvm/evict",
                "fault/TRANSLATION")) {
            assertThat(trace).as(step).contains("\"" + step + "\"");
        }
        UvmGpu gpu = (UvmGpu) bench.role("node1", BufferManager.class);
        assertThat(gpu.views()).containsExactly("faultBuffer", "vaBlocks");
        assertThat(gpu.render("faultBuffer")).anySatisfy(l -> assertThat(l)
                .contains("written " + c(bench, GPU, "faults.raised")));
        assertThat(gpu.render("vaBlocks").get(0)).startsWith("chunks 0 of 2 used");
    }
}
