package org.iopf.core.mem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.ContentMode;
import org.iopf.api.mem.DevicePagemap;
import org.iopf.api.mem.FaultInResult;
import org.iopf.api.mem.InvalidationReason;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryProtection;
import org.iopf.api.mem.MigratingPage;
import org.iopf.api.mem.MigrationBatch;
import org.iopf.api.mem.MigrationKind;
import org.iopf.api.mem.NumaPolicy;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.Protection;
import org.iopf.api.mem.Vma;
import org.junit.jupiter.api.Test;

/**
 * {@code mprotect} in the OS model (Linux mm/mprotect.c), with the cases of the HMM self-test
 * ({@code tools/testing/selftests/mm/hmm-tests.c}) that use it: the device's access is
 * {@code hmm_range_fault}, here {@link DemandPagingMemoryManager#faultInNow} and
 * {@link DemandPagingMemoryManager#translate}.
 */
final class MprotectTest {
    private static final long MIB = 1L << 20;
    private static final long PAGE = 4096;
    private static final int NPAGES = 16;

    private final ManualScheduler scheduler = new ManualScheduler();
    private final SparsePhysicalMemory dram =
            new SparsePhysicalMemory("dram", SlitNumaTopology.singleNode(64 * MIB), ContentMode.BYTES);
    private final DemandPagingMemoryManager mm =
            new DemandPagingMemoryManager(dram, scheduler, MemoryManagerConfig.defaults().withSwap(0));
    private final MemoryProtection mprotect = mm.requireMemoryProtection();
    private final ProcessAddressSpace proc = mm.createAddressSpace("app");

    private static byte[] ints(int pages, int sign) {
        byte[] data = new byte[pages * (int) PAGE];
        for (int i = 0; i < data.length / 4; i++) {
            int v = sign * i;
            data[4 * i] = (byte) v;
            data[4 * i + 1] = (byte) (v >>> 8);
            data[4 * i + 2] = (byte) (v >>> 16);
            data[4 * i + 3] = (byte) (v >>> 24);
        }
        return data;
    }

    private long map(long length, boolean writable) {
        return mm.mmap(proc, length, MapOptions.DEFAULT.withTransparentHugePages(false).withWritable(writable));
    }

    /** hmm-tests.c {@code anon_read_prot}: a device read of a PROT_NONE range fails (-EFAULT); contents stay. */
    @Test
    void anon_read_prot() {
        long va = map(NPAGES * PAGE, true);
        byte[] data = ints(NPAGES, 1);
        mm.write(proc, va, data, 0, data.length);

        mprotect.mprotect(proc, va, NPAGES * PAGE, Protection.NONE);

        for (long off = 0; off < NPAGES * PAGE; off += PAGE) {
            assertThat(mm.translate(proc, va + off, Access.READ)).isEmpty();
            assertThat(mm.faultInNow(proc, va + off, Access.READ)).isEqualTo(FaultInResult.PROTECTION_VIOLATION);
        }
        byte[] seen = new byte[data.length];
        assertThatThrownBy(() -> mm.read(proc, va, seen, 0, seen.length)).isInstanceOf(MemoryAccessException.class);
        assertThat(proc.entry(va).orElseThrow().present()).as("the frames stay").isTrue();

        mprotect.mprotect(proc, va, NPAGES * PAGE, Protection.READ);
        mm.read(proc, va, seen, 0, seen.length);
        assertThat(seen).isEqualTo(data);
        assertThat(mm.translate(proc, va, Access.WRITE)).isEmpty();
    }

    /** hmm-tests.c {@code anon_write_prot}: a device write to a PROT_READ range fails (-EPERM) until mprotect allows it. */
    @Test
    void anon_write_prot() {
        long va = map(NPAGES * PAGE, false);
        assertThat(mm.faultInNow(proc, va, Access.READ)).as("a zero page").isEqualTo(FaultInResult.ZERO_FILLED);

        for (long off = 0; off < NPAGES * PAGE; off += PAGE) {
            assertThat(mm.faultInNow(proc, va + off, Access.WRITE)).isEqualTo(FaultInResult.PROTECTION_VIOLATION);
        }
        byte[] seen = new byte[NPAGES * (int) PAGE];
        mm.read(proc, va, seen, 0, seen.length);
        assertThat(seen).isEqualTo(new byte[seen.length]);

        mprotect.mprotect(proc, va, NPAGES * PAGE, Protection.READ_WRITE);
        byte[] data = ints(NPAGES, 1);
        for (long off = 0; off < NPAGES * PAGE; off += PAGE) {
            assertThat(mm.faultInNow(proc, va + off, Access.WRITE)).isNotEqualTo(FaultInResult.PROTECTION_VIOLATION);
            assertThat(mm.translate(proc, va + off, Access.WRITE)).isPresent();
        }
        mm.write(proc, va, data, 0, data.length);
        mm.read(proc, va, seen, 0, seen.length);
        assertThat(seen).isEqualTo(data);
    }

    @Test
    void mprotectSplitsTheVmaAndAPartlyCoveredHugePageAndTellsTheNotifiersOnce() {
        long va = mm.mmap(proc, 4 * MIB, MapOptions.DEFAULT.withTransparentHugePages(true));
        long huge = PageSize.HUGE_2M.alignUp(va);
        mm.faultInNow(proc, huge, Access.WRITE);
        assertThat(proc.entry(huge).orElseThrow().size()).isEqualTo(PageSize.HUGE_2M);
        List<InvalidationReason> reasons = new ArrayList<>();
        mm.registerNotifier(proc, (space, range, reason) -> reasons.add(reason));

        mprotect.mprotect(proc, huge + PAGE, PAGE, Protection.READ);

        assertThat(reasons).containsExactly(InvalidationReason.PROTECTION);
        assertThat(proc.vmas()).extracting(Vma::protection).containsExactly(Protection.READ_WRITE,
                Protection.READ, Protection.READ_WRITE);
        assertThat(proc.entry(huge).orElseThrow().size()).as("split").isEqualTo(PageSize.BASE);
        assertThat(mm.translate(proc, huge, Access.WRITE)).isPresent();
        assertThat(mm.translate(proc, huge + PAGE, Access.WRITE)).isEmpty();
        assertThat(mm.translate(proc, huge + PAGE, Access.READ)).isPresent();
        assertThat(mm.translate(proc, huge + 2 * PAGE, Access.WRITE)).isPresent();

        reasons.clear();
        mprotect.mprotect(proc, va + 3 * MIB, PAGE, Protection.NONE);
        assertThat(reasons).as("no page there: nothing to invalidate").isEmpty();
    }

    @Test
    void mprotectOfAnUnmappedRangeIsRefused() {
        long va = map(2 * PAGE, true);
        mm.munmap(proc, va + PAGE, PAGE);
        assertThatThrownBy(() -> mprotect.mprotect(proc, va, 2 * PAGE, Protection.READ))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ENOMEM");
        assertThat(proc.vma(va).orElseThrow().writable()).as("nothing changed").isTrue();
    }

    @Test
    void aPageSharedCopyOnWriteStaysSharedWhenWritePermissionComesBack() {
        long va = map(PAGE, true);
        mm.write(proc, va, ints(1, 1), 0, (int) PAGE);
        mprotect.mprotect(proc, va, PAGE, Protection.READ);
        AddressSpace child = mm.requireCopyOnWriteFork().fork(proc, "child");

        mprotect.mprotect(proc, va, PAGE, Protection.READ_WRITE);

        assertThat(mm.translate(proc, va, Access.WRITE)).as("still shared").isEmpty();
        mm.write(proc, va, new byte[] {1}, 0, 1);
        assertThat(mm.stats().cowFaults()).isEqualTo(1);
        byte[] seen = new byte[(int) PAGE];
        mm.read(child, va, seen, 0, seen.length);
        assertThat(seen).isEqualTo(ints(1, 1));
    }

    @Test
    void aDevicePrivatePageTurnsReadOnlyAndStaysOnTheDeviceAndProtNoneIsNotMigrated() {
        DevicePagemap vram = mm.requireDeviceMemory().addDevicePagemap("vram", 4 * MIB, f -> OptionalLong.empty());
        long va = map(2 * PAGE, true);
        mm.write(proc, va, ints(2, 1), 0, (int) (2 * PAGE));
        MigrationBatch batch = mm.requireDeviceMemory().migrateSetup(proc, va, PAGE, MigrationKind.TO_DEVICE, vram);
        for (MigratingPage page : batch.pages()) {
            long dst = vram.memory().allocateFrame(page.size(), 0, NumaPolicy.ANY).orElseThrow();
            vram.memory().write(dst, dram.capture(page.sourcePa().getAsLong(), page.size().bytes()));
            page.setDestination(dst);
        }
        mm.requireDeviceMemory().migrateCommit(batch);
        mm.requireDeviceMemory().migrateFinalize(batch);

        mprotect.mprotect(proc, va, 2 * PAGE, Protection.READ);
        assertThat(proc.entry(va).orElseThrow().devicePrivate()).isTrue();
        assertThat(proc.entry(va).orElseThrow().writable()).as("a readable device-private entry").isFalse();

        mprotect.mprotect(proc, va + PAGE, PAGE, Protection.NONE);
        MigrationBatch refused = mm.requireDeviceMemory().migrateSetup(proc, va + PAGE, PAGE, MigrationKind.TO_DEVICE,
                vram);
        assertThat(refused.pages()).as("a PROT_NONE VMA is not collected").isEmpty();
        mm.requireDeviceMemory().migrateCommit(refused);
        assertThat(mm.requireDeviceMemory().migrateFinalize(refused).skippedAtSetup()).isEqualTo(1);
    }
}
