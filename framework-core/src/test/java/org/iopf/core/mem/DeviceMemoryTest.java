package org.iopf.core.mem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicReference;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.Advice;
import org.iopf.api.mem.ContentMode;
import org.iopf.api.mem.DevicePagemap;
import org.iopf.api.mem.DevicePrivateFault;
import org.iopf.api.mem.FaultInResult;
import org.iopf.api.mem.InvalidationReason;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MigratingPage;
import org.iopf.api.mem.MigratingPageState;
import org.iopf.api.mem.MigrationBatch;
import org.iopf.api.mem.MigrationKind;
import org.iopf.api.mem.MigrationResult;
import org.iopf.api.mem.NumaPolicy;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PinResult;
import org.junit.jupiter.api.Test;

/** Device-private memory: migration to and from a device, fault-back, mirror mode, races. */
final class DeviceMemoryTest {
    private static final long MIB = 1L << 20;
    private static final long PAGE = 4096;
    private static final long FAULT_BACK_NANOS = 7_000;

    private final ManualScheduler scheduler = new ManualScheduler();
    private final SparsePhysicalMemory dram =
            new SparsePhysicalMemory("dram", SlitNumaTopology.singleNode(64 * MIB), ContentMode.BYTES);
    private final DemandPagingMemoryManager mm =
            new DemandPagingMemoryManager(dram, scheduler, MemoryManagerConfig.defaults().withSwap(0));
    private final ProcessAddressSpace proc = mm.createAddressSpace("app");
    private final List<DevicePrivateFault> faults = new ArrayList<>();
    private final DevicePagemap vram = mm.requireDeviceMemory().addDevicePagemap("gpu0-vram", 32 * MIB, this::migrateToRam);

    /** The test's driver callback: migrates the faulting page back, copy and all. */
    private OptionalLong migrateToRam(DevicePrivateFault fault) {
        faults.add(fault);
        long page = PageSize.BASE.alignDown(fault.va());
        MigrationBatch batch = mm.requireDeviceMemory().migrateSetup(fault.space(), page, PAGE, MigrationKind.TO_RAM, vram);
        copy(batch);
        mm.requireDeviceMemory().migrateCommit(batch);
        MigrationResult result = mm.requireDeviceMemory().migrateFinalize(batch);
        return result.migratedPages() == 0 ? OptionalLong.empty() : OptionalLong.of(scheduler.now() + FAULT_BACK_NANOS);
    }

    private void copy(MigrationBatch batch) {
        boolean toRam = batch.kind() == MigrationKind.TO_RAM;
        for (MigratingPage page : batch.pages()) {
            if (!toRam) {
                page.setDestination(vram.memory().allocateFrame(page.size(), 0, NumaPolicy.ANY).orElseThrow());
            }
            if (page.sourcePa().isEmpty()) {
                vram.memory().zero(page.destinationPa().getAsLong(), page.size().bytes());
            } else if (toRam) {
                dram.write(page.destinationPa().getAsLong(), vram.memory().capture(page.sourcePa().getAsLong(), page.size().bytes()));
            } else {
                vram.memory().write(page.destinationPa().getAsLong(), dram.capture(page.sourcePa().getAsLong(), page.size().bytes()));
            }
        }
    }

    private MigrationResult migrate(long va, long length, MigrationKind kind) {
        MigrationBatch batch = mm.requireDeviceMemory().migrateSetup(proc, va, length, kind, vram);
        copy(batch);
        mm.requireDeviceMemory().migrateCommit(batch);
        return mm.requireDeviceMemory().migrateFinalize(batch);
    }

    private static byte[] pattern(int length, int salt) {
        byte[] data = new byte[length];
        for (int i = 0; i < length; i++) {
            data[i] = (byte) ((i * 31) ^ (i >>> 7) ^ salt);
        }
        return data;
    }

    private long mapBase(long length) {
        return mm.mmap(proc, length, MapOptions.DEFAULT.withTransparentHugePages(false));
    }

    @Test
    void migratedPagesAreDevicePrivateAndACpuReadFaultsThemBackWithIdenticalContents() {
        long va = mapBase(MIB);
        byte[] data = pattern((int) MIB, 1);
        mm.write(proc, va, data, 0, data.length);
        long freeBefore = dram.freeBytes();

        MigrationResult result = migrate(va, MIB, MigrationKind.TO_DEVICE);

        assertThat(result.migratedPages()).isEqualTo(256);
        assertThat(result.migratedBytes()).isEqualTo(MIB);
        assertThat(dram.freeBytes()).isEqualTo(freeBefore + MIB);
        assertThat(proc.residentBytes()).isZero();
        assertThat(proc.entry(va).orElseThrow().devicePrivate()).isTrue();
        assertThat(proc.entry(va).orElseThrow().present()).isFalse();
        assertThat(mm.requireDeviceMemory().devicePrivateEntry(proc, va + 5).orElseThrow().pagemap()).isSameAs(vram);
        assertThat(mm.translate(proc, va, Access.READ)).as("translate never faults").isEmpty();
        assertThat(vram.memory().freeBytes()).isEqualTo(31 * MIB);

        byte[] back = new byte[data.length];
        mm.read(proc, va, back, 0, back.length);

        assertThat(back).isEqualTo(data);
        assertThat(faults).hasSize(256);
        assertThat(mm.deviceFaultBacks()).isEqualTo(256);
        assertThat(proc.entry(va).orElseThrow().devicePrivate()).isFalse();
        assertThat(vram.memory().freeBytes()).isEqualTo(32 * MIB);
        assertThat(proc.residentBytes()).isEqualTo(MIB);
    }

    @Test
    void forkKeepsDevicePrivatePagesOnTheDeviceSharedReadOnlyAndSharesMirroredOnesWithoutTheMirror() {
        long va = mapBase(4 * PAGE);
        byte[] data = pattern((int) (4 * PAGE), 3);
        mm.write(proc, va, data, 0, data.length);
        migrate(va, 2 * PAGE, MigrationKind.TO_DEVICE);
        migrate(va + 2 * PAGE, 2 * PAGE, MigrationKind.MIRROR_TO_DEVICE);
        List<InvalidationReason> reasons = new ArrayList<>();
        mm.registerNotifier(proc, (space, range, reason) -> reasons.add(reason));
        long vramFree = vram.memory().freeBytes();

        AddressSpace child = mm.requireCopyOnWriteFork().fork(proc, "child");

        assertThat(reasons).as("the device drops its mirror, writable translations go").containsExactly(
                InvalidationReason.PROTECTION);
        assertThat(proc.entry(va).orElseThrow().devicePrivate()).as("the parent's pages stay on the device").isTrue();
        assertThat(child.entry(va).orElseThrow().devicePrivate()).as("so do the child's (copy_nonpresent_pte)").isTrue();
        assertThat(mm.requireDeviceMemory().devicePrivateEntry(child, va))
                .as("the same device frame").isEqualTo(mm.requireDeviceMemory().devicePrivateEntry(proc, va));
        assertThat(proc.entry(va).orElseThrow().writable()).as("readable device-private entry").isFalse();
        assertThat(child.entry(va).orElseThrow().writable()).isFalse();
        assertThat(vram.memory().freeBytes()).as("no device frame copied").isEqualTo(vramFree);
        assertThat(mm.translate(proc, va + 2 * PAGE, Access.WRITE)).as("mirrored page now shared").isEmpty();

        byte[] seen = new byte[data.length];
        mm.read(child, va, seen, 0, seen.length);
        assertThat(seen).isEqualTo(data);
        assertThat(faults).as("the child's read faults each device page back").hasSize(2);
        assertThat(proc.entry(va).orElseThrow().devicePrivate()).as("back for both sharers").isFalse();
        assertThat(proc.entry(va).orElseThrow().pa()).as("still one shared frame")
                .isEqualTo(child.entry(va).orElseThrow().pa());
        assertThat(mm.translate(proc, va, Access.WRITE)).as("still copy-on-write").isEmpty();
        assertThat(vram.memory().freeBytes()).as("the two device frames are free (the mirror copies stay)")
                .isEqualTo(vramFree + 2 * PAGE);

        mm.write(proc, va + 2 * PAGE, new byte[] {(byte) ~data[(int) (2 * PAGE)]}, 0, 1);
        mm.read(child, va, seen, 0, seen.length);
        assertThat(seen).isEqualTo(data);
        assertThat(mm.stats().cowFaults()).isEqualTo(1);
    }

    /** hmm-tests.c {@code hmm_cow_in_device}: a write to a forked device page migrates it back, then copies it. */
    @Test
    void hmm_cow_in_device() {
        long va = mapBase(4 * PAGE);
        byte[] data = pattern((int) (4 * PAGE), 9);
        mm.write(proc, va, data, 0, data.length);
        migrate(va, 4 * PAGE, MigrationKind.TO_DEVICE);
        AddressSpace child = mm.requireCopyOnWriteFork().fork(proc, "child");
        long residentBefore = mm.stats().residentBytes();

        byte[] ones = pattern((int) (4 * PAGE), 10);
        mm.write(proc, va, ones, 0, ones.length);

        assertThat(faults).as("one fault-back per page").hasSize(4);
        assertThat(mm.stats().cowFaults()).as("then one copy per page").isEqualTo(4);
        for (long off = 0; off < 4 * PAGE; off += PAGE) {
            assertThat(proc.entry(va + off).orElseThrow().writable()).as("HMM_DMIRROR_PROT_WRITE").isTrue();
            assertThat(child.entry(va + off).orElseThrow().present()).as("the child keeps the old frame").isTrue();
        }
        assertThat(mm.stats().residentBytes()).as("two frames per page").isEqualTo(residentBefore + 8 * PAGE);
        byte[] seen = new byte[data.length];
        mm.read(child, va, seen, 0, seen.length);
        assertThat(seen).isEqualTo(data);
        mm.read(proc, va, seen, 0, seen.length);
        assertThat(seen).isEqualTo(ones);
        assertThat(mm.stats().cowReuses()).isZero();
        mm.write(child, va, ones, 0, 1);
        assertThat(mm.stats().cowReuses()).as("the child, last sharer, takes its page back").isEqualTo(1);
    }

    @Test
    void faultInWriteOnAForkedDevicePageCostsTheFaultBackThenTheCopy() {
        long va = mapBase(PAGE);
        mm.write(proc, va, pattern((int) PAGE, 4), 0, (int) PAGE);
        migrate(va, PAGE, MigrationKind.TO_DEVICE);
        mm.requireCopyOnWriteFork().fork(proc, "child");
        List<Long> at = new ArrayList<>();

        mm.faultIn(proc, va, Access.WRITE, r -> at.add(scheduler.now()));
        scheduler.runAll();

        assertThat(at).containsExactly(FAULT_BACK_NANOS + mm.config().cowFaultNanos());
        assertThat(mm.translate(proc, va, Access.WRITE)).isPresent();
    }

    @Test
    void munmapOfOneSharerOfAForkedDevicePageFreesTheDeviceFrameOnlyWithTheLast() {
        long va = mapBase(PAGE);
        mm.write(proc, va, pattern((int) PAGE, 5), 0, (int) PAGE);
        migrate(va, PAGE, MigrationKind.TO_DEVICE);
        AddressSpace child = mm.requireCopyOnWriteFork().fork(proc, "child");

        mm.munmap(proc, va, PAGE);
        assertThat(vram.memory().freeBytes()).isEqualTo(32 * MIB - PAGE);
        assertThat(child.entry(va).orElseThrow().devicePrivate()).isTrue();
        mm.munmap(child, va, PAGE);
        assertThat(vram.memory().freeBytes()).isEqualTo(32 * MIB);
    }

    @Test
    void faultInOnADevicePrivatePageCompletesWhenTheOwnerSaysTheCopyIsDone() {
        long va = mapBase(PAGE);
        mm.write(proc, va, pattern((int) PAGE, 2), 0, (int) PAGE);
        migrate(va, PAGE, MigrationKind.TO_DEVICE);
        AtomicReference<FaultInResult> outcome = new AtomicReference<>();
        List<Long> at = new ArrayList<>();

        mm.faultIn(proc, va, Access.WRITE, r -> {
            outcome.set(r.result());
            at.add(scheduler.now());
        });
        scheduler.runAll();

        assertThat(outcome.get()).isEqualTo(FaultInResult.SWAPPED_IN);
        assertThat(at).containsExactly(FAULT_BACK_NANOS);
        assertThat(faults.get(0).access()).isEqualTo(Access.WRITE);
        assertThat(proc.entry(va).orElseThrow().dirty()).isTrue();
    }

    @Test
    void kernelStyleAccessesAndPinningFaultBackToo() {
        long va = mapBase(2 * PAGE);
        mm.write(proc, va, pattern((int) (2 * PAGE), 3), 0, (int) (2 * PAGE));
        migrate(va, 2 * PAGE, MigrationKind.TO_DEVICE);

        mm.write(proc, va + 10, new byte[] {42}, 0, 1);
        assertThat(mm.pin(proc, va + PAGE, PAGE)).isEqualTo(PinResult.PINNED);

        assertThat(faults).extracting(f -> PageSize.BASE.alignDown(f.va())).containsExactly(va, va + PAGE);
        byte[] one = new byte[1];
        mm.read(proc, va + 10, one, 0, 1);
        assertThat(one[0]).isEqualTo((byte) 42);
    }

    @Test
    void aPageTheCpuTouchesBetweenSetupAndCommitIsSkippedAndKeepsTheCpuWrite() {
        long va = mapBase(4 * PAGE);
        byte[] data = pattern((int) (4 * PAGE), 4);
        mm.write(proc, va, data, 0, data.length);
        MigrationBatch batch = mm.requireDeviceMemory().migrateSetup(proc, va, 4 * PAGE, MigrationKind.TO_DEVICE, vram);
        copy(batch);

        mm.write(proc, va + PAGE + 1, new byte[] {7}, 0, 1);
        mm.requireDeviceMemory().migrateCommit(batch);
        MigrationResult result = mm.requireDeviceMemory().migrateFinalize(batch);

        assertThat(result.migratedPages()).isEqualTo(3);
        assertThat(result.skippedPages()).isEqualTo(1);
        assertThat(batch.pages().get(1).state()).isEqualTo(MigratingPageState.SKIPPED);
        assertThat(proc.entry(va + PAGE).orElseThrow().present()).isTrue();
        assertThat(vram.memory().freeBytes()).as("the skipped page's device frame is freed").isEqualTo(32 * MIB - 3 * PAGE);
        data[(int) PAGE + 1] = 7;
        byte[] back = new byte[data.length];
        mm.read(proc, va, back, 0, back.length);
        assertThat(back).isEqualTo(data);
    }

    @Test
    void setupInvalidatesTheRangeThroughTheNotifiersFirst() {
        long va = mapBase(2 * PAGE);
        mm.write(proc, va, new byte[] {1}, 0, 1);
        List<String> seen = new ArrayList<>();
        mm.registerNotifier(proc, (s, range, why) -> seen.add(why + " " + range.length() + " present="
                + s.entry(range.start()).orElseThrow().present()));

        migrate(va, 2 * PAGE, MigrationKind.TO_DEVICE);

        assertThat(seen).containsExactly(InvalidationReason.MIGRATE + " 8192 present=true");
    }

    @Test
    void neverTouchedPagesMigrateAsZeroPagesAndPinnedOnesStay() {
        long va = mapBase(4 * PAGE);
        mm.write(proc, va, new byte[] {9}, 0, 1);
        assertThat(mm.pin(proc, va, PAGE)).isEqualTo(PinResult.PINNED);

        MigrationResult result = migrate(va, 4 * PAGE, MigrationKind.TO_DEVICE);

        assertThat(result.migratedPages()).isEqualTo(3);
        assertThat(result.skippedAtSetup()).isEqualTo(1);
        assertThat(proc.entry(va).orElseThrow().present()).isTrue();
        assertThat(proc.entry(va + 3 * PAGE).orElseThrow().devicePrivate()).isTrue();
        byte[] back = new byte[(int) PAGE];
        mm.read(proc, va + 2 * PAGE, back, 0, back.length);
        assertThat(back).containsOnly((byte) 0);
        assertThat(mm.stats().minorFaults()).as("the page came from the device, no zero-fill").isEqualTo(1);
    }

    @Test
    void partOfAHugePageMigratesAfterASplitAndTheRestStaysResident() {
        long va = mm.mmap(proc, 2 * MIB, MapOptions.DEFAULT.withTransparentHugePages(true));
        byte[] data = pattern((int) (2 * MIB), 5);
        mm.write(proc, va, data, 0, data.length);
        assertThat(proc.entry(va).orElseThrow().size()).isEqualTo(PageSize.HUGE_2M);

        MigrationResult result = migrate(va + MIB, 256 * 1024, MigrationKind.TO_DEVICE);

        assertThat(result.migratedPages()).isEqualTo(64);
        assertThat(proc.entry(va).orElseThrow().present()).isTrue();
        assertThat(proc.entry(va + MIB).orElseThrow().devicePrivate()).isTrue();
        assertThat(proc.residentBytes()).isEqualTo(2 * MIB - 256 * 1024);
        byte[] back = new byte[data.length];
        mm.read(proc, va, back, 0, back.length);
        assertThat(back).isEqualTo(data);
    }

    @Test
    void aWholeHugePageMigratesAsOneEntryAndComesBackWhole() {
        long va = mm.mmap(proc, 2 * MIB, MapOptions.DEFAULT.withTransparentHugePages(true));
        byte[] data = pattern((int) (2 * MIB), 6);
        mm.write(proc, va, data, 0, data.length);

        MigrationBatch batch = mm.requireDeviceMemory().migrateSetup(proc, va, 2 * MIB, MigrationKind.TO_DEVICE, vram);
        assertThat(batch.pages()).singleElement().extracting(MigratingPage::size).isEqualTo(PageSize.HUGE_2M);
        copy(batch);
        mm.requireDeviceMemory().migrateCommit(batch);
        mm.requireDeviceMemory().migrateFinalize(batch);
        MigrationResult back = migrate(va, 2 * MIB, MigrationKind.TO_RAM);

        assertThat(back.migratedPages()).isEqualTo(512);
        assertThat(proc.entry(va).orElseThrow().size()).isEqualTo(PageSize.HUGE_2M);
        byte[] read = new byte[data.length];
        mm.read(proc, va, read, 0, read.length);
        assertThat(read).isEqualTo(data);
        assertThat(faults).isEmpty();
    }

    @Test
    void mirrorModeKeepsBothCopiesReadableUntilACpuWriteEndsTheMirror() {
        long va = mapBase(2 * PAGE);
        byte[] data = pattern((int) (2 * PAGE), 8);
        mm.write(proc, va, data, 0, data.length);
        List<String> seen = new ArrayList<>();
        mm.registerNotifier(proc, (s, range, why) -> seen.add(why + " " + range));

        MigrationResult result = migrate(va, 2 * PAGE, MigrationKind.MIRROR_TO_DEVICE);

        assertThat(result.migratedPages()).isEqualTo(2);
        assertThat(proc.entry(va).orElseThrow().present()).isTrue();
        assertThat(proc.entry(va).orElseThrow().writable()).isFalse();
        assertThat(mm.translate(proc, va, Access.READ).orElse(-1)).isNotEqualTo(-1);
        assertThat(mm.translate(proc, va, Access.WRITE)).isEmpty();
        byte[] back = new byte[data.length];
        mm.read(proc, va, back, 0, back.length);
        assertThat(back).isEqualTo(data);
        assertThat(faults).as("reads of a mirrored page do not fault").isEmpty();
        seen.clear();

        mm.write(proc, va + PAGE, new byte[] {1}, 0, 1);

        assertThat(seen).containsExactly(InvalidationReason.PROTECTION + " [0x" + Long.toHexString(va + PAGE)
                + ", 0x" + Long.toHexString(va + 2 * PAGE) + ")");
        assertThat(proc.entry(va + PAGE).orElseThrow().writable()).isTrue();
        assertThat(proc.entry(va).orElseThrow().writable()).isFalse();
    }

    @Test
    void migratingBackWithoutAFreeSystemFrameReportsOutOfMemory() {
        long va = mapBase(PAGE);
        mm.write(proc, va, new byte[] {1}, 0, 1);
        migrate(va, PAGE, MigrationKind.TO_DEVICE);
        long rest = dram.freeBytes();
        mm.advise(proc, mapBase(rest), rest, Advice.WILL_NEED);
        assertThat(dram.freeBytes()).isZero();

        MigrationBatch batch = mm.requireDeviceMemory().migrateSetup(proc, va, PAGE, MigrationKind.TO_RAM, vram);

        assertThat(batch.outOfMemoryPages()).isEqualTo(1);
        assertThat(batch.pages()).isEmpty();
        assertThat(mm.faultInNow(proc, va, Access.READ)).isEqualTo(FaultInResult.OUT_OF_MEMORY);
    }

    @Test
    void munmapFreesTheDeviceFramesAndCommitTwiceIsRefused() {
        long va = mapBase(4 * PAGE);
        mm.write(proc, va, new byte[] {1}, 0, 1);
        MigrationBatch batch = mm.requireDeviceMemory().migrateSetup(proc, va, 4 * PAGE, MigrationKind.TO_DEVICE, vram);
        copy(batch);
        mm.requireDeviceMemory().migrateCommit(batch);
        assertThatThrownBy(() -> mm.requireDeviceMemory().migrateCommit(batch)).isInstanceOf(IllegalStateException.class);
        mm.requireDeviceMemory().migrateFinalize(batch);

        mm.munmap(proc, va, 4 * PAGE);

        assertThat(vram.memory().freeBytes()).isEqualTo(32 * MIB);
        assertThat(proc.pageTableEntries()).isZero();
    }

    @Test
    void unmappingAPageInAMigrationSkipsIt() {
        long va = mapBase(2 * PAGE);
        mm.write(proc, va, new byte[(int) (2 * PAGE)], 0, (int) (2 * PAGE));
        long free = dram.freeBytes();
        MigrationBatch batch = mm.requireDeviceMemory().migrateSetup(proc, va, 2 * PAGE, MigrationKind.TO_DEVICE, vram);
        copy(batch);

        mm.munmap(proc, va, PAGE);
        mm.requireDeviceMemory().migrateCommit(batch);
        MigrationResult result = mm.requireDeviceMemory().migrateFinalize(batch);

        assertThat(result.migratedPages()).isEqualTo(1);
        assertThat(result.skippedPages()).isEqualTo(1);
        assertThat(dram.freeBytes()).isEqualTo(free + 2 * PAGE);
        assertThat(vram.memory().freeBytes()).isEqualTo(32 * MIB - PAGE);
    }

    @Test
    void numaMigrationLeavesPagesInAMirrorBatchAndEndsTheMirrorOfMovedPages() {
        SparsePhysicalMemory two = new SparsePhysicalMemory("dram2", SlitNumaTopology.uniform(2, 32 * MIB, 16),
                ContentMode.BYTES);
        DemandPagingMemoryManager m = new DemandPagingMemoryManager(two, scheduler, MemoryManagerConfig.defaults());
        ProcessAddressSpace app = m.createAddressSpace("app");
        DevicePagemap dev = m.requireDeviceMemory().addDevicePagemap("dev", 4 * MIB, fault -> OptionalLong.empty());
        long va = m.mmap(app, 2 * PAGE, MapOptions.DEFAULT.onNumaNode(0, NumaPolicy.STRICT_LOCAL));
        m.write(app, va, new byte[] {5}, 0, 1);
        m.write(app, va + PAGE, new byte[] {6}, 0, 1);
        MigrationBatch first = m.requireDeviceMemory().migrateSetup(app, va, PAGE, MigrationKind.MIRROR_TO_DEVICE, dev);
        first.pages().get(0).setDestination(dev.memory().allocateFrame(PageSize.BASE, 0, NumaPolicy.ANY).orElseThrow());
        m.requireDeviceMemory().migrateCommit(first);
        m.requireDeviceMemory().migrateFinalize(first);
        MigrationBatch second = m.requireDeviceMemory().migrateSetup(app, va + PAGE, PAGE, MigrationKind.MIRROR_TO_DEVICE, dev);

        long moved = m.migrate(app, va, 2 * PAGE, 1);

        assertThat(moved).as("only the committed mirror moves; the collected page stays").isEqualTo(PAGE);
        assertThat(app.entry(va).orElseThrow().writable()).as("a moved page is no longer mirrored").isTrue();
        assertThat(two.numaNodeOf(app.entry(va + PAGE).orElseThrow().pa())).isZero();
        assertThat(second.pages().get(0).sourcePa()).hasValue(app.entry(va + PAGE).orElseThrow().pa());
    }
}
