package org.iopf.reference.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.MemoryStats;
import org.iopf.api.mem.PageTableEntry;
import org.iopf.core.run.DefaultPlatforms;
import org.iopf.core.run.Simulation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code resident} and {@code pinned} shape the working set before any traffic. */
final class ResidencyTest {
    private static final long PAGE = 4096;
    private static final long PAGES = 64;

    private final MemoryManager memory = Simulation.build(DefaultPlatforms.pinnedBaseline(1), WorkloadRun.REGISTRY)
            .node("node1").orElseThrow().memoryManager();
    private final AddressSpace space = memory.createAddressSpace("residency-test");
    private final long va = memory.mmap(space, PAGES * PAGE, MapOptions.DEFAULT);

    @Test
    void halfResidentLeavesTheSecondHalfOfTheSourceUntouchedAndPinsTheFirstQuarter() {
        MemoryStats before = memory.stats();
        WorkingSet set = new WorkingSet(new Residency(0.5, 0.25));

        set.prepareSource(memory, space, va, PAGES * PAGE, 99);

        for (long page = 0; page < PAGES; page++) {
            long address = va + page * PAGE;
            PageTableEntry entry = space.entry(address).orElse(null);
            if (page < PAGES / 2) {
                assertThat(memory.translate(space, address, Access.READ)).as("page %d", page).isPresent();
                assertThat(entry.pinned()).as("page %d pinned", page).isEqualTo(page < PAGES / 4);
            } else {
                assertThat(memory.translate(space, address, Access.READ)).as("page %d", page).isEmpty();
                assertThat(entry == null || !entry.present()).isTrue();
            }
        }
        MemoryStats after = memory.stats();
        assertThat(after.residentBytes() - before.residentBytes()).isEqualTo(PAGES / 2 * PAGE);
        assertThat(after.pinnedBytes() - before.pinnedBytes()).isEqualTo(PAGES / 4 * PAGE);
        assertThat(set.residentBytes()).isEqualTo(PAGES / 2 * PAGE);
        assertThat(set.pinnedBytes()).isEqualTo(PAGES / 4 * PAGE);
        assertThat(space.residentBytes()).isEqualTo(PAGES / 2 * PAGE);
    }

    @Test
    void theResidentPartOfASourceHoldsItsContentAndADestinationIsZeroed() {
        WorkingSet set = new WorkingSet(new Residency(0.5, 0.0));
        long destination = memory.mmap(space, PAGES * PAGE, MapOptions.DEFAULT);

        set.prepareSource(memory, space, va, PAGES * PAGE, 99);
        set.prepareDestination(memory, space, destination, PAGES * PAGE);

        long pa = memory.translate(space, va, Access.READ).orElse(-1);
        assertThat(memory.physicalMemory().holds(pa, memory.physicalMemory().generated(99, PAGE))).isTrue();
        assertThat(memory.physicalMemory().holds(pa, memory.physicalMemory().generated(98, PAGE))).isFalse();
        long zero = memory.translate(space, destination, Access.WRITE).orElse(-1);
        assertThat(zero).isNotNegative();
        assertThat(memory.translate(space, destination + PAGES / 2 * PAGE, Access.READ)).isEmpty();
        assertThat(set.residentBytes()).isEqualTo(PAGES * PAGE);
        assertThat(set.pinnedBytes()).isZero();
    }

    @ParameterizedTest
    @CsvSource({"0.0, 0.0, 0, 0", "1.0, 1.0, 64, 64", "0.3, 0.1, 19, 6", "0.999, 0.0, 64, 0"})
    void fractionsRoundToWholePages(double resident, double pinned, long residentPages, long pinnedPages) {
        WorkingSet set = new WorkingSet(new Residency(resident, pinned));

        set.prepareDestination(memory, space, va, PAGES * PAGE);

        assertThat(set.residentBytes()).isEqualTo(residentPages * PAGE);
        assertThat(set.pinnedBytes()).isEqualTo(pinnedPages * PAGE);
    }

    /**
     * The workloads record what was resident and pinned when traffic started, before the pinned
     * NIC's registration pinned the rest, and still move every byte intact.
     */
    @ParameterizedTest
    @CsvSource({
        "rdma-write-stream, messageSize, 2",
        "rdma-read-stream,  messageSize, 2",
        "ping-pong,         messageSize, 3",
        "dma-copy-stream,   blockSize,   2"})
    void workloadsStartWithTheFractionAskedFor(String name, String sizeName, int buffers) {
        long slotBytes = 4 * 64 * PAGE;
        WorkloadRun run = WorkloadRun.of(name, 3, Map.of(sizeName, Long.toString(64 * PAGE), "messages", "8",
                "concurrency", "4", "resident", "0.5", "pinned", "0.25"));

        assertThat(run.counter("workload.start.residentBytes")).isEqualTo(buffers * slotBytes / 2);
        assertThat(run.counter("workload.start.pinnedBytes")).isEqualTo(buffers * slotBytes / 4);
        assertThat(run.counter("workload.messages")).isEqualTo(8);
        assertThat(run.counter("workload.errors")).isZero();
        assertThat(run.counter("workload.integrity.mismatchedPages")).isZero();
    }

    @Test
    void byDefaultEveryPageIsResidentAndNoneIsPinnedByTheWorkload() {
        WorkloadRun run = WorkloadRun.of("rdma-write-stream", 3, Map.of("messageSize", "64KiB", "messages", "4"));

        assertThat(run.counter("workload.start.residentBytes")).isEqualTo(2 * 4 * 64 * 1024);
        assertThat(run.counter("workload.start.pinnedBytes")).isZero();
    }
}
