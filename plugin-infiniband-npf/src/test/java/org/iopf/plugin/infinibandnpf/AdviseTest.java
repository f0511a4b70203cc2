package org.iopf.plugin.infinibandnpf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.nic.MemoryRegion;
import org.iopf.api.nic.ProtectionDomain;
import org.iopf.api.nic.QueuePair;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.nic.WorkCompletion;
import org.iopf.api.nic.WorkRequest;
import org.junit.jupiter.api.Test;

/**
 * {@code ibv_advise_mr} on the HCA (rdma-core {@code ibv_advise_mr.3.md}, mlx5
 * {@code mlx5_ib_advise_mr_prefetch}): each advice, with and without the flush flag, and the errors.
 */
final class AdviseTest {
    private static final int PAGE = 4096;

    private final HcaTestbed bed = new HcaTestbed();
    private final List<AdviseStatus> statuses = new ArrayList<>();
    private final List<Long> returnedAt = new ArrayList<>();
    private final List<Long> entriesAtReturn = new ArrayList<>();

    private void advise(ProtectionDomain pd, MemoryRegion mr, OdpAdvice advice, int flags, Sge... sgl) {
        OdpRegion region = bed.b.hca.region(mr.lkey());
        bed.b.hca.adviseMemoryRegion(pd, advice, flags, List.of(sgl), status -> {
            statuses.add(status);
            returnedAt.add(bed.now());
            entriesAtReturn.add(region.presentEntries());
        });
    }

    private static Sge whole(MemoryRegion mr) {
        return new Sge(mr.address(), mr.length(), mr.lkey());
    }

    @Test
    void prefetchWithFlushReturnsOnceEveryPageIsInTheHcaAndTheWriteThenDoesNotFault() {
        long dst = bed.b.map(4 * PAGE);
        MemoryRegion target = bed.b.register(dst, 4 * PAGE, true);
        advise(bed.b.pd, target, OdpAdvice.PREFETCH, OdpAdvice.FLAG_FLUSH, whole(target));
        bed.run();
        assertThat(statuses).containsExactly(AdviseStatus.OK);
        // memory preparation and translation update only: 4 us + 4 x 80 ns, 58 us, 4 x 45 ns, 46 us
        // plus the OS's zero-fill of four pages
        assertThat(returnedAt.get(0)).isGreaterThanOrEqualTo(4_000 + 320 + 58_000 + 180 + 46_000);
        assertThat(returnedAt.get(0)).isLessThan(204_100);
        assertThat(entriesAtReturn).containsExactly(4L);
        assertThat(bed.b.counter("advise.pages")).isEqualTo(4);
        assertThat(bed.b.counter("npf.faults")).isZero();
        assertThat(bed.b.space.entry(dst + 3 * PAGE).orElseThrow().present()).isTrue();

        long src = bed.a.mapFilled(4 * PAGE, 5);
        MemoryRegion source = bed.a.register(src, 4 * PAGE, false);
        QueuePair[] qp = bed.connect(QueuePairConfig.DEFAULT);
        qp[0].postSend(WorkRequest.write(1, source, src, 4 * PAGE, dst, target.rkey()));
        bed.run();
        assertThat(bed.a.sent).extracting(WorkCompletion::isSuccess).containsExactly(true);
        assertThat(bed.b.counter("npf.faults")).isZero();
        assertThat(bed.b.counter("rnr.naksSent")).isZero();
        assertThat(bed.b.read(dst, 4 * PAGE)).isEqualTo(bed.a.read(src, 4 * PAGE));
    }

    @Test
    void withoutFlushTheCallReturnsAtOnceAndTheWorkMapsThePagesLater() {
        long dst = bed.b.map(4 * PAGE);
        MemoryRegion target = bed.b.register(dst, 4 * PAGE, true);
        advise(bed.b.pd, target, OdpAdvice.PREFETCH_WRITE, 0, whole(target));
        bed.run();
        assertThat(statuses).containsExactly(AdviseStatus.OK);
        assertThat(returnedAt).containsExactly(0L);
        assertThat(entriesAtReturn).containsExactly(0L);
        assertThat(bed.b.hca.region(target.lkey()).presentEntries()).isEqualTo(4);
        assertThat(bed.now()).isGreaterThan(100_000);
        assertThat(bed.b.counter("advise.pages")).isEqualTo(4);
    }

    @Test
    void aWriteThatArrivesWhileQueuedWorkRunsJoinsItInsteadOfRaisingAFault() {
        long dst = bed.b.map(4 * PAGE);
        MemoryRegion target = bed.b.register(dst, 4 * PAGE, true);
        long src = bed.a.mapFilled(PAGE, 6);
        MemoryRegion source = bed.a.register(src, PAGE, false);
        QueuePair[] qp = bed.connect(QueuePairConfig.DEFAULT);
        advise(bed.b.pd, target, OdpAdvice.PREFETCH_WRITE, 0, whole(target));
        qp[0].postSend(WorkRequest.write(1, source, src, PAGE, dst, target.rkey()));
        bed.run();
        assertThat(bed.a.sent).extracting(WorkCompletion::isSuccess).containsExactly(true);
        assertThat(bed.b.counter("npf.faults")).isZero();
        assertThat(bed.b.counter("npf.joined")).isPositive();
        assertThat(bed.b.read(dst, PAGE)).isEqualTo(bed.a.read(src, PAGE));
    }

    @Test
    void noFaultMapsOnlyThePagesTheOsAlreadyHasAndFaultsNothingIn() {
        long dst = bed.b.map(4 * PAGE);
        bed.b.mm.write(bed.b.space, dst + PAGE, HcaTestbed.random(2 * PAGE, 3), 0, 2 * PAGE);
        MemoryRegion target = bed.b.register(dst, 4 * PAGE, true);
        advise(bed.b.pd, target, OdpAdvice.PREFETCH_NO_FAULT, OdpAdvice.FLAG_FLUSH, whole(target));
        bed.run();
        assertThat(statuses).containsExactly(AdviseStatus.OK);
        OdpRegion region = bed.b.hca.region(target.lkey());
        assertThat(entriesAtReturn).containsExactly(2L);
        assertThat(region.lookup(dst)).isEqualTo(-1);
        assertThat(region.lookup(dst + PAGE)).isNotNegative();
        assertThat(region.lookup(dst + 2 * PAGE)).isNotNegative();
        assertThat(region.lookup(dst + 3 * PAGE)).isEqualTo(-1);
        assertThat(bed.b.space.entry(dst).map(e -> e.present()).orElse(false)).isFalse();
        assertThat(bed.b.space.entry(dst + 3 * PAGE).map(e -> e.present()).orElse(false)).isFalse();
    }

    @Test
    void noFaultOnAColdRegionMapsNothingAndReturnsAtOnce() {
        long dst = bed.b.map(4 * PAGE);
        MemoryRegion target = bed.b.register(dst, 4 * PAGE, true);
        advise(bed.b.pd, target, OdpAdvice.PREFETCH_NO_FAULT, OdpAdvice.FLAG_FLUSH, whole(target));
        bed.run();
        assertThat(statuses).containsExactly(AdviseStatus.OK);
        assertThat(returnedAt).containsExactly(0L);
        assertThat(bed.b.counter("advise.pages")).isZero();
    }

    @Test
    void prefetchReadsAReadOnlyMappingWhilePrefetchWriteCannotMakeItWritable() {
        long ro = bed.b.mm.mmap(bed.b.space, 2 * PAGE, MapOptions.DEFAULT.withWritable(false));
        MemoryRegion target = bed.b.hca.registerMemory(bed.b.pd, ro, 2 * PAGE, false, true, true).requireRegion();
        advise(bed.b.pd, target, OdpAdvice.PREFETCH, OdpAdvice.FLAG_FLUSH, whole(target));
        bed.run();
        advise(bed.b.pd, target, OdpAdvice.PREFETCH_NO_FAULT, OdpAdvice.FLAG_FLUSH, whole(target));
        bed.run();
        assertThat(statuses).containsExactly(AdviseStatus.OK, AdviseStatus.OK);
        assertThat(entriesAtReturn).containsExactly(2L, 2L);

        long ro2 = bed.b.mm.mmap(bed.b.space, 2 * PAGE, MapOptions.DEFAULT.withWritable(false));
        MemoryRegion other = bed.b.hca.registerMemory(bed.b.pd, ro2, 2 * PAGE, false, true, true).requireRegion();
        advise(bed.b.pd, other, OdpAdvice.PREFETCH_WRITE, OdpAdvice.FLAG_FLUSH, whole(other));
        bed.run();
        assertThat(statuses).containsExactly(AdviseStatus.OK, AdviseStatus.OK, AdviseStatus.EFAULT);
        assertThat(bed.b.hca.region(other.lkey()).presentEntries()).isZero();
    }

    @Test
    void adviceOnAPinnedRegionIsRefusedWithEnoent() {
        long va = bed.b.mapFilled(PAGE, 1);
        MemoryRegion pinned = bed.b.register(va, PAGE, false);
        advise(bed.b.pd, pinned, OdpAdvice.PREFETCH, OdpAdvice.FLAG_FLUSH, whole(pinned));
        advise(bed.b.pd, pinned, OdpAdvice.PREFETCH, 0, whole(pinned));
        bed.run();
        assertThat(statuses).containsExactly(AdviseStatus.ENOENT, AdviseStatus.ENOENT);
        assertThat(bed.b.counter("advise.pages")).isZero();
    }

    @Test
    void aForeignDomainAnUnknownFlagAndAnUnknownKeyAreRefused() {
        long dst = bed.b.map(PAGE);
        MemoryRegion target = bed.b.register(dst, PAGE, true);
        ProtectionDomain other = bed.b.hca.allocateProtectionDomain(bed.b.space);
        ProtectionDomain foreign = bed.a.pd;
        advise(other, target, OdpAdvice.PREFETCH, OdpAdvice.FLAG_FLUSH, whole(target));
        advise(bed.b.pd, target, OdpAdvice.PREFETCH, 2, whole(target));
        advise(foreign, target, OdpAdvice.PREFETCH, OdpAdvice.FLAG_FLUSH, whole(target));
        advise(bed.b.pd, target, OdpAdvice.PREFETCH, OdpAdvice.FLAG_FLUSH, new Sge(dst, PAGE, 999));
        bed.run();
        assertThat(statuses).containsExactly(AdviseStatus.EPERM, AdviseStatus.EINVAL, AdviseStatus.EINVAL,
                AdviseStatus.ENOENT);
        assertThat(bed.b.hca.region(target.lkey()).presentEntries()).isZero();
    }

    @Test
    void aRangeOutsideTheRegionIsEfaultWithFlushAndSkippedByQueuedWork() {
        long dst = bed.b.map(4 * PAGE);
        MemoryRegion target = bed.b.register(dst, 2 * PAGE, true);
        Sge outside = new Sge(dst + PAGE, 2 * PAGE, target.lkey());
        Sge inside = new Sge(dst, PAGE, target.lkey());
        advise(bed.b.pd, target, OdpAdvice.PREFETCH_WRITE, OdpAdvice.FLAG_FLUSH, outside, inside);
        bed.run();
        assertThat(statuses).containsExactly(AdviseStatus.EFAULT);
        assertThat(bed.b.hca.region(target.lkey()).presentEntries()).isZero();

        advise(bed.b.pd, target, OdpAdvice.PREFETCH_WRITE, 0, outside, inside);
        bed.run();
        assertThat(statuses).containsExactly(AdviseStatus.EFAULT, AdviseStatus.OK);
        OdpRegion region = bed.b.hca.region(target.lkey());
        assertThat(region.presentEntries()).isEqualTo(1);
        assertThat(region.lookup(dst)).isNotNegative();
    }
}
