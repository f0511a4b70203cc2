package org.iopf.plugin.hmm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.junit.jupiter.api.Test;

/**
 * Three cases of the HMM self-test ({@code tools/testing/selftests/mm/hmm-tests.c}):
 * {@code migrate_fault} (migrate, fault half back, migrate again: the whole buffer is on the device,
 * the self-test's {@code cpages} being what {@code lib/test_hmm.c} reads back from the device, so
 * pages already there count), {@code migrate_release} (after a migration the driver releases its device memory,
 * {@code HMM_DMIRROR_RELEASE}, here {@link HmmDevice#migrateToRam} of the range: the pages come back
 * without a CPU fault and the CPU reads its values) and {@code anon_read_multiple} (ten times, the
 * device reads a fresh buffer in system memory and sees what the CPU wrote).
 */
final class MigrateReleaseTest {
    private static final long PAGE = 4096;
    private static final int NPAGES = 1024;
    private static final long SIZE = NPAGES * PAGE;
    private static final String DEVICE = "deviceMemory: 64MiB, batchSize: 1MiB";
    private static final String MEMORY = "{numa: [1GiB], content: bytes}";

    @Test
    void migrate_release() {
        List<Object> seen = new ArrayList<>();
        HmmHarness.Outcome out = HmmHarness.run(DEVICE, MEMORY, (c, gpu) -> {
            MemoryManager mm = c.requireNode("node1").memoryManager();
            AddressSpace p = mm.createAddressSpace("app");
            long va = mm.mmap(p, SIZE, MapOptions.DEFAULT);
            mm.write(p, va, SelftestBuffers.ints(SIZE, 0), 0, (int) SIZE);
            gpu.migrateToDevice(p, va, SIZE, to -> gpu.migrateToRam(p, va, SIZE, back -> {
                seen.add(to);
                seen.add(back);
                seen.add(gpu.deviceMemory().devicePrivateEntry(p, va).isPresent());
                seen.add(SelftestBuffers.read(mm, p, va, SIZE));
                c.finish();
            }));
        });

        assertThat(((MigrationSummary) seen.get(0)).migratedBytes()).isEqualTo(SIZE);
        assertThat(((MigrationSummary) seen.get(1)).migratedBytes()).as("released: all back").isEqualTo(SIZE);
        assertThat(seen.get(2)).isEqualTo(false);
        assertThat((byte[]) seen.get(3)).isEqualTo(SelftestBuffers.ints(SIZE, 0));
        assertThat(out.figure("node1.gpu.faultBacks")).as("no CPU fault needed").isZero();
    }

    @Test
    void migrate_fault() {
        List<Object> seen = new ArrayList<>();
        HmmHarness.Outcome out = HmmHarness.run(DEVICE, MEMORY, (c, gpu) -> {
            MemoryManager mm = c.requireNode("node1").memoryManager();
            AddressSpace p = mm.createAddressSpace("app");
            long va = mm.mmap(p, SIZE, MapOptions.DEFAULT);
            long mirror = mm.mmap(p, SIZE, MapOptions.DEFAULT);
            mm.fill(p, mirror, SIZE, 1);
            mm.write(p, va, SelftestBuffers.ints(SIZE, 0), 0, (int) SIZE);
            gpu.migrateToDevice(p, va, SIZE, first -> {
                byte[] half = new byte[(int) SIZE / 2];
                mm.read(p, va, half, 0, half.length);
                seen.add(half);
                gpu.migrateToDevice(p, va, SIZE, again -> gpu.compute(p, va, mirror, SIZE, k -> {
                    seen.add(again);
                    seen.add(k);
                    long onDevice = 0;
                    for (long off = 0; off < SIZE; off += PAGE) {
                        if (gpu.deviceMemory().devicePrivateEntry(p, va + off)
                                .filter(e -> e.pagemap() == gpu.pagemap()).isPresent()) {
                            onDevice++;
                        }
                    }
                    seen.add(onDevice);
                    seen.add(SelftestBuffers.read(mm, p, mirror, SIZE));
                    c.finish();
                }));
            });
        });

        assertThat((byte[]) seen.get(0)).as("the CPU's half, faulted back")
                .isEqualTo(java.util.Arrays.copyOf(SelftestBuffers.ints(SIZE, 0), (int) SIZE / 2));
        assertThat(out.figure("node1.gpu.faultBacks")).isEqualTo(NPAGES / 2.0);
        assertThat(((MigrationSummary) seen.get(1)).migratedBytes()).as("the half in system memory moves again")
                .isEqualTo(SIZE / 2);
        assertThat(((MigrationSummary) seen.get(1)).incompleteBytes()).as("the other half is there already").isZero();
        assertThat(((ComputeSummary) seen.get(2)).deviceBytes()).as("the device reads it all from its memory")
                .isEqualTo(SIZE);
        assertThat(seen.get(3)).as("cpages == npages").isEqualTo((long) NPAGES);
        assertThat((byte[]) seen.get(4)).isEqualTo(SelftestBuffers.ints(SIZE, 0));
    }

    @Test
    void anon_read_multiple() {
        List<byte[]> reads = new ArrayList<>();
        HmmHarness.run(DEVICE, MEMORY, (c, gpu) -> readRound(c, gpu, 0, reads));

        assertThat(reads).hasSize(10);
        for (int n = 0; n < 10; n++) {
            assertThat(reads.get(n)).as("round %d", n).isEqualTo(SelftestBuffers.ints(SIZE, n));
        }
    }

    private static void readRound(org.iopf.api.workload.WorkloadContext c, HmmDevice gpu, int n, List<byte[]> reads) {
        if (n == 10) {
            c.finish();
            return;
        }
        MemoryManager mm = c.requireNode("node1").memoryManager();
        AddressSpace p = mm.addressSpace(1).orElseGet(() -> mm.createAddressSpace("app"));
        long va = mm.mmap(p, SIZE, MapOptions.DEFAULT);
        long mirror = mm.mmap(p, SIZE, MapOptions.DEFAULT);
        mm.write(p, va, SelftestBuffers.ints(SIZE, n), 0, (int) SIZE);
        gpu.compute(p, va, mirror, SIZE, k -> {
            reads.add(SelftestBuffers.read(mm, p, mirror, SIZE));
            mm.munmap(p, va, SIZE);
            mm.munmap(p, mirror, SIZE);
            readRound(c, gpu, n + 1, reads);
        });
    }
}
