package org.iopf.core.mem;

import static org.assertj.core.api.Assertions.assertThat;

import org.iopf.api.mem.Access;
import org.iopf.api.mem.ContentMode;
import org.iopf.api.mem.FaultInResult;
import org.iopf.api.mem.MapOptions;
import org.junit.jupiter.api.Test;

final class LargeSparseNodeTest {
    private static final long MIB = 1L << 20;
    private static final long GIB = 1L << 30;
    private static final long PAGE = 4096;

    @Test
    void a256GibNodeWithOneGibTouchedStaysCheap() {
        SparsePhysicalMemory dram =
                new SparsePhysicalMemory("dram", SlitNumaTopology.singleNode(256 * GIB), ContentMode.BYTES);
        DemandPagingMemoryManager mm =
                new DemandPagingMemoryManager(dram, new ManualScheduler(), MemoryManagerConfig.defaults());
        ProcessAddressSpace p = mm.createAddressSpace("big");
        long va = mm.mmap(p, 200 * GIB, MapOptions.DEFAULT);

        for (long off = 0; off < GIB; off += PAGE) {
            assertThat(mm.faultInNow(p, va + off, Access.WRITE)).isEqualTo(FaultInResult.ZERO_FILLED);
        }
        byte[] stamp = new byte[8];
        for (long off = 0; off < GIB; off += 64 * PAGE) {
            stamp[0] = (byte) (off >>> 18);
            mm.write(p, va + off, stamp, 0, stamp.length);
        }
        mm.write(p, va + 150 * GIB, stamp, 0, stamp.length);

        assertThat(p.residentBytes()).isEqualTo(GIB + PAGE);
        assertThat(mm.stats().residentBytes()).isEqualTo(GIB + PAGE);
        assertThat(dram.freeBytes()).isEqualTo(255 * GIB - PAGE);
        assertThat(dram.storedBytes()).as("only written pages hold bytes").isEqualTo((GIB / (64 * PAGE) + 1) * PAGE);
        byte[] back = new byte[8];
        mm.read(p, va + 64 * PAGE * 3, back, 0, 8);
        assertThat(back[0]).isEqualTo((byte) ((64 * PAGE * 3) >>> 18));
        mm.read(p, va + 199 * GIB, back, 0, 8);
        assertThat(back).containsOnly(0);
    }

    @Test
    void fingerprintModeHoldsAGibOfDataInRuns() {
        SparsePhysicalMemory dram =
                new SparsePhysicalMemory("dram", SlitNumaTopology.uniform(4, 64 * GIB, 16), ContentMode.FINGERPRINT);
        DemandPagingMemoryManager mm =
                new DemandPagingMemoryManager(dram, new ManualScheduler(), MemoryManagerConfig.defaults());
        ProcessAddressSpace p = mm.createAddressSpace("big");
        long va = mm.mmap(p, GIB, MapOptions.DEFAULT.withTransparentHugePages(true));
        FingerprintPayload data = FingerprintPayload.generated(2024, GIB);
        for (long off = 0; off < GIB; off += 2 * MIB) {
            mm.faultInNow(p, va + off, Access.WRITE);
            dram.write(mm.translate(p, va + off, Access.WRITE).orElse(-1), data.slice(off, 2 * MIB));
        }
        assertThat(p.residentBytes()).isEqualTo(GIB);
        assertThat(dram.storedBytes()).as("one run per page").isEqualTo(GIB / PAGE * ContentRuns.RUN_COST);
        long pa = mm.translate(p, va + 300 * MIB, Access.READ).orElse(-1);
        assertThat(dram.fingerprint(pa + 5, 3 * PAGE)).isEqualTo(data.slice(300 * MIB + 5, 3 * PAGE).fingerprint());
    }
}
