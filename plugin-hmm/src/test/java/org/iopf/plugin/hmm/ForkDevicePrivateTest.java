package org.iopf.plugin.hmm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.junit.jupiter.api.Test;

/**
 * The HMM self-test's {@code anon_write_child} with {@code migrate = 1}
 * ({@code tools/testing/selftests/mm/hmm-tests.c}): after a migration to the device, fork keeps
 * the pages on the device for parent and child (Linux {@code copy_nonpresent_pte}, mm/memory.c,
 * makes both entries readable device-private entries); the child sees the parent's values, its
 * writes fault the pages back and copy them, and the parent's buffer does not change.
 */
final class ForkDevicePrivateTest {
    private static final long MIB = 1024 * 1024;

    @Test
    void anon_write_child() {
        byte[] parentData = new byte[(int) MIB];
        for (int i = 0; i < parentData.length; i++) {
            parentData[i] = (byte) (i * 7 + 1);
        }
        byte[] childData = new byte[(int) MIB];
        for (int i = 0; i < childData.length; i++) {
            childData[i] = (byte) -(i * 7 + 1);
        }
        List<Object> seen = new ArrayList<>();
        HmmHarness.Outcome out = HmmHarness.run("deviceMemory: 64MiB, batchSize: 1MiB", "{numa: [1GiB], content: bytes}",
                (c, gpu) -> {
                    MemoryManager mm = c.requireNode("node1").memoryManager();
                    AddressSpace p = mm.createAddressSpace("app");
                    long va = mm.mmap(p, MIB, MapOptions.DEFAULT);
                    mm.write(p, va, parentData, 0, parentData.length);
                    gpu.migrateToDevice(p, va, MIB, s -> {
                        AddressSpace child = mm.requireCopyOnWriteFork().fork(p, "child");
                        seen.add(gpu.deviceMemory().devicePrivateEntry(child, va).isPresent());
                        seen.add(gpu.deviceMemory().devicePrivateEntry(p, va).equals(
                                gpu.deviceMemory().devicePrivateEntry(child, va)));
                        seen.add(p.entry(va).orElseThrow().writable());
                        byte[] inChild = new byte[(int) MIB];
                        mm.read(child, va, inChild, 0, inChild.length);
                        seen.add(inChild);
                        mm.write(child, va, childData, 0, childData.length);
                        byte[] inParent = new byte[(int) MIB];
                        mm.read(p, va, inParent, 0, inParent.length);
                        seen.add(inParent);
                        c.finish();
                    });
                });

        assertThat(seen.get(0)).as("the child's pages are on the device").isEqualTo(true);
        assertThat(seen.get(1)).as("the same device frames as the parent's").isEqualTo(true);
        assertThat(seen.get(2)).as("read-only in the parent").isEqualTo(false);
        assertThat((byte[]) seen.get(3)).as("the child sees the parent's values").isEqualTo(parentData);
        assertThat((byte[]) seen.get(4)).as("the parent's buffer did not change").isEqualTo(parentData);
        assertThat(out.figure("node1.gpu.faultBacks")).as("one fault-back per page, for both processes")
                .isEqualTo(MIB / 4096);
    }
}
