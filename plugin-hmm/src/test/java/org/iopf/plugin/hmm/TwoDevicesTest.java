package org.iopf.plugin.hmm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.junit.jupiter.api.Test;

/**
 * Two {@code hmm-device}s on one node, as the Linux HMM self-test's {@code hmm2} cases open two
 * device files ({@code tools/testing/selftests/mm/hmm-tests.c}): each has its own device-private
 * pagemap; a device does not collect the other's pages (Linux's {@code migrate_vma_setup} selects
 * only device-private pages of the caller's {@code pgmap_owner}); a CPU access faults a page back
 * from the device that owns it, after which the other device may take it.
 */
final class TwoDevicesTest {
    private static final long MIB = 1024 * 1024;
    private static final String DEVICE = "deviceMemory: 64MiB, batchSize: 1MiB";

    @Test
    void eachDeviceOwnsWhatItMigratedAndACpuReadGivesItBackToTheOtherOnlyThroughSystemMemory() {
        List<Object> seen = new ArrayList<>();
        byte[] before = new byte[(int) MIB];
        for (int i = 0; i < before.length; i++) {
            before[i] = (byte) (i * 13 + 5);
        }
        byte[] after = new byte[(int) MIB];
        HmmHarness.Outcome out = HmmHarness.runTwo(DEVICE, "{numa: [1GiB], content: bytes}", (c, gpu0, gpu1) -> {
            MemoryManager mm = c.requireNode("node1").memoryManager();
            AddressSpace p = mm.createAddressSpace("app");
            long va = mm.mmap(p, MIB, MapOptions.DEFAULT);
            mm.write(p, va, before, 0, before.length);
            gpu0.migrateToDevice(p, va, MIB, first -> {
                seen.add(first);
                seen.add(gpu0.deviceMemory().devicePrivateEntry(p, va).orElseThrow().pagemap() == gpu0.pagemap());
                gpu1.migrateToDevice(p, va, MIB, foreign -> {
                    seen.add(foreign);
                    mm.read(p, va, after, 0, after.length);
                    gpu1.migrateToDevice(p, va, MIB, second -> {
                        seen.add(second);
                        seen.add(gpu1.deviceMemory().devicePrivateEntry(p, va).orElseThrow().pagemap()
                                == gpu1.pagemap());
                        c.finish();
                    });
                });
            });
        });

        MigrationSummary first = (MigrationSummary) seen.get(0);
        MigrationSummary foreign = (MigrationSummary) seen.get(2);
        MigrationSummary second = (MigrationSummary) seen.get(3);
        assertThat(first.migratedBytes()).isEqualTo(MIB);
        assertThat(seen.get(1)).as("gpu0 owns the pages it migrated").isEqualTo(true);
        assertThat(foreign.migratedBytes()).as("gpu1 does not collect gpu0's device-private pages").isZero();
        assertThat(after).as("the CPU read faults the pages back from gpu0 intact").isEqualTo(before);
        assertThat(out.figure("node1.gpu0.faultBacks")).isEqualTo(MIB / 4096);
        assertThat(out.figure("node1.gpu1.faultBacks")).isZero();
        assertThat(second.migratedBytes()).as("back in system memory, gpu1 may take them").isEqualTo(MIB);
        assertThat(seen.get(4)).as("gpu1 owns them now").isEqualTo(true);
    }
}
