package org.iopf.plugin.hmm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.iopf.api.buffer.AllocationMode;
import org.iopf.api.buffer.BufferSpec;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.NumaPolicy;
import org.iopf.api.mem.PageTableEntry;
import org.iopf.api.sim.Time;
import org.iopf.api.workload.WorkloadContext;
import org.junit.jupiter.api.Test;

/**
 * The behaviours the Linux HMM self-tests check ({@code tools/testing/selftests/mm/hmm-tests.c}),
 * on an {@code hmm-device} in a real simulation.
 */
final class HmmDeviceTest {
    private static final long KIB = 1024;
    private static final long MIB = 1024 * KIB;
    private static final long PAGE = 4 * KIB;
    private static final String BYTES_MEMORY = "{numa: [1GiB], content: bytes}";
    private static final String DEVICE = "deviceMemory: 256MiB, batchSize: 1MiB";

    /** What a script saw, to assert on after the run. */
    private static final class Seen {
        final List<Object> values = new ArrayList<>();
        byte[] before;
        byte[] after;
    }

    private static byte[] pattern(int length, int salt) {
        byte[] data = new byte[length];
        for (int i = 0; i < length; i++) {
            data[i] = (byte) (i * 7 + (i >>> 10) + salt);
        }
        return data;
    }

    private static long base(MemoryManager mm, AddressSpace space, long bytes) {
        return mm.mmap(space, bytes, MapOptions.DEFAULT);
    }

    private static MemoryManager mm(WorkloadContext c) {
        return c.requireNode("node1").memoryManager();
    }

    @Test
    void theDeviceReadsAndWritesSystemMemoryOverPcieWithoutMigrating() {
        Seen seen = new Seen();
        AtomicReference<ComputeSummary> summary = new AtomicReference<>();
        HmmHarness.Outcome out = HmmHarness.run(DEVICE, BYTES_MEMORY, (c, gpu) -> {
            AddressSpace p = mm(c).createAddressSpace("app");
            long src = base(mm(c), p, MIB);
            long dst = base(mm(c), p, MIB);
            seen.before = pattern((int) MIB, 1);
            mm(c).write(p, src, seen.before, 0, seen.before.length);
            gpu.compute(p, src, dst, MIB, s -> {
                summary.set(s);
                seen.after = new byte[(int) MIB];
                mm(c).read(p, dst, seen.after, 0, seen.after.length);
                c.finish();
            });
        });

        assertThat(seen.after).isEqualTo(seen.before);
        assertThat(summary.get().hostBytes()).isEqualTo(2 * MIB);
        assertThat(summary.get().deviceBytes()).isZero();
        assertThat(summary.get().deviceFaults()).as("dst was never touched: the device faulted it in")
                .isEqualTo(256);
        assertThat(summary.get().elapsedNanos()).as("2 MiB over PCIe at 32 GB/s")
                .isEqualTo((long) Math.ceil(2 * MIB / 32.0));
        assertThat(out.figure("node1.gpu.faultBacks")).isZero();
    }

    @Test
    void migratedPagesAreDevicePrivateAndACpuReadFaultsThemBackWithIdenticalContents() {
        Seen seen = new Seen();
        HmmHarness.Outcome out = HmmHarness.run(DEVICE, BYTES_MEMORY, (c, gpu) -> {
            AddressSpace p = mm(c).createAddressSpace("app");
            long va = base(mm(c), p, 2 * MIB);
            seen.before = pattern((int) (2 * MIB), 2);
            mm(c).write(p, va, seen.before, 0, seen.before.length);
            gpu.migrateToDevice(p, va, 2 * MIB, s -> {
                seen.values.add(s);
                seen.values.add(p.entry(va + MIB).orElseThrow());
                seen.values.add(p.residentBytes());
                seen.after = new byte[(int) (2 * MIB)];
                mm(c).read(p, va, seen.after, 0, seen.after.length);
                seen.values.add(p.entry(va + MIB).orElseThrow());
                c.finish();
            });
        });

        MigrationSummary s = (MigrationSummary) seen.values.get(0);
        assertThat(s.migratedBytes()).isEqualTo(2 * MIB);
        assertThat(s.batches()).isEqualTo(2);
        PageTableEntry onDevice = (PageTableEntry) seen.values.get(1);
        assertThat(onDevice.devicePrivate()).isTrue();
        assertThat(onDevice.present()).isFalse();
        assertThat(seen.values.get(2)).isEqualTo(0L);
        assertThat(seen.after).isEqualTo(seen.before);
        assertThat(((PageTableEntry) seen.values.get(3)).present()).isTrue();
        assertThat(out.figure("node1.gpu.faultBacks")).isEqualTo(512);
        assertThat(out.figure("node1.gpu.faultBack.bytes")).isEqualTo(2 * MIB);
        assertThat(out.figure("node1.gpu.migrated.pages")).isEqualTo(512);
    }

    @Test
    void aUserFaultOnAMigratedPageWaitsForTheCopyBackThroughPcie() {
        List<Long> times = new ArrayList<>();
        HmmHarness.run("deviceMemory: 256MiB, faultBackLatency: 5us", BYTES_MEMORY, (c, gpu) -> {
            AddressSpace p = mm(c).createAddressSpace("app");
            long va = base(mm(c), p, PAGE);
            mm(c).write(p, va, new byte[] {1}, 0, 1);
            gpu.migrateToDevice(p, va, PAGE, s -> {
                long asked = c.scheduler().now();
                mm(c).faultIn(p, va, Access.READ, r -> {
                    times.add(c.scheduler().now() - asked);
                    c.finish();
                });
            });
        });

        assertThat(times).containsExactly((long) Math.ceil(PAGE / 32.0) + Time.micros(5));
    }

    @Test
    void mirrorModeKeepsBothCopiesReadableAndTheDeviceReadsItsOwn() {
        Seen seen = new Seen();
        AtomicReference<ComputeSummary> summary = new AtomicReference<>();
        HmmHarness.Outcome out = HmmHarness.run(DEVICE + ", mode: mirror", BYTES_MEMORY, (c, gpu) -> {
            AddressSpace p = mm(c).createAddressSpace("app");
            long va = base(mm(c), p, MIB);
            long dst = base(mm(c), p, MIB);
            seen.before = pattern((int) MIB, 3);
            mm(c).write(p, va, seen.before, 0, seen.before.length);
            gpu.migrateToDevice(p, va, MIB, s -> {
                seen.values.add(p.entry(va).orElseThrow());
                seen.after = new byte[(int) MIB];
                mm(c).read(p, va, seen.after, 0, seen.after.length);
                gpu.compute(p, va, dst, MIB, k -> {
                    summary.set(k);
                    mm(c).write(p, va + PAGE, new byte[] {9}, 0, 1);
                    seen.values.add(p.entry(va + PAGE).orElseThrow());
                    c.finish();
                });
            });
        });

        PageTableEntry mirrored = (PageTableEntry) seen.values.get(0);
        assertThat(mirrored.present()).isTrue();
        assertThat(mirrored.writable()).as("write-protected while mirrored").isFalse();
        assertThat(seen.after).isEqualTo(seen.before);
        assertThat(out.figure("node1.gpu.faultBacks")).as("mirror: CPU reads do not fault").isZero();
        assertThat(summary.get().deviceBytes()).as("the kernel read its own copy").isEqualTo(MIB);
        assertThat(((PageTableEntry) seen.values.get(1)).writable()).isTrue();
        assertThat(out.figure("node1.gpu.mirror.pages")).isEqualTo(256);
        assertThat(out.figure("node1.gpu.mirror.drops")).as("the CPU write ended one page's mirror").isEqualTo(1);
    }

    @Test
    void migratingPartOfARangeLeavesTheRestInSystemMemory() {
        Seen seen = new Seen();
        HmmHarness.run(DEVICE, BYTES_MEMORY, (c, gpu) -> {
            AddressSpace p = mm(c).createAddressSpace("app");
            long va = base(mm(c), p, MIB);
            mm(c).write(p, va, pattern((int) MIB, 4), 0, (int) MIB);
            gpu.migrateToDevice(p, va + 256 * KIB, 256 * KIB, s -> {
                for (long off = 0; off < MIB; off += PAGE) {
                    seen.values.add(p.entry(va + off).orElseThrow().devicePrivate());
                }
                c.finish();
            });
        });

        for (int i = 0; i < 256; i++) {
            assertThat(seen.values.get(i)).as("page %d", i).isEqualTo(i >= 64 && i < 128);
        }
    }

    @Test
    void neverTouchedPagesMigrateAsZeroPagesWithoutCrossingPcie() {
        Seen seen = new Seen();
        HmmHarness.Outcome out = HmmHarness.run(DEVICE, BYTES_MEMORY, (c, gpu) -> {
            AddressSpace p = mm(c).createAddressSpace("app");
            long va = base(mm(c), p, MIB);
            gpu.migrateToDevice(p, va, MIB, s -> {
                seen.values.add(s.migratedBytes());
                seen.values.add(gpu.pcieBytes());
                seen.after = new byte[(int) MIB];
                mm(c).read(p, va, seen.after, 0, seen.after.length);
                c.finish();
            });
        });

        assertThat(seen.values).containsExactly(MIB, 0L);
        assertThat(seen.after).containsOnly((byte) 0);
        assertThat(out.figure("node1.gpu.faultBacks")).isEqualTo(256);
    }

    @Test
    void aPageTheCpuWritesWhileItsBatchIsCopyingIsSkippedAndKeepsTheWrite() {
        Seen seen = new Seen();
        HmmHarness.Outcome out = HmmHarness.run("deviceMemory: 256MiB, batchSize: 64MiB", BYTES_MEMORY, (c, gpu) -> {
            AddressSpace p = mm(c).createAddressSpace("app");
            long va = base(mm(c), p, 4 * MIB);
            seen.before = pattern((int) (4 * MIB), 5);
            mm(c).write(p, va, seen.before, 0, seen.before.length);
            gpu.migrateToDevice(p, va, 4 * MIB, s -> {
                seen.values.add(s);
                seen.values.add(p.entry(va + MIB).orElseThrow().present());
                seen.after = new byte[(int) (4 * MIB)];
                mm(c).read(p, va, seen.after, 0, seen.after.length);
                c.finish();
            });
            c.scheduler().schedule(Time.micros(50), () -> mm(c).write(p, va + MIB, new byte[] {42}, 0, 1));
        });

        MigrationSummary s = (MigrationSummary) seen.values.get(0);
        assertThat(s.skippedBytes()).isEqualTo(PAGE);
        assertThat(s.migratedBytes()).isEqualTo(4 * MIB - PAGE);
        assertThat(seen.values.get(1)).isEqualTo(true);
        seen.before[(int) MIB] = 42;
        assertThat(seen.after).isEqualTo(seen.before);
        assertThat(out.figure("node1.gpu.skipped.pages")).isEqualTo(1);
    }

    @Test
    void thePingPongGuardStopsMigratingARangeTheCpuKeepsTouching() {
        Seen seen = new Seen();
        HmmHarness.Outcome out = HmmHarness.run(DEVICE + ", trackingGranularity: 64KiB, pingPongThreshold: 2",
                BYTES_MEMORY, (c, gpu) -> {
                    AddressSpace p = mm(c).createAddressSpace("app");
                    long va = base(mm(c), p, 256 * KIB);
                    mm(c).write(p, va, pattern((int) (256 * KIB), 6), 0, (int) (256 * KIB));
                    round(c, gpu, p, va, 3, seen);
                });

        assertThat(seen.values).extracting(v -> ((MigrationSummary) v).blockedBytes())
                .containsExactly(0L, 0L, 64 * KIB);
        assertThat(out.figure("node1.gpu.pingPong.blockedRanges")).isEqualTo(1);
        assertThat(out.figure("node1.gpu.faultBacks")).isEqualTo(2);
    }

    /** Migrates the range, then the CPU touches its first page; {@code left} times. */
    private static void round(WorkloadContext c, HmmDevice gpu, AddressSpace p, long va, int left, Seen seen) {
        if (left == 0) {
            c.finish();
            return;
        }
        gpu.migrateToDevice(p, va, 256 * KIB, s -> {
            seen.values.add(s);
            mm(c).faultIn(p, va, Access.WRITE, r -> round(c, gpu, p, va, left - 1, seen));
        });
    }

    @Test
    void pageByPageBatchesAreFlaggedAndPayTheDriverOverheadPerPage() {
        AtomicReference<MigrationSummary> small = new AtomicReference<>();
        HmmHarness.Outcome out = HmmHarness.run("deviceMemory: 256MiB, batchSize: 4KiB, batchOverhead: 20us",
                BYTES_MEMORY, (c, gpu) -> {
                    AddressSpace p = mm(c).createAddressSpace("app");
                    long va = base(mm(c), p, MIB);
                    mm(c).write(p, va, pattern((int) MIB, 7), 0, (int) MIB);
                    gpu.migrateToDevice(p, va, MIB, s -> {
                        small.set(s);
                        c.finish();
                    });
                });

        assertThat(out.figure("node1.gpu.batch.pageByPage")).isEqualTo(1);
        assertThat(small.get().batches()).isEqualTo(256);
        assertThat(small.get().elapsedNanos()).as("256 x 20 us of driver work, not 1 MiB / 32 GB/s = 33 us")
                .isGreaterThanOrEqualTo(256 * Time.micros(20));
    }

    @Test
    void buffersComeFromTheDeviceAsBufferManager() {
        Seen seen = new Seen();
        HmmHarness.run(DEVICE, BYTES_MEMORY, (c, gpu) -> {
            AddressSpace p = mm(c).createAddressSpace("app");
            var buffer = gpu.allocate(p, new BufferSpec(3 * MIB, AllocationMode.PAGES, 0, NumaPolicy.NEAREST, true))
                    .requireBuffer();
            seen.values.add(gpu.reservedBytes());
            gpu.release(buffer);
            seen.values.add(gpu.buffers().size());
            seen.values.add(p.vmas().size());
            c.finish();
        });

        assertThat(seen.values).containsExactly(4 * MIB, 0, 0);
    }

    @Test
    void retainingOrReleasingAFreedBufferIsAnIllegalStateNotAForeignBuffer() {
        Seen seen = new Seen();
        HmmHarness.run(DEVICE, BYTES_MEMORY, (c, gpu) -> {
            AddressSpace p = mm(c).createAddressSpace("app");
            var buffer = gpu.allocate(p, BufferSpec.data(4096)).requireBuffer();
            gpu.release(buffer);
            seen.values.add(catchThrowable(() -> gpu.retain(buffer)).getClass());
            seen.values.add(catchThrowable(() -> gpu.release(buffer)).getClass());
            seen.values.add(buffer.refCount());
            c.finish();
        });

        // it used to be IllegalArgumentException ("does not belong to node1/gpu") for both
        assertThat(seen.values).containsExactly(IllegalStateException.class, IllegalStateException.class, 0);
    }

    @Test
    void aThirdPartyPolicyChosenByNameDecides() {
        AtomicReference<MigrationSummary> summary = new AtomicReference<>();
        HmmHarness.run("deviceMemory: 256MiB, policy: test-never", BYTES_MEMORY, (c, gpu) -> {
            AddressSpace p = mm(c).createAddressSpace("app");
            long va = base(mm(c), p, MIB);
            gpu.migrateToDevice(p, va, MIB, s -> {
                summary.set(s);
                c.finish();
            });
        });

        assertThat(summary.get().migratedBytes()).isZero();
        assertThat(summary.get().blockedBytes()).isEqualTo(MIB);
    }

    @Test
    void aFaultBackWithoutFreeSystemMemoryIsPressureNotALivelock() {
        Seen seen = new Seen();
        HmmHarness.Outcome out = HmmHarness.run("deviceMemory: 64MiB", "{numa: [64MiB], content: bytes, "
                + "manager: {swap: 0B}}", (c, gpu) -> {
                    AddressSpace p = mm(c).createAddressSpace("app");
                    long va = base(mm(c), p, 4 * MIB);
                    mm(c).write(p, va, pattern((int) (4 * MIB), 8), 0, (int) (4 * MIB));
                    gpu.migrateToDevice(p, va, 4 * MIB, s -> {
                        long rest = mm(c).physicalMemory().freeBytes();
                        mm(c).advise(p, base(mm(c), p, rest), rest, org.iopf.api.mem.Advice.WILL_NEED);
                        mm(c).faultIn(p, va, Access.READ, r -> {
                            seen.values.add(r.result());
                            seen.values.add(gpu.pressured());
                            gpu.migrateToDevice(p, va, 4 * MIB, again -> {
                                seen.values.add(again.blockedBytes());
                                c.finish();
                            });
                        });
                    });
                });

        assertThat(seen.values).containsExactly(org.iopf.api.mem.FaultInResult.OUT_OF_MEMORY, true, 4 * MIB);
        assertThat(out.figure("node1.gpu.pressure.events")).isEqualTo(1);
        assertThat(out.figure("node1.gpu.pressure.configured")).as("64 MiB device on a 64 MiB host").isEqualTo(1);
        assertThat(out.figure("sim.finished")).isEqualTo(1);
    }

    @Test
    void theSameRunTwiceGivesTheSameFigures() {
        HmmHarness.Outcome first = pingPongRound();
        HmmHarness.Outcome second = pingPongRound();

        assertThat(second.result().figures()).isEqualTo(first.result().figures().stream()
                .map(f -> f.name().startsWith("wall.")
                        ? second.result().figure(f.name()).orElseThrow() : f).toList());
    }

    private static HmmHarness.Outcome pingPongRound() {
        return HmmHarness.run(DEVICE + ", trackingGranularity: 64KiB", BYTES_MEMORY, (c, gpu) -> {
            AddressSpace p = mm(c).createAddressSpace("app");
            long va = base(mm(c), p, 256 * KIB);
            mm(c).write(p, va, pattern((int) (256 * KIB), 9), 0, (int) (256 * KIB));
            round(c, gpu, p, va, 3, new Seen());
        });
    }

    @Test
    void inMirrorModeCpuWritesThatEndMirrorsCountAsPingPongToo() {
        Seen seen = new Seen();
        HmmHarness.Outcome out = HmmHarness.run(DEVICE + ", mode: mirror, trackingGranularity: 64KiB, "
                + "pingPongThreshold: 2", BYTES_MEMORY, (c, gpu) -> {
                    AddressSpace p = mm(c).createAddressSpace("app");
                    long va = base(mm(c), p, 256 * KIB);
                    mm(c).write(p, va, pattern((int) (256 * KIB), 10), 0, (int) (256 * KIB));
                    mirrorRound(c, gpu, p, va, 3, seen);
                });

        assertThat(seen.values).extracting(v -> ((MigrationSummary) v).blockedBytes())
                .containsExactly(0L, 0L, 64 * KIB);
        assertThat(out.figure("node1.gpu.pingPong.blockedRanges")).isEqualTo(1);
        assertThat(out.figure("node1.gpu.faultBacks")).as("mirror mode never faults back").isZero();
    }

    /** Mirrors the range, then the CPU writes its first page; {@code left} times. */
    private static void mirrorRound(WorkloadContext c, HmmDevice gpu, AddressSpace p, long va, int left, Seen seen) {
        if (left == 0) {
            c.finish();
            return;
        }
        gpu.migrateToDevice(p, va, 256 * KIB, s -> {
            seen.values.add(s);
            mm(c).write(p, va, new byte[] {1}, 0, 1);
            mirrorRound(c, gpu, p, va, left - 1, seen);
        });
    }
}
