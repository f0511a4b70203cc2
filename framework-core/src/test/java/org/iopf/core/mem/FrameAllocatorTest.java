package org.iopf.core.mem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Random;
import java.util.Set;
import org.iopf.api.mem.ContentMode;
import org.iopf.api.mem.NumaPolicy;
import org.iopf.api.mem.PageSize;
import org.junit.jupiter.api.Test;

final class FrameAllocatorTest {
    private static final long MIB = 1L << 20;
    private static final long HUGE = PageSize.HUGE_2M.bytes();
    private static final long BASE = PageSize.BASE.bytes();

    private static SparsePhysicalMemory memory(int nodes, long perNode) {
        return new SparsePhysicalMemory("dram", SlitNumaTopology.uniform(nodes, perNode, 16), ContentMode.BYTES);
    }

    @Test
    void strictLocalRefusesWhenItsNodeIsFullAndNearestFallsBack() {
        int[][] slit = {{10, 20, 12}, {20, 10, 20}, {12, 20, 10}};
        SparsePhysicalMemory mem = new SparsePhysicalMemory("dram",
                new SlitNumaTopology(List.of(4 * MIB, 4 * MIB, 4 * MIB), slit), ContentMode.BYTES);
        assertThat(mem.allocateFrame(PageSize.HUGE_2M, 0, NumaPolicy.STRICT_LOCAL)).isPresent();
        assertThat(mem.allocateFrame(PageSize.HUGE_2M, 0, NumaPolicy.STRICT_LOCAL)).isPresent();

        assertThat(mem.allocateFrame(PageSize.HUGE_2M, 0, NumaPolicy.STRICT_LOCAL)).isEmpty();
        assertThat(mem.allocateFrame(PageSize.BASE, 0, NumaPolicy.STRICT_LOCAL)).isEmpty();
        long nearest = mem.allocateFrame(PageSize.BASE, 0, NumaPolicy.NEAREST).getAsLong();
        assertThat(mem.numaNodeOf(nearest)).as("node 2 is at distance 12, node 1 at 20").isEqualTo(2);
        long any = mem.allocateFrame(PageSize.BASE, 0, NumaPolicy.ANY).getAsLong();
        assertThat(mem.numaNodeOf(any)).as("ANY takes the others by index").isEqualTo(1);
    }

    @Test
    void eachNumaNodeOwnsAContiguousRange() {
        SparsePhysicalMemory mem = memory(4, 64 * MIB);
        for (int node = 0; node < 4; node++) {
            long pa = mem.allocateFrame(PageSize.BASE, node, NumaPolicy.STRICT_LOCAL).getAsLong();
            assertThat(pa).isBetween(node * 64 * MIB, (node + 1) * 64 * MIB - 1);
            assertThat(mem.numaNodeOf(pa)).isEqualTo(node);
        }
        assertThat(mem.size()).isEqualTo(256 * MIB);
        assertThat(mem.freeBytes()).isEqualTo(256 * MIB - 4 * BASE);
        assertThat(mem.freeBytes(1)).isEqualTo(64 * MIB - BASE);
    }

    @Test
    void exhaustsExactlyAtCapacityAndReusesFreedFrames() {
        SparsePhysicalMemory mem = memory(1, 8 * MIB);
        List<Long> huge = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            long pa = mem.allocateFrame(PageSize.HUGE_2M, 0, NumaPolicy.STRICT_LOCAL).getAsLong();
            assertThat(PageSize.HUGE_2M.isAligned(pa)).isTrue();
            huge.add(pa);
        }
        List<Long> base = new ArrayList<>();
        for (int i = 0; i < 512; i++) {
            base.add(mem.allocateFrame(PageSize.BASE, 0, NumaPolicy.STRICT_LOCAL).getAsLong());
        }
        assertThat(new HashSet<>(base)).hasSize(512);
        assertThat(mem.freeBytes()).isZero();
        assertThat(mem.allocateFrame(PageSize.BASE, 0, NumaPolicy.ANY)).isEmpty();
        assertThat(mem.allocateFrame(PageSize.HUGE_2M, 0, NumaPolicy.ANY)).isEmpty();

        mem.freeFrame(base.get(7), PageSize.BASE);
        assertThat(mem.allocateFrame(PageSize.HUGE_2M, 0, NumaPolicy.ANY)).as("one free 4 KiB frame is no huge frame").isEmpty();
        assertThat(mem.allocateFrame(PageSize.BASE, 0, NumaPolicy.ANY)).hasValue(base.get(7));

        mem.freeFrame(huge.get(1), PageSize.HUGE_2M);
        assertThat(mem.allocateFrame(PageSize.HUGE_2M, 0, NumaPolicy.ANY)).hasValue(huge.get(1));
    }

    @Test
    void aSplitBlockWhoseFramesAreAllFreeServesAHugeFrameAgain() {
        SparsePhysicalMemory mem = memory(1, 2 * MIB);
        List<Long> base = new ArrayList<>();
        for (int i = 0; i < 512; i++) {
            base.add(mem.allocateFrame(PageSize.BASE, 0, NumaPolicy.STRICT_LOCAL).getAsLong());
        }
        for (long pa : base) {
            mem.freeFrame(pa, PageSize.BASE);
        }
        assertThat(mem.allocateFrame(PageSize.HUGE_2M, 0, NumaPolicy.STRICT_LOCAL)).hasValue(0L);
    }

    @Test
    void doubleFreeAndWrongSizeAreErrors() {
        SparsePhysicalMemory mem = memory(1, 4 * MIB);
        long pa = mem.allocateFrame(PageSize.BASE, 0, NumaPolicy.STRICT_LOCAL).getAsLong();
        mem.freeFrame(pa, PageSize.BASE);
        assertThatThrownBy(() -> mem.freeFrame(pa, PageSize.BASE)).isInstanceOf(IllegalStateException.class);
        long huge = mem.allocateFrame(PageSize.HUGE_2M, 0, NumaPolicy.STRICT_LOCAL).getAsLong();
        assertThatThrownBy(() -> mem.freeFrame(huge, PageSize.BASE)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> mem.freeFrame(huge + BASE, PageSize.HUGE_2M)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void splittingAHugeFrameLetsItsBaseFramesBeFreedOneByOne() {
        SparsePhysicalMemory mem = memory(1, 2 * MIB);
        long huge = mem.allocateFrame(PageSize.HUGE_2M, 0, NumaPolicy.STRICT_LOCAL).getAsLong();
        mem.splitHugeFrame(huge);
        assertThat(mem.isAllocated(huge, PageSize.HUGE_2M)).isFalse();
        assertThat(mem.isAllocated(huge + 5 * BASE, PageSize.BASE)).isTrue();
        mem.freeFrame(huge + 5 * BASE, PageSize.BASE);
        assertThat(mem.freeBytes()).isEqualTo(BASE);
        assertThat(mem.allocateFrame(PageSize.BASE, 0, NumaPolicy.STRICT_LOCAL)).hasValue(huge + 5 * BASE);
    }

    @Test
    void randomizedSequenceNeverHandsOutAnAllocatedByte() {
        SparsePhysicalMemory mem = memory(2, 16 * MIB);
        Random random = new Random(42);
        List<long[]> live = new ArrayList<>();
        Set<Long> ownedPages = new HashSet<>();
        for (int step = 0; step < 20_000; step++) {
            if (!live.isEmpty() && random.nextInt(100) < 45) {
                long[] frame = live.remove(random.nextInt(live.size()));
                PageSize size = frame[1] == HUGE ? PageSize.HUGE_2M : PageSize.BASE;
                mem.freeFrame(frame[0], size);
                for (long p = frame[0]; p < frame[0] + frame[1]; p += BASE) {
                    ownedPages.remove(p);
                }
                continue;
            }
            PageSize size = random.nextInt(10) == 0 ? PageSize.HUGE_2M : PageSize.BASE;
            NumaPolicy policy = NumaPolicy.values()[random.nextInt(3)];
            OptionalLong pa = mem.allocateFrame(size, random.nextInt(2), policy);
            if (pa.isEmpty()) {
                continue;
            }
            for (long p = pa.getAsLong(); p < pa.getAsLong() + size.bytes(); p += BASE) {
                assertThat(ownedPages.add(p)).as("page 0x%x handed out twice", p).isTrue();
            }
            live.add(new long[] {pa.getAsLong(), size.bytes()});
            assertThat(mem.freeBytes()).isEqualTo(mem.size() - ownedPages.size() * BASE);
        }
        assertThat(live).isNotEmpty();
    }
}
