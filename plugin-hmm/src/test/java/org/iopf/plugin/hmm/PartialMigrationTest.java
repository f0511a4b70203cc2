package org.iopf.plugin.hmm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PinResult;
import org.iopf.api.workload.WorkloadContext;
import org.junit.jupiter.api.Test;

/**
 * A migration to the device that cannot complete is partial, as Linux's {@code migrate_vma} is
 * ({@code mm/migrate_device.c}): what stayed behind is counted by kind, never silently dropped.
 */
final class PartialMigrationTest {
    private static final long KIB = 1024;
    private static final long MIB = 1024 * KIB;
    private static final long PAGE = 4 * KIB;
    private static final String MEMORY = "{numa: [1GiB], content: bytes}";

    private static MemoryManager mm(WorkloadContext c) {
        return c.requireNode("node1").memoryManager();
    }

    private static long touched(WorkloadContext c, AddressSpace p, long bytes) {
        long va = mm(c).mmap(p, bytes, MapOptions.DEFAULT);
        mm(c).fill(p, va, bytes, 3);
        return va;
    }

    @Test
    void aDeviceThatFillsMigratesWhatFitsAndCountsTheRestAsDeviceFull() {
        List<MigrationSummary> seen = new ArrayList<>();
        HmmHarness.Outcome out = HmmHarness.run("deviceMemory: 4MiB, batchSize: 1MiB", MEMORY, (c, gpu) -> {
            AddressSpace p = mm(c).createAddressSpace("app");
            long va = touched(c, p, 8 * MIB);
            gpu.migrateToDevice(p, va, 8 * MIB, s -> {
                seen.add(s);
                c.finish();
            });
        });

        MigrationSummary s = seen.get(0);
        assertThat(s.migratedBytes()).isEqualTo(4 * MIB);
        assertThat(s.deviceFullBytes()).isEqualTo(4 * MIB);
        assertThat(s.incompleteBytes()).isEqualTo(4 * MIB);
        assertThat(out.figure("node1.gpu.migrate.skippedPages")).isEqualTo(1024);
        assertThat(out.figure("node1.gpu.migrate.skippedBytes")).isEqualTo(4 * MIB);
        assertThat(out.figure("node1.gpu.migrate.deviceFullPages")).isEqualTo(1024);
        assertThat(out.figure("node1.gpu.migrate.notCollectedPages")).isZero();
        assertThat(out.figure("node1.gpu.device.usedBytes")).isEqualTo(4 * MIB);
    }

    @Test
    void aPinnedPageCannotBeIsolatedAndIsCountedAsNotCollected() {
        List<MigrationSummary> seen = new ArrayList<>();
        HmmHarness.Outcome out = HmmHarness.run("deviceMemory: 64MiB", MEMORY, (c, gpu) -> {
            AddressSpace p = mm(c).createAddressSpace("app");
            long va = touched(c, p, MIB);
            assertThat(mm(c).pin(p, va + 8 * PAGE, 2 * PAGE)).isEqualTo(PinResult.PINNED);
            gpu.migrateToDevice(p, va, MIB, s -> {
                seen.add(s);
                c.finish();
            });
        });

        assertThat(seen.get(0).migratedBytes()).isEqualTo(MIB - 2 * PAGE);
        assertThat(seen.get(0).notCollectedBytes()).isEqualTo(2 * PAGE);
        assertThat(out.figure("node1.gpu.migrate.notCollectedPages")).isEqualTo(2);
        assertThat(out.figure("node1.gpu.migrate.skippedPages")).isEqualTo(2);
    }

    @Test
    void pagesAlreadyOnTheDeviceAreNotAShortfall() {
        List<MigrationSummary> seen = new ArrayList<>();
        HmmHarness.Outcome out = HmmHarness.run("deviceMemory: 64MiB", MEMORY, (c, gpu) -> {
            AddressSpace p = mm(c).createAddressSpace("app");
            long va = touched(c, p, 2 * MIB);
            gpu.migrateToDevice(p, va, MIB, first -> gpu.migrateToDevice(p, va, 2 * MIB, s -> {
                seen.add(s);
                c.finish();
            }));
        });

        assertThat(seen.get(0).migratedBytes()).isEqualTo(MIB);
        assertThat(seen.get(0).skippedBytes()).as("the first MiB was there already").isEqualTo(MIB);
        assertThat(seen.get(0).incompleteBytes()).isZero();
        assertThat(out.figure("node1.gpu.migrate.skippedPages")).isZero();
    }

    @Test
    void aSwappedOutPageIsNotCollectedAndKeepsItsContents() {
        List<MigrationSummary> seen = new ArrayList<>();
        byte[][] data = new byte[2][];
        HmmHarness.Outcome out = HmmHarness.run("deviceMemory: 64MiB", "{numa: [1GiB], content: bytes, "
                + "manager: {swap: 64MiB}}", (c, gpu) -> {
                    AddressSpace p = mm(c).createAddressSpace("app");
                    long va = touched(c, p, MIB);
                    data[0] = new byte[(int) MIB];
                    mm(c).read(p, va, data[0], 0, data[0].length);
                    assertThat(mm(c).reclaim(1024 * MIB)).as("reclaim swaps the buffer out").isPositive();
                    gpu.migrateToDevice(p, va, MIB, s -> {
                        seen.add(s);
                        data[1] = new byte[(int) MIB];
                        mm(c).read(p, va, data[1], 0, data[1].length);
                        c.finish();
                    });
                });

        MigrationSummary s = seen.get(0);
        assertThat(s.notCollectedBytes()).isPositive();
        assertThat(s.migratedBytes() + s.notCollectedBytes()).isEqualTo(MIB);
        assertThat(out.figure("node1.gpu.migrate.notCollectedPages")).isEqualTo(s.notCollectedBytes() / PAGE);
        assertThat(data[1]).isEqualTo(data[0]);
    }
}
