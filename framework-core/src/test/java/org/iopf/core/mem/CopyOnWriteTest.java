package org.iopf.core.mem;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.ContentMode;
import org.iopf.api.mem.FaultInResult;
import org.iopf.api.mem.InvalidationReason;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryStats;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PinResult;
import org.iopf.api.sim.Time;
import org.junit.jupiter.api.Test;

/** {@link CopyOnWriteForker#fork} and copy-on-write. */
final class CopyOnWriteTest {
    private static final long MIB = 1L << 20;
    private static final long PAGE = 4096;

    private final ManualScheduler scheduler = new ManualScheduler();
    private final SparsePhysicalMemory dram =
            new SparsePhysicalMemory("dram", SlitNumaTopology.singleNode(64 * MIB), ContentMode.BYTES);
    private final DemandPagingMemoryManager mm = new DemandPagingMemoryManager(dram, scheduler,
            MemoryManagerConfig.defaults());
    private final ProcessAddressSpace parent = mm.createAddressSpace("parent");

    /** A notifier that logs every call as "reason start+pages". */
    private static final class Log implements org.iopf.api.mem.MmuNotifier {
        final List<String> calls = new ArrayList<>();

        @Override
        public void invalidateRange(AddressSpace space, AddressRange range, InvalidationReason reason) {
            calls.add(reason + " " + range.start() + "+" + range.length() / PAGE);
        }
    }

    private long writtenBuffer(long pages, byte value) {
        long va = mm.mmap(parent, pages * PAGE, MapOptions.DEFAULT);
        byte[] bytes = new byte[(int) (pages * PAGE)];
        java.util.Arrays.fill(bytes, value);
        mm.write(parent, va, bytes, 0, bytes.length);
        return va;
    }

    private byte readByte(AddressSpace space, long va) {
        byte[] b = new byte[1];
        mm.read(space, va, b, 0, 1);
        return b[0];
    }

    @Test
    void forkSharesFramesWriteProtectedInBothAndParentWriteCopies() {
        long va = writtenBuffer(4, (byte) 7);
        long frame = mm.translate(parent, va, Access.READ).orElse(-1);
        long freeBefore = dram.freeBytes();

        AddressSpace child = mm.requireCopyOnWriteFork().fork(parent, "child");

        assertThat(child.pid()).isNotEqualTo(parent.pid());
        assertThat(mm.addressSpace(child.pid())).containsSame(child);
        assertThat(child.vmas()).isEqualTo(parent.vmas());
        assertThat(mm.translate(child, va, Access.READ)).as("same frame").hasValue(frame);
        assertThat(mm.translate(parent, va, Access.WRITE)).as("parent write-protected").isEmpty();
        assertThat(mm.translate(child, va, Access.WRITE)).as("child write-protected").isEmpty();
        assertThat(parent.entry(va).orElseThrow().writable()).isFalse();
        assertThat(dram.freeBytes()).as("no frame allocated by fork").isEqualTo(freeBefore);
        assertThat(mm.stats().residentBytes()).as("frames counted once").isEqualTo(4 * PAGE);
        assertThat(child.residentBytes()).as("the child's RSS counts shared pages").isEqualTo(4 * PAGE);

        mm.write(parent, va + 5, new byte[] {9}, 0, 1);

        assertThat(readByte(parent, va + 5)).isEqualTo((byte) 9);
        assertThat(readByte(child, va + 5)).as("the child keeps the old bytes").isEqualTo((byte) 7);
        assertThat(readByte(parent, va + 6)).as("the rest of the page was copied").isEqualTo((byte) 7);
        long copy = mm.translate(parent, va, Access.WRITE).orElse(-1);
        assertThat(copy).isNotEqualTo(frame).isGreaterThanOrEqualTo(0);
        assertThat(mm.translate(child, va, Access.READ)).hasValue(frame);
        assertThat(mm.translate(parent, va + PAGE, Access.WRITE)).as("other pages still shared").isEmpty();
        MemoryStats stats = mm.stats();
        assertThat(stats.cowFaults()).isEqualTo(1);
        assertThat(stats.residentBytes()).isEqualTo(5 * PAGE);
        assertThat(dram.freeBytes()).isEqualTo(freeBefore - PAGE);
    }

    @Test
    void childWriteCopiesAndTheLastSharerRegainsWriteWithoutACopy() {
        long va = writtenBuffer(1, (byte) 1);
        long frame = mm.translate(parent, va, Access.READ).orElse(-1);
        AddressSpace child = mm.requireCopyOnWriteFork().fork(parent, "child");

        mm.write(child, va, new byte[] {2}, 0, 1);
        assertThat(readByte(child, va)).isEqualTo((byte) 2);
        assertThat(readByte(parent, va)).isEqualTo((byte) 1);
        assertThat(mm.translate(child, va, Access.WRITE).orElse(-1)).isNotEqualTo(frame);
        assertThat(mm.translate(parent, va, Access.WRITE)).as("still write-protected until it writes").isEmpty();
        long free = dram.freeBytes();

        assertThat(mm.faultInNow(parent, va, Access.WRITE)).isEqualTo(FaultInResult.ALREADY_PRESENT);

        assertThat(mm.translate(parent, va, Access.WRITE)).as("reused, no copy").hasValue(frame);
        assertThat(dram.freeBytes()).isEqualTo(free);
        assertThat(mm.stats().cowFaults()).isEqualTo(1);
        assertThat(mm.stats().cowReuses()).isEqualTo(1);
    }

    @Test
    void writeFaultInTakesTheCopyLatencyAndNotifiesTheWriterWithTheReason() {
        long va = writtenBuffer(2, (byte) 3);
        Log log = new Log();
        mm.registerNotifier(parent, log);

        AddressSpace child = mm.requireCopyOnWriteFork().fork(parent, "child");
        assertThat(log.calls).containsExactly("PROTECTION " + va + "+2");
        assertThat(mm.translate(parent, va, Access.READ)).as("reads still translate").isPresent();

        List<String> done = new ArrayList<>();
        mm.faultIn(parent, va, Access.WRITE, r -> done.add(scheduler.now() + " " + r.result()));
        assertThat(mm.translate(parent, va, Access.WRITE)).as("not writable until the break").isEmpty();
        scheduler.runAll();

        assertThat(done).containsExactly(MemoryManagerConfig.DEFAULT_COW_FAULT_NANOS + " ALREADY_PRESENT");
        assertThat(Time.micros(2)).isEqualTo(MemoryManagerConfig.DEFAULT_COW_FAULT_NANOS);
        assertThat(log.calls).containsExactly("PROTECTION " + va + "+2", "COPY_ON_WRITE " + va + "+1");
        assertThat(mm.translate(parent, va, Access.WRITE)).isPresent();
        assertThat(mm.translate(child, va, Access.WRITE)).isEmpty();
    }

    @Test
    void aForkedPageIsSwappedOutOfBothSharersAndComesBackIntactForEach() {
        long va = writtenBuffer(8, (byte) 5);
        Log parentLog = new Log();
        Log childLog = new Log();
        mm.registerNotifier(parent, parentLog);
        AddressSpace child = mm.requireCopyOnWriteFork().fork(parent, "child");
        mm.registerNotifier(child, childLog);
        mm.write(parent, va, new byte[] {6}, 0, 1); // page 0 private in both now

        long reclaimed = mm.reclaim(64 * PAGE);

        assertThat(reclaimed).as("9 frames: 7 shared, 2 private").isEqualTo(9 * PAGE);
        for (long page = 0; page < 8; page++) {
            assertThat(parent.entry(va + page * PAGE).orElseThrow().present()).isFalse();
            assertThat(child.entry(va + page * PAGE).orElseThrow().present()).isFalse();
        }
        assertThat(childLog.calls).as("the child's notifier told for each of its frames").hasSize(8)
                .allMatch(c -> c.startsWith("RECLAIM"));
        assertThat(mm.stats().swappedBytes()).as("a shared page takes one swap slot").isEqualTo(9 * PAGE);
        assertThat(mm.stats().residentBytes()).isZero();
        assertThat(child.residentBytes()).isZero();

        assertThat(readByte(child, va + 3 * PAGE)).isEqualTo((byte) 5);
        assertThat(mm.stats().swappedBytes()).as("the parent still holds the slot").isEqualTo(9 * PAGE);
        assertThat(readByte(parent, va + 3 * PAGE)).isEqualTo((byte) 5);
        assertThat(mm.stats().swappedBytes()).isEqualTo(8 * PAGE);
        assertThat(readByte(parent, va)).isEqualTo((byte) 6);
        assertThat(readByte(child, va)).isEqualTo((byte) 5);
        mm.write(parent, va + 3 * PAGE, new byte[] {8}, 0, 1);
        assertThat(readByte(child, va + 3 * PAGE)).as("private after swap-in").isEqualTo((byte) 5);
    }

    @Test
    void reclaimUnderPressureNeverLeavesASharerOnAFreedFrame() {
        SparsePhysicalMemory small =
                new SparsePhysicalMemory("small", SlitNumaTopology.singleNode(4 * MIB), ContentMode.BYTES);
        DemandPagingMemoryManager tight = new DemandPagingMemoryManager(small, scheduler,
                MemoryManagerConfig.defaults().withWatermarks(MIB, 2 * MIB).withSwap(64 * MIB));
        ProcessAddressSpace a = tight.createAddressSpace("a");
        long va = tight.mmap(a, 2 * MIB, MapOptions.DEFAULT);
        for (long off = 0; off < 2 * MIB; off += PAGE) {
            tight.write(a, va + off, new byte[] {(byte) (off / PAGE)}, 0, 1);
        }
        AddressSpace b = tight.requireCopyOnWriteFork().fork(a, "b");
        for (long off = 0; off < 2 * MIB; off += PAGE) { // every write copies, under pressure
            tight.write(a, va + off, new byte[] {(byte) ~(off / PAGE)}, 0, 1);
        }
        for (long off = 0; off < 2 * MIB; off += PAGE) {
            byte[] x = new byte[1];
            tight.read(b, va + off, x, 0, 1);
            assertThat(x[0]).isEqualTo((byte) (off / PAGE));
            tight.read(a, va + off, x, 0, 1);
            assertThat(x[0]).isEqualTo((byte) ~(off / PAGE));
        }
        assertThat(tight.stats().reclaimedPages()).as("pressure really reclaimed").isPositive();
        assertThat(small.freeBytes() + tight.stats().residentBytes()).isEqualTo(4 * MIB);
    }

    @Test
    void pinnedPagesAreCopiedAtForkSoTheParentKeepsItsWritableFrame() {
        long va = writtenBuffer(2, (byte) 4);
        assertThat(mm.pin(parent, va, PAGE)).isEqualTo(PinResult.PINNED);
        long pinnedFrame = mm.translate(parent, va, Access.WRITE).orElse(-1);

        AddressSpace child = mm.requireCopyOnWriteFork().fork(parent, "child");

        assertThat(mm.translate(parent, va, Access.WRITE)).as("DMA target stays writable").hasValue(pinnedFrame);
        long childFrame = mm.translate(child, va, Access.WRITE).orElse(-1);
        assertThat(childFrame).as("the child got its own writable copy").isNotEqualTo(pinnedFrame)
                .isGreaterThanOrEqualTo(0);
        assertThat(mm.translate(parent, va + PAGE, Access.WRITE)).as("unpinned page shared").isEmpty();
        dram.write(pinnedFrame, new byte[] {99}, 0, 1); // a DMA write after the fork
        assertThat(readByte(child, va)).isEqualTo((byte) 4);
        assertThat(readByte(parent, va)).isEqualTo((byte) 99);
        assertThat(mm.stats().cowFaults()).isZero();
    }

    @Test
    void pinningASharedPageUnsharesIt() {
        long va = writtenBuffer(1, (byte) 2);
        AddressSpace child = mm.requireCopyOnWriteFork().fork(parent, "child");
        long shared = mm.translate(child, va, Access.READ).orElse(-1);

        assertThat(mm.pin(parent, va, PAGE)).isEqualTo(PinResult.PINNED);

        assertThat(mm.translate(parent, va, Access.WRITE).orElse(-1)).isNotEqualTo(shared).isGreaterThanOrEqualTo(0);
        assertThat(mm.translate(child, va, Access.READ)).hasValue(shared);
        assertThat(readByte(parent, va)).isEqualTo((byte) 2);
    }

    @Test
    void munmapOfOneSideDropsItsReferenceAndTheLastFreesTheFrame() {
        long va = writtenBuffer(4, (byte) 1);
        long freeAfterWrite = dram.freeBytes();
        AddressSpace child = mm.requireCopyOnWriteFork().fork(parent, "child");

        mm.munmap(parent, va, 4 * PAGE);
        assertThat(dram.freeBytes()).as("the child still maps them").isEqualTo(freeAfterWrite);
        assertThat(readByte(child, va + 2 * PAGE)).isEqualTo((byte) 1);
        assertThat(mm.stats().residentBytes()).isEqualTo(4 * PAGE);

        mm.write(child, va, new byte[] {3}, 0, 1);
        assertThat(mm.stats().cowFaults()).as("the last sharer writes without a copy").isZero();
        assertThat(mm.stats().cowReuses()).isEqualTo(1);
        mm.munmap(child, va, 4 * PAGE);
        assertThat(dram.freeBytes()).isEqualTo(freeAfterWrite + 4 * PAGE);
        assertThat(mm.stats().residentBytes()).isZero();
    }

    @Test
    void aSharedHugePageIsCopiedWholeOnWriteAndSplitForPartialUnmap() {
        long va = mm.mmap(parent, 2 * MIB, MapOptions.DEFAULT.withTransparentHugePages(true));
        mm.fill(parent, va, 2 * MIB, 11);
        assertThat(parent.entry(va).orElseThrow().size()).isEqualTo(PageSize.HUGE_2M);
        AddressSpace child = mm.requireCopyOnWriteFork().fork(parent, "child");
        AddressSpace grandchild = mm.requireCopyOnWriteFork().fork(child, "grandchild");

        List<String> done = new ArrayList<>();
        mm.faultIn(parent, va + 100, Access.WRITE, r -> done.add(scheduler.now() + " " + r.result()));
        scheduler.runAll();
        assertThat(done).containsExactly(MemoryManagerConfig.DEFAULT_HUGE_COW_FAULT_NANOS + " ALREADY_PRESENT");
        assertThat(mm.translate(parent, va, Access.WRITE)).isPresent();
        assertThat(mm.stats().residentBytes()).isEqualTo(4 * MIB);

        mm.munmap(child, va, PAGE); // splits the frame the child shares with the grandchild
        assertThat(grandchild.entry(va + PAGE).orElseThrow().size()).isEqualTo(PageSize.BASE);
        assertThat(child.entry(va)).isEmpty();
        org.iopf.api.mem.Payload expected = dram.generated(11, 2 * MIB).slice(PAGE, PAGE);
        long pa = mm.translate(grandchild, va + PAGE, Access.READ).orElse(-1);
        assertThat(dram.holds(pa, expected)).isTrue();
        assertThat(mm.translate(child, va + PAGE, Access.READ)).hasValue(pa);
        mm.write(grandchild, va + PAGE, new byte[] {1}, 0, 1);
        assertThat(dram.holds(mm.translate(child, va + PAGE, Access.READ).orElse(-1), expected)).isTrue();
        assertThat(dram.holds(mm.translate(grandchild, va + PAGE, Access.READ).orElse(-1), expected))
                .as("the written byte").isFalse();
        assertThat(mm.stats().cowFaults()).isEqualTo(2);
    }

    @Test
    void aForkWithoutMemoryForItsPinnedCopiesCreatesNoChildAndChangesNothing() {
        SparsePhysicalMemory small =
                new SparsePhysicalMemory("small", SlitNumaTopology.singleNode(4 * MIB), ContentMode.BYTES);
        DemandPagingMemoryManager noSwap = new DemandPagingMemoryManager(small, scheduler,
                MemoryManagerConfig.defaults().withSwap(0));
        ProcessAddressSpace p = noSwap.createAddressSpace("p");
        long va = noSwap.mmap(p, 3 * MIB, MapOptions.DEFAULT);
        assertThat(noSwap.pin(p, va, 3 * MIB)).isEqualTo(PinResult.PINNED);
        MemoryStats before = noSwap.stats();

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> noSwap.requireCopyOnWriteFork().fork(p, "child"))
                .isInstanceOf(IllegalStateException.class);

        assertThat(noSwap.stats()).isEqualTo(before);
        assertThat(noSwap.addressSpace(p.pid() + 1)).isEmpty();
        assertThat(noSwap.translate(p, va, Access.WRITE)).isPresent();
    }

    @Test
    void swappedPagesShareTheirSwapEntryWithTheChild() {
        long va = writtenBuffer(2, (byte) 12);
        mm.reclaim(2 * PAGE);
        AddressSpace child = mm.requireCopyOnWriteFork().fork(parent, "child");
        assertThat(child.entry(va).orElseThrow().swapped()).isTrue();
        assertThat(mm.stats().swappedBytes()).isEqualTo(2 * PAGE);

        assertThat(readByte(child, va)).isEqualTo((byte) 12);
        assertThat(readByte(parent, va)).isEqualTo((byte) 12);
        mm.munmap(child, va, 2 * PAGE);
        assertThat(mm.stats().swappedBytes()).as("the parent's second page still swapped").isEqualTo(PAGE);
    }
}
