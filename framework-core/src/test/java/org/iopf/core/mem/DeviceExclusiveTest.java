package org.iopf.core.mem;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.ContentMode;
import org.iopf.api.mem.DeviceExclusiveEntry;
import org.iopf.api.mem.DeviceMemory;
import org.iopf.api.mem.DevicePagemap;
import org.iopf.api.mem.FaultInResult;
import org.iopf.api.mem.FaultedPage;
import org.iopf.api.mem.InvalidationReason;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MigrationBatch;
import org.iopf.api.mem.MigrationKind;
import org.iopf.api.mem.PageSize;
import org.junit.jupiter.api.Test;

/**
 * Device-exclusive entries in the OS model (Linux {@code make_device_exclusive}, mm/rmap.c;
 * {@code remove_device_exclusive_entry} and {@code copy_nonpresent_pte}, mm/memory.c;
 * {@code migrate_vma_collect_pmd}, mm/migrate_device.c).
 */
final class DeviceExclusiveTest {
    private static final long MIB = 1L << 20;
    private static final long PAGE = 4096;

    private final ManualScheduler scheduler = new ManualScheduler();
    private final SparsePhysicalMemory dram =
            new SparsePhysicalMemory("dram", SlitNumaTopology.singleNode(64 * MIB), ContentMode.BYTES);
    private final MemoryManagerConfig config = MemoryManagerConfig.defaults().withSwap(0);
    private final DemandPagingMemoryManager mm = new DemandPagingMemoryManager(dram, scheduler, config);
    private final DeviceMemory device = mm.requireDeviceMemory();
    private final ProcessAddressSpace proc = mm.createAddressSpace("app");
    private final DevicePagemap vram = device.addDevicePagemap("gpu0-vram", 32 * MIB, fault -> OptionalLong.empty());
    private final List<InvalidationReason> heard = new ArrayList<>();

    private long map(long length, MapOptions options) {
        long va = mm.mmap(proc, length, options);
        mm.registerNotifier(proc, (space, range, reason) -> heard.add(reason));
        return va;
    }

    @Test
    void theCpuEntryGoesTheFrameStaysAndACpuReadRestoresItAfterTellingTheNotifiers() {
        long va = map(4 * PAGE, MapOptions.DEFAULT.withTransparentHugePages(false));
        byte[] data = {1, 2, 3, 4};
        mm.write(proc, va + PAGE, data, 0, data.length);
        long pa = mm.translate(proc, va + PAGE, Access.READ).orElseThrow();

        DeviceExclusiveEntry entry = device.makeDeviceExclusive(proc, va + PAGE + 5, vram).orElseThrow();

        assertThat(entry).isEqualTo(new DeviceExclusiveEntry(vram, va + PAGE, pa));
        assertThat(heard).containsExactly(InvalidationReason.EXCLUSIVE);
        assertThat(mm.translate(proc, va + PAGE, Access.READ)).isEmpty();
        assertThat(proc.entry(va + PAGE).orElseThrow().present()).as("the CPU entry is not present").isFalse();
        assertThat(device.deviceExclusiveEntry(proc, va + PAGE)).contains(entry);
        long minorBefore = mm.stats().minorFaults();

        byte[] seen = new byte[4];
        mm.read(proc, va + PAGE, seen, 0, seen.length);

        assertThat(seen).isEqualTo(data);
        assertThat(heard).containsExactly(InvalidationReason.EXCLUSIVE, InvalidationReason.EXCLUSIVE);
        assertThat(device.deviceExclusiveEntry(proc, va + PAGE)).isEmpty();
        assertThat(mm.translate(proc, va + PAGE, Access.WRITE)).as("restored writable, same frame").hasValue(pa);
        assertThat(mm.stats().minorFaults()).as("the restore is a minor fault").isEqualTo(minorBefore + 1);
    }

    @Test
    void aNeverTouchedPageIsFaultedInForWritingAndAFaultOnTheEntryCostsAMinorFault() {
        long va = map(4 * PAGE, MapOptions.DEFAULT.withTransparentHugePages(false));
        assertThat(device.makeDeviceExclusive(proc, va, vram)).isPresent();
        List<FaultedPage> done = new ArrayList<>();

        mm.faultIn(proc, va, Access.WRITE, done::add);
        scheduler.runAll();

        assertThat(scheduler.now()).isEqualTo(config.minorFaultNanos());
        assertThat(done).singleElement().satisfies(f -> assertThat(f.result()).isEqualTo(FaultInResult.ALREADY_PRESENT));
        assertThat(device.deviceExclusiveEntry(proc, va)).isEmpty();
    }

    @Test
    void onlyWritableAnonymousPrivateMemoryCanBeMadeExclusive() {
        long readOnly = map(PAGE, MapOptions.DEFAULT.withWritable(false));
        long shared = map(PAGE, MapOptions.DEFAULT.withShared(true));

        assertThat(device.makeDeviceExclusive(proc, readOnly, vram)).as("FOLL_WRITE fails: -EFAULT").isEmpty();
        assertThat(device.makeDeviceExclusive(proc, shared, vram)).as("not anonymous: -EOPNOTSUPP").isEmpty();
        assertThat(device.makeDeviceExclusive(proc, readOnly + 64 * MIB, vram)).as("no VMA").isEmpty();
    }

    @Test
    void aHugePageIsSplitAndOnlyTheBasePageBecomesExclusive() {
        long va = map(PageSize.HUGE_2M.bytes(), MapOptions.DEFAULT.withTransparentHugePages(true));
        mm.faultInNow(proc, va, Access.WRITE);
        assertThat(proc.entry(va).orElseThrow().size()).isEqualTo(PageSize.HUGE_2M);

        device.makeDeviceExclusive(proc, va + 3 * PAGE, vram).orElseThrow();

        assertThat(proc.entry(va).orElseThrow().size()).as("FOLL_SPLIT_PMD").isEqualTo(PageSize.BASE);
        assertThat(mm.translate(proc, va + 2 * PAGE, Access.WRITE)).isPresent();
        assertThat(mm.translate(proc, va + 3 * PAGE, Access.READ)).isEmpty();
    }

    @Test
    void aDeviceMigrationDoesNotCollectAnExclusivePage() {
        long va = map(4 * PAGE, MapOptions.DEFAULT.withTransparentHugePages(false));
        mm.fill(proc, va, 4 * PAGE, 9);
        device.makeDeviceExclusive(proc, va + PAGE, vram).orElseThrow();

        MigrationBatch batch = device.migrateSetup(proc, va, 4 * PAGE, MigrationKind.TO_DEVICE, vram);

        assertThat(batch.pages()).extracting(p -> p.va()).containsExactly(va, va + 2 * PAGE, va + 3 * PAGE);
        assertThat(device.deviceExclusiveEntry(proc, va + PAGE)).isPresent();
    }

    @Test
    void forkRestoresTheEntryAndSharesThePageCopyOnWrite() {
        long va = map(PAGE, MapOptions.DEFAULT.withTransparentHugePages(false));
        mm.fill(proc, va, PAGE, 3);
        long pa = device.makeDeviceExclusive(proc, va, vram).orElseThrow().pa();
        heard.clear();

        ProcessAddressSpace child = (ProcessAddressSpace) mm.requireCopyOnWriteFork().fork(proc, "child");

        assertThat(heard).as("the fork's write protection tells the device").contains(InvalidationReason.PROTECTION);
        assertThat(device.deviceExclusiveEntry(proc, va)).isEmpty();
        assertThat(mm.translate(proc, va, Access.READ)).hasValue(pa);
        assertThat(mm.translate(child, va, Access.READ)).hasValue(pa);
        assertThat(mm.translate(proc, va, Access.WRITE)).as("shared copy-on-write").isEmpty();
    }

    @Test
    void willNeedAdviceLeavesTheEntry() {
        long va = map(2 * PAGE, MapOptions.DEFAULT.withTransparentHugePages(false));
        device.makeDeviceExclusive(proc, va, vram).orElseThrow();

        mm.advise(proc, va, 2 * PAGE, org.iopf.api.mem.Advice.WILL_NEED);

        assertThat(device.deviceExclusiveEntry(proc, va)).isPresent();
        assertThat(mm.translate(proc, va + PAGE, Access.READ)).as("the other page was faulted in").isPresent();
    }

    @Test
    void munmapDropsTheEntry() {
        long va = map(2 * PAGE, MapOptions.DEFAULT.withTransparentHugePages(false));
        device.makeDeviceExclusive(proc, va, vram).orElseThrow();
        heard.clear();

        mm.munmap(proc, va, 2 * PAGE);

        assertThat(heard).containsExactly(InvalidationReason.UNMAP);
        assertThat(proc.entry(va)).isEmpty();
    }
}
