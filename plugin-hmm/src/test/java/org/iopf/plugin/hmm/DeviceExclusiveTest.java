package org.iopf.plugin.hmm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.Protection;
import org.junit.jupiter.api.Test;

/**
 * The HMM self-test's device-exclusive cases ({@code tools/testing/selftests/mm/hmm-tests.c}:
 * {@code exclusive}, {@code exclusive_mprotect}, {@code exclusive_cow}), with {@code lib/test_hmm.c}'s
 * {@code HMM_DMIRROR_EXCLUSIVE} as {@link HmmDevice#makeExclusive}, {@code HMM_DMIRROR_CHECK_EXCLUSIVE}
 * as {@link HmmDevice#exclusivePages}, and the device's read of the buffer (the self-test's
 * {@code mirror}) as a kernel ({@link HmmDevice#compute}) copying it to a second buffer.
 */
final class DeviceExclusiveTest {
    private static final long PAGE = 4096;
    private static final int NPAGES = 256;
    private static final long SIZE = NPAGES * PAGE;
    private static final String DEVICE = "deviceMemory: 64MiB, batchSize: 1MiB";
    private static final String MEMORY = "{numa: [1GiB], content: bytes}";

    /** The CPU's {@code ptr[i]++} over the buffer: a read, then a write of every int. */
    private static void increment(MemoryManager mm, AddressSpace p, long va) {
        byte[] seen = new byte[(int) SIZE];
        mm.read(p, va, seen, 0, seen.length);
        for (int i = 0; i < seen.length; i += 4) {
            int v = (seen[i] & 0xff) | (seen[i + 1] & 0xff) << 8 | (seen[i + 2] & 0xff) << 16 | (seen[i + 3] & 0xff) << 24;
            v++;
            seen[i] = (byte) v;
            seen[i + 1] = (byte) (v >>> 8);
            seen[i + 2] = (byte) (v >>> 16);
            seen[i + 3] = (byte) (v >>> 24);
        }
        mm.write(p, va, seen, 0, seen.length);
    }

    @Test
    void exclusive() {
        List<Object> seen = new ArrayList<>();
        HmmHarness.Outcome out = HmmHarness.run(DEVICE, MEMORY, (c, gpu) -> {
            MemoryManager mm = c.requireNode("node1").memoryManager();
            AddressSpace p = mm.createAddressSpace("app");
            long va = mm.mmap(p, SIZE, MapOptions.DEFAULT);
            long mirror = mm.mmap(p, SIZE, MapOptions.DEFAULT);
            mm.write(p, va, SelftestBuffers.ints(SIZE, 0), 0, (int) SIZE);
            mm.fill(p, mirror, SIZE, 1);
            seen.add(gpu.makeExclusive(p, va, SIZE));
            seen.add(mm.translate(p, va, org.iopf.api.mem.Access.READ).isPresent());
            gpu.compute(p, va, mirror, SIZE, s -> {
                seen.add(s);
                seen.add(gpu.exclusivePages(p, va, SIZE));
                seen.add(SelftestBuffers.read(mm, p, mirror, SIZE));
                increment(mm, p, va);
                seen.add(SelftestBuffers.read(mm, p, va, SIZE));
                seen.add(gpu.exclusivePages(p, va, SIZE));
                c.finish();
            });
        });

        ComputeSummary device = (ComputeSummary) seen.get(2);
        assertThat(seen.get(0)).as("cpages: every page exclusive").isEqualTo((long) NPAGES);
        assertThat(seen.get(1)).as("the CPU entry is gone").isEqualTo(false);
        assertThat(device.deviceFaults()).as("the device reads its exclusive pages without a fault").isZero();
        assertThat(seen.get(3)).as("reading does not end exclusive access").isEqualTo((long) NPAGES);
        assertThat((byte[]) seen.get(4)).as("what the device read").isEqualTo(SelftestBuffers.ints(SIZE, 0));
        assertThat((byte[]) seen.get(5)).as("the CPU's increments, pages back in system memory").isEqualTo(SelftestBuffers.ints(SIZE, 1));
        assertThat(seen.get(6)).as("atomic access revoked (CHECK_EXCLUSIVE)").isEqualTo(0L);
        assertThat(out.figure("node1.gpu.faultBacks")).as("nothing migrated").isZero();
    }

    @Test
    void exclusive_mprotect() {
        List<Object> seen = new ArrayList<>();
        HmmHarness.run(DEVICE, MEMORY, (c, gpu) -> {
            MemoryManager mm = c.requireNode("node1").memoryManager();
            AddressSpace p = mm.createAddressSpace("app");
            long va = mm.mmap(p, SIZE, MapOptions.DEFAULT);
            long mirror = mm.mmap(p, SIZE, MapOptions.DEFAULT);
            mm.write(p, va, SelftestBuffers.ints(SIZE, 0), 0, (int) SIZE);
            mm.write(p, mirror, SelftestBuffers.ints(SIZE, 7), 0, (int) SIZE);
            seen.add(gpu.makeExclusive(p, va, SIZE));
            mm.requireMemoryProtection().mprotect(p, va, SIZE, Protection.READ);
            seen.add(gpu.exclusivePages(p, va, SIZE));
            gpu.compute(p, mirror, va, SIZE, s -> {
                seen.add(s);
                seen.add(SelftestBuffers.read(mm, p, va, SIZE));
                c.finish();
            });
        });

        ComputeSummary write = (ComputeSummary) seen.get(2);
        assertThat(seen.get(0)).isEqualTo((long) NPAGES);
        assertThat(seen.get(1)).as("mprotect's invalidation ends the device's atomic access").isEqualTo(0L);
        assertThat(write.errors()).as("the device write fails (-EPERM)").isEqualTo(NPAGES);
        assertThat((byte[]) seen.get(3)).as("nothing was written").isEqualTo(SelftestBuffers.ints(SIZE, 0));
    }

    @Test
    void exclusive_cow() {
        List<Object> seen = new ArrayList<>();
        HmmHarness.run(DEVICE, MEMORY, (c, gpu) -> {
            MemoryManager mm = c.requireNode("node1").memoryManager();
            AddressSpace p = mm.createAddressSpace("app");
            long va = mm.mmap(p, SIZE, MapOptions.DEFAULT);
            mm.write(p, va, SelftestBuffers.ints(SIZE, 0), 0, (int) SIZE);
            seen.add(gpu.makeExclusive(p, va, SIZE));
            AddressSpace child = mm.requireCopyOnWriteFork().fork(p, "child");
            seen.add(gpu.exclusivePages(p, va, SIZE));
            increment(mm, child, va);
            seen.add(SelftestBuffers.read(mm, child, va, SIZE));
            increment(mm, p, va);
            seen.add(SelftestBuffers.read(mm, p, va, SIZE));
            seen.add(mm.stats().cowFaults());
            c.finish();
        });

        assertThat(seen.get(0)).isEqualTo((long) NPAGES);
        assertThat(seen.get(1)).as("fork restores the entries: the device loses them").isEqualTo(0L);
        assertThat((byte[]) seen.get(2)).as("the child's increments").isEqualTo(SelftestBuffers.ints(SIZE, 1));
        assertThat((byte[]) seen.get(3)).as("the parent's, on its own copy").isEqualTo(SelftestBuffers.ints(SIZE, 1));
        assertThat(seen.get(4)).as("the child's writes copied every page; the parent, last sharer, reuses them")
                .isEqualTo((long) NPAGES);
    }
}
