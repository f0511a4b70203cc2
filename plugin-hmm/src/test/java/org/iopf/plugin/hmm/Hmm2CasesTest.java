package org.iopf.plugin.hmm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.MemoryProtection;
import org.iopf.api.mem.Protection;
import org.junit.jupiter.api.Test;

/**
 * Cases of the HMM self-test's {@code hmm2} fixture ({@code tools/testing/selftests/mm/hmm-tests.c}:
 * two device files, here two {@code hmm-device}s {@code gpu0} and {@code gpu1} of one node, each its
 * own pagemap): {@code double_map} and {@code migrate_mixed}. The self-test's device read
 * ({@code HMM_DMIRROR_READ} into {@code mirror}) is a kernel ({@link HmmDevice#compute}) copying the
 * buffer to a second one; its migration ({@code HMM_DMIRROR_MIGRATE_TO_DEV}) is
 * {@link HmmDevice#migrateToDevice}, its {@code cpages} the summary's migrated pages.
 */
final class Hmm2CasesTest {
    private static final long PAGE = 4096;
    private static final String DEVICE = "deviceMemory: 64MiB, batchSize: 1MiB";
    private static final String MEMORY = "{numa: [1GiB], content: bytes}";

    /**
     * {@code double_map}: both devices read the same read-only memory; after it migrates to device 1,
     * device 0's read faults it back from device 1 (its {@code hmm_range_fault} does not accept
     * another owner's device-private page) and reads the same values.
     */
    @Test
    void double_map() {
        int npages = 6;
        long size = npages * PAGE;
        List<Object> seen = new ArrayList<>();
        HmmHarness.Outcome out = HmmHarness.runTwo(DEVICE, MEMORY, (c, gpu0, gpu1) -> {
            MemoryManager mm = c.requireNode("node1").memoryManager();
            AddressSpace p = mm.createAddressSpace("app");
            long va = mm.mmap(p, size, MapOptions.DEFAULT);
            long mirror0 = mm.mmap(p, size, MapOptions.DEFAULT);
            long mirror1 = mm.mmap(p, size, MapOptions.DEFAULT);
            long mirror2 = mm.mmap(p, size, MapOptions.DEFAULT);
            for (long m : new long[] {mirror0, mirror1, mirror2}) {
                mm.fill(p, m, size, 5);
            }
            mm.write(p, va, SelftestBuffers.ints(npages * PAGE, 0), 0, (int) size);
            mm.requireMemoryProtection().mprotect(p, va, size, Protection.READ);
            gpu0.compute(p, va, mirror0, size, r0 -> gpu1.compute(p, va, mirror1, size, r1 ->
                    gpu1.migrateToDevice(p, va, size, m -> {
                        seen.add(m);
                        seen.add(gpu1.deviceMemory().devicePrivateEntry(p, va).isPresent());
                        gpu0.compute(p, va, mirror2, size, r2 -> {
                            seen.add(r2);
                            seen.add(SelftestBuffers.read(mm, p, mirror0, size));
                            seen.add(SelftestBuffers.read(mm, p, mirror1, size));
                            seen.add(SelftestBuffers.read(mm, p, mirror2, size));
                            c.finish();
                        });
                    })));
        });

        MigrationSummary migrated = (MigrationSummary) seen.get(0);
        ComputeSummary third = (ComputeSummary) seen.get(2);
        assertThat(migrated.migratedBytes()).as("cpages: read-only pages migrate too").isEqualTo(size);
        assertThat(seen.get(1)).isEqualTo(true);
        assertThat(third.errors()).isZero();
        assertThat(third.deviceFaults()).as("device 0 faults each of device 1's pages").isEqualTo(npages);
        assertThat(out.figure("node1.gpu1.faultBacks")).as("back from device 1, one per page").isEqualTo(npages);
        assertThat((byte[]) seen.get(3)).as("device 0 read").isEqualTo(SelftestBuffers.ints(npages * PAGE, 0));
        assertThat((byte[]) seen.get(4)).as("device 1 read").isEqualTo(SelftestBuffers.ints(npages * PAGE, 0));
        assertThat((byte[]) seen.get(5)).as("device 0 read after the migration to device 1").isEqualTo(SelftestBuffers.ints(npages * PAGE, 0));
    }

    /**
     * {@code migrate_mixed}: a {@code PROT_NONE} range does not migrate, nor a range with a hole
     * where it is unmapped; a read-only zero page, a read-only page and two read-write pages
     * migrate to device 1 (4 pages); a page on device 1 is not collected by device 0.
     */
    @Test
    void migrate_mixed() {
        List<MigrationSummary> seen = new ArrayList<>();
        HmmHarness.runTwo(DEVICE, MEMORY, (c, gpu0, gpu1) -> {
            MemoryManager mm = c.requireNode("node1").memoryManager();
            MemoryProtection prot = mm.requireMemoryProtection();
            AddressSpace p = mm.createAddressSpace("app");
            long va = mm.mmap(p, 6 * PAGE, MapOptions.DEFAULT);
            prot.mprotect(p, va, 6 * PAGE, Protection.NONE);
            gpu1.migrateToDevice(p, va, 6 * PAGE, none -> {
                seen.add(none);
                mm.munmap(p, va + PAGE, PAGE);
                gpu1.migrateToDevice(p, va, 3 * PAGE, hole -> {
                    seen.add(hole);
                    prot.mprotect(p, va + 2 * PAGE, PAGE, Protection.READ);
                    mm.read(p, va + 2 * PAGE, new byte[4], 0, 4);
                    prot.mprotect(p, va + 3 * PAGE, PAGE, Protection.READ_WRITE);
                    mm.write(p, va + 3 * PAGE, new byte[] {3, 0, 0, 0}, 0, 4);
                    prot.mprotect(p, va + 3 * PAGE, PAGE, Protection.READ);
                    prot.mprotect(p, va + 4 * PAGE, 2 * PAGE, Protection.READ_WRITE);
                    mm.write(p, va + 4 * PAGE, new byte[] {3, 0, 0, 0}, 0, 4);
                    mm.write(p, va + 5 * PAGE, new byte[] {3, 0, 0, 0}, 0, 4);
                    gpu1.migrateToDevice(p, va + 2 * PAGE, 4 * PAGE, four -> {
                        seen.add(four);
                        gpu0.migrateToDevice(p, va + 5 * PAGE, PAGE, foreign -> {
                            seen.add(foreign);
                            c.finish();
                        });
                    });
                });
            });
        });

        assertThat(seen.get(0).migratedBytes()).as("a protected area does not migrate").isZero();
        assertThat(seen.get(1).migratedBytes()).as("nor one with a hole (page 0 is PROT_NONE still)").isZero();
        assertThat(seen.get(2).migratedBytes()).as("cpages 4: pages 2-5 to device 1").isEqualTo(4 * PAGE);
        assertThat(seen.get(3).migratedBytes()).as("page 5 is on device 1: -ENOENT for device 0").isZero();
        assertThat(seen.get(3).notCollectedBytes()).isEqualTo(PAGE);
    }
}
