package org.iopf.plugin.hmm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.workload.WorkloadContext;
import org.junit.jupiter.api.Test;

/**
 * The HMM self-test's {@code migrate_multiple} ({@code tools/testing/selftests/mm/hmm-tests.c}):
 * {@code NTIMES} (10) times, a fresh 4 MiB buffer ({@code HMM_BUFFER_SIZE}, 1024 pages) is written
 * by the CPU, migrated to the device (every page), read by the device from its own memory, and
 * faulted back page by page by the CPU's reads, which see the values written.
 */
final class MigrateMultipleTest {
    private static final long PAGE = 4096;
    private static final int NPAGES = 1024;
    private static final long SIZE = NPAGES * PAGE;
    private static final int NTIMES = 10;

    /** One round's observations. */
    private record Round(long migratedBytes, long deviceBytes, boolean deviceReadRight, boolean cpuReadRight) {
    }

    @Test
    void migrate_multiple() {
        List<Round> rounds = new ArrayList<>();
        HmmHarness.Outcome out = HmmHarness.run("deviceMemory: 64MiB, batchSize: 1MiB", "{numa: [1GiB], content: bytes}",
                (c, gpu) -> round(c, gpu, 0, rounds));

        assertThat(rounds).hasSize(NTIMES);
        assertThat(rounds).allSatisfy(r -> {
            assertThat(r.migratedBytes()).as("cpages == npages").isEqualTo(SIZE);
            assertThat(r.deviceBytes()).as("the device read its own memory").isEqualTo(SIZE);
            assertThat(r.deviceReadRight()).isTrue();
            assertThat(r.cpuReadRight()).isTrue();
        });
        assertThat(out.figure("node1.gpu.faultBacks")).as("every page of every round faulted back")
                .isEqualTo((double) NTIMES * NPAGES);
    }

    private static void round(WorkloadContext c, HmmDevice gpu, int n, List<Round> rounds) {
        if (n == NTIMES) {
            c.finish();
            return;
        }
        MemoryManager mm = c.requireNode("node1").memoryManager();
        AddressSpace p = mm.addressSpace(1).orElseGet(() -> mm.createAddressSpace("app"));
        long va = mm.mmap(p, SIZE, MapOptions.DEFAULT);
        long mirror = mm.mmap(p, SIZE, MapOptions.DEFAULT);
        mm.fill(p, mirror, SIZE, 1);
        byte[] values = SelftestBuffers.ints(SIZE, n);
        mm.write(p, va, values, 0, values.length);
        gpu.migrateToDevice(p, va, SIZE, m -> gpu.compute(p, va, mirror, SIZE, k -> {
            byte[] deviceRead = new byte[(int) SIZE];
            mm.read(p, mirror, deviceRead, 0, deviceRead.length);
            byte[] cpuRead = new byte[(int) SIZE];
            mm.read(p, va, cpuRead, 0, cpuRead.length);
            rounds.add(new Round(m.migratedBytes(), k.deviceBytes(), java.util.Arrays.equals(deviceRead, values),
                    java.util.Arrays.equals(cpuRead, values)));
            mm.munmap(p, va, SIZE);
            mm.munmap(p, mirror, SIZE);
            round(c, gpu, n + 1, rounds);
        }));
    }
}
