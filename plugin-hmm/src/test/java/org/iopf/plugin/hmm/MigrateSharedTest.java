package org.iopf.plugin.hmm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.junit.jupiter.api.Test;

/**
 * The HMM self-test's {@code migrate_shared} ({@code tools/testing/selftests/mm/hmm-tests.c}): a
 * shared anonymous mapping ({@code MAP_SHARED | MAP_ANONYMOUS}) does not migrate to device-private
 * memory (the test expects {@code -ENOENT}: no page collected), because Linux's
 * {@code migrate_vma_collect} (mm/migrate_device.c) isolates pages of anonymous private VMAs only.
 */
final class MigrateSharedTest {
    private static final long MIB = 1024 * 1024;

    @Test
    void migrate_shared() {
        List<MigrationSummary> seen = new ArrayList<>();
        HmmHarness.Outcome out = HmmHarness.run("deviceMemory: 64MiB, batchSize: 1MiB", "{numa: [1GiB]}", (c, gpu) -> {
            MemoryManager mm = c.requireNode("node1").memoryManager();
            AddressSpace p = mm.createAddressSpace("app");
            long shared = mm.mmap(p, 4 * MIB, MapOptions.DEFAULT.withShared(true));
            long priv = mm.mmap(p, MIB, MapOptions.DEFAULT);
            mm.fill(p, shared, 4 * MIB, 3);
            mm.fill(p, priv, MIB, 4);
            gpu.migrateToDevice(p, shared, 4 * MIB, s -> {
                seen.add(s);
                gpu.migrateToDevice(p, priv, MIB, t -> {
                    seen.add(t);
                    try {
                        mm.requireCopyOnWriteFork().fork(p, "child");
                    } catch (IllegalStateException refused) {
                        seen.add(null);
                    }
                    c.finish();
                });
            });
        });

        assertThat(seen.get(0).migratedBytes()).as("nothing of the shared mapping migrates").isZero();
        assertThat(seen.get(0).notCollectedBytes()).as("setup isolates none of it").isEqualTo(4 * MIB);
        assertThat(seen.get(1).migratedBytes()).as("a private mapping beside it does").isEqualTo(MIB);
        assertThat(seen).as("a fork that cannot keep the mapping shared is refused, not made private").hasSize(3);
        assertThat(out.figure("node1.gpu.migrate.notCollectedPages")).isEqualTo(4 * MIB / 4096);
    }
}
