package org.iopf.core.mem;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.iopf.api.mem.Advice;
import org.iopf.api.mem.ContentMode;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.PageTableEntry;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seeded random sequences of forks, writes, pins, advice, reclaim and unmaps under memory pressure
 * with THP, checked against a model that gives every process its own copy of the buffer: every
 * read returns what that process last wrote, and the frame accounting stays exact.
 */
final class CopyOnWritePropertyTest {
    private static final long MIB = 1L << 20;
    private static final long PAGE = 4096;
    private static final int PAGES = 512;
    private static final long MEMORY = 8 * MIB;

    /** A process of the model: its address space and the first byte of each of its pages. */
    private record Proc(ProcessAddressSpace space, byte[] pages) {
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6})
    void everyProcessReadsWhatItWroteWhateverTheOthersAndTheOsDid(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        SparsePhysicalMemory dram =
                new SparsePhysicalMemory("dram", SlitNumaTopology.singleNode(MEMORY), ContentMode.BYTES);
        DemandPagingMemoryManager mm = new DemandPagingMemoryManager(dram, new ManualScheduler(),
                MemoryManagerConfig.defaults().withWatermarks(2 * MIB, 3 * MIB).withSwap(256 * MIB));
        ProcessAddressSpace first = mm.createAddressSpace("p0");
        long va = mm.mmap(first, PAGES * PAGE, MapOptions.DEFAULT.withTransparentHugePages(true));
        List<Proc> procs = new ArrayList<>();
        procs.add(new Proc(first, new byte[PAGES]));

        for (int step = 0; step < 600; step++) {
            Proc proc = procs.get(random.nextInt(procs.size()));
            int page = random.nextInt(PAGES);
            int op = random.nextInt(100);
            if (op < 55) {
                byte value = (byte) (1 + random.nextInt(255));
                mm.write(proc.space(), va + page * PAGE, new byte[] {value}, 0, 1);
                proc.pages()[page] = value;
            } else if (op < 70) {
                assertThat(read(mm, proc, va, page)).as("step %d page %d", step, page).isEqualTo(proc.pages()[page]);
            } else if (op < 78 && procs.size() < 4) {
                ProcessAddressSpace child = (ProcessAddressSpace) mm.requireCopyOnWriteFork().fork(proc.space(), "p" + step);
                procs.add(new Proc(child, proc.pages().clone()));
            } else if (op < 83) {
                mm.reclaim((1 + random.nextInt(64)) * PAGE);
            } else if (op < 88) {
                mm.pin(proc.space(), va + page * PAGE, PAGE);
            } else if (op < 92) {
                mm.unpin(proc.space(), va, PAGES * PAGE);
            } else if (op < 96) {
                int n = 1 + random.nextInt(16);
                int from = Math.min(page, PAGES - n);
                mm.advise(proc.space(), va + from * PAGE, n * PAGE, Advice.DONT_NEED);
                for (int i = from; i < from + n; i++) {
                    if (!proc.space().entry(va + i * PAGE).map(PageTableEntry::pinned).orElse(false)) {
                        proc.pages()[i] = 0;
                    }
                }
            } else if (procs.size() > 1) {
                mm.munmap(proc.space(), va, PAGES * PAGE);
                procs.remove(proc);
            }
            assertThat(dram.freeBytes() + mm.stats().residentBytes()).as("frames counted once, step %d", step)
                    .isEqualTo(MEMORY);
        }
        for (Proc proc : procs) {
            for (int page = 0; page < PAGES; page++) {
                assertThat(read(mm, proc, va, page)).as("%s page %d", proc.space(), page)
                        .isEqualTo(proc.pages()[page]);
            }
        }
        assertThat(mm.stats().cowFaults()).as("sharing was really broken by copies").isPositive();
        assertThat(mm.stats().reclaimedPages()).as("pressure really reclaimed").isPositive();
    }

    private static byte read(DemandPagingMemoryManager mm, Proc proc, long va, int page) {
        byte[] b = new byte[1];
        mm.read(proc.space(), va + page * PAGE, b, 0, 1);
        return b[0];
    }
}
