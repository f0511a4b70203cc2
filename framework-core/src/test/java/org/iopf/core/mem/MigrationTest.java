package org.iopf.core.mem;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.ContentMode;
import org.iopf.api.mem.InvalidationReason;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.NumaPolicy;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PinResult;
import org.junit.jupiter.api.Test;

final class MigrationTest {
    private static final long MIB = 1L << 20;
    private static final long PAGE = 4096;

    private final SparsePhysicalMemory dram =
            new SparsePhysicalMemory("dram", SlitNumaTopology.uniform(2, 32 * MIB, 16), ContentMode.BYTES);
    private final DemandPagingMemoryManager mm =
            new DemandPagingMemoryManager(dram, new ManualScheduler(), MemoryManagerConfig.defaults());
    private final ProcessAddressSpace proc = mm.createAddressSpace("app");

    @Test
    void migrateMovesUnpinnedPagesToTheTargetNodeAfterNotifying() {
        long va = mm.mmap(proc, 4 * MIB, MapOptions.DEFAULT.onNumaNode(0, NumaPolicy.STRICT_LOCAL)
                .withTransparentHugePages(true));
        byte[] data = new byte[(int) (3 * MIB)];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i ^ (i >>> 9));
        }
        mm.write(proc, va, data, 0, data.length);
        assertThat(proc.entry(va).orElseThrow().size()).isEqualTo(PageSize.HUGE_2M);
        assertThat(mm.pin(proc, va + 2 * MIB, PAGE)).isEqualTo(PinResult.PINNED);
        long pinnedPa = mm.translate(proc, va + 2 * MIB, Access.READ).orElse(-1);
        List<String> seen = new ArrayList<>();
        mm.registerNotifier(proc, (s, range, why) -> {
            long pa = mm.translate(s, range.start(), Access.READ).orElse(-1);
            seen.add(why + " node " + dram.numaNodeOf(pa));
        });

        long moved = mm.migrate(proc, va, 4 * MIB, 1);

        assertThat(seen).containsExactly(InvalidationReason.MIGRATE + " node 0");
        assertThat(moved).as("the huge page; the pinned huge page stays").isEqualTo(2 * MIB);
        assertThat(dram.numaNodeOf(proc.entry(va).orElseThrow().pa())).isEqualTo(1);
        assertThat(proc.entry(va).orElseThrow().size()).isEqualTo(PageSize.HUGE_2M);
        assertThat(mm.translate(proc, va + 2 * MIB, Access.READ)).hasValue(pinnedPa);
        byte[] back = new byte[data.length];
        mm.read(proc, va, back, 0, back.length);
        assertThat(back).isEqualTo(data);
        assertThat(dram.freeBytes(0)).isEqualTo(32 * MIB - 2 * MIB);
        assertThat(dram.freeBytes(1)).isEqualTo(32 * MIB - 2 * MIB);
        assertThat(mm.migrate(proc, va, 2 * MIB, 1)).as("already there").isZero();
    }

    @Test
    void migratingPartOfAHugePageSplitsItAndMovesOnlyThatPart() {
        long va = mm.mmap(proc, 2 * MIB, MapOptions.DEFAULT.withTransparentHugePages(true));
        mm.write(proc, va + 3 * PAGE, new byte[] {7}, 0, 1);
        assertThat(mm.migrate(proc, va + 2 * PAGE, 2 * PAGE, 1)).isEqualTo(2 * PAGE);
        assertThat(dram.numaNodeOf(mm.translate(proc, va + 3 * PAGE, Access.READ).orElse(-1))).isEqualTo(1);
        assertThat(dram.numaNodeOf(mm.translate(proc, va + 4 * PAGE, Access.READ).orElse(-1))).isZero();
        byte[] b = new byte[1];
        mm.read(proc, va + 3 * PAGE, b, 0, 1);
        assertThat(b[0]).isEqualTo((byte) 7);
        assertThat(proc.residentBytes()).isEqualTo(2 * MIB);
    }

    @Test
    void strictLocalStaysOnItsNodeByReclaimingWhileNearestFallsBack() {
        long va = mm.mmap(proc, 40 * MIB, MapOptions.DEFAULT.onNumaNode(1, NumaPolicy.STRICT_LOCAL));
        long nearest = mm.mmap(proc, 8 * MIB, MapOptions.DEFAULT.onNumaNode(1, NumaPolicy.NEAREST));
        for (long off = 0; off < 32 * MIB; off += PAGE) {
            mm.faultInNow(proc, va + off, Access.READ);
        }
        assertThat(mm.reclaim(MIB)).isEqualTo(MIB);
        for (long off = 0; off < 2 * MIB; off += PAGE) {
            mm.faultInNow(proc, nearest + off, Access.READ);
        }
        assertThat(dram.numaNodeOf(mm.translate(proc, nearest + 2 * MIB - PAGE, Access.READ).orElse(-1))).isZero();
        assertThat(dram.freeBytes(1)).isZero();

        mm.faultInNow(proc, va + 36 * MIB, Access.READ);
        assertThat(dram.numaNodeOf(mm.translate(proc, va + 36 * MIB, Access.READ).orElse(-1))).isEqualTo(1);
        assertThat(proc.entry(va).orElseThrow().swapped()).as("made room on node 1").isTrue();
        for (long off = 0; off < 32 * MIB; off += PAGE) {
            long pa = mm.translate(proc, va + off, Access.READ).orElse(-1);
            if (pa >= 0) {
                assertThat(dram.numaNodeOf(pa)).isEqualTo(1);
            }
        }
    }
}
