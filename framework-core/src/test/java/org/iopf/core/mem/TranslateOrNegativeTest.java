package org.iopf.core.mem;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.ContentMode;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.PageSize;
import org.junit.jupiter.api.Test;

/** {@code translateOrNegative} answers what {@code translate} answers, -1 for empty, on any page state. */
final class TranslateOrNegativeTest {
    private static final long MIB = 1L << 20;
    private static final long PAGE = 4096;

    @Test
    void agreesWithTranslateOverRandomFaultsProtectionsAndUnmaps() {
        SplittableRandom random = new SplittableRandom(22);
        SparsePhysicalMemory dram =
                new SparsePhysicalMemory("dram", SlitNumaTopology.singleNode(64 * MIB), ContentMode.FINGERPRINT);
        DemandPagingMemoryManager mm =
                new DemandPagingMemoryManager(dram, new ManualScheduler(), MemoryManagerConfig.defaults());
        ProcessAddressSpace proc = mm.createAddressSpace("app");
        long va = mm.mmap(proc, 4 * MIB, MapOptions.DEFAULT);
        long readOnly = mm.mmap(proc, MIB, MapOptions.DEFAULT.withWritable(false));
        int present = 0;
        for (int step = 0; step < 4000; step++) {
            long base = random.nextBoolean() ? va : readOnly;
            long length = base == va ? 4 * MIB : MIB;
            long address = base + random.nextLong(length);
            switch (random.nextInt(4)) {
                case 0 -> mm.faultInNow(proc, address, random.nextBoolean() ? Access.WRITE : Access.READ);
                case 1 -> mm.pin(proc, PageSize.BASE.alignDown(address), PAGE);
                default -> { }
            }
            Access access = random.nextBoolean() ? Access.WRITE : Access.READ;
            long expected = mm.translate(proc, address, access).orElse(-1);
            assertThat(mm.translateOrNegative(proc, address, access)).as("0x%x %s", address, access)
                    .isEqualTo(expected);
            present += expected >= 0 ? 1 : 0;
        }
        assertThat(present).as("both answers were exercised").isBetween(100, 3900);
        mm.munmap(proc, va, 4 * MIB);
        assertThat(mm.translateOrNegative(proc, va, Access.READ)).isEqualTo(-1);
    }

}
