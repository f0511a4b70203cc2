package org.iopf.plugin.infinibandnpf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.mem.Advice;
import org.iopf.api.nic.MemoryRegion;
import org.iopf.api.nic.QueuePair;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.nic.RegistrationResult;
import org.iopf.api.nic.WorkCompletion;
import org.iopf.api.nic.WorkRequest;
import org.junit.jupiter.api.Test;

/**
 * Implicit on-demand paging (IBV_ACCESS_ON_DEMAND with address 0 and length SIZE_MAX, mlx5
 * {@code mlx5_ib_alloc_implicit_mr}): one key for the whole address space, 1 GiB children created by
 * the first fault of their range and destroyed when an invalidation empties them.
 */
final class ImplicitOdpTest {
    private static final int PAGE = 4096;
    private static final long GIB = 1L << 30;

    private final HcaTestbed bed = new HcaTestbed();
    private long src;
    private MemoryRegion source;
    private QueuePair[] qp;
    private long id;

    private MemoryRegion implicitRegion() {
        RegistrationResult result = bed.b.hca.registerMemory(bed.b.pd, 0, NpfHca.IMPLICIT_LENGTH, true, true, true);
        return result.requireRegion();
    }

    private void setUpSource() {
        src = bed.a.mapFilled(2 * PAGE, 4);
        source = bed.a.register(src, 2 * PAGE, false);
        qp = bed.connect(QueuePairConfig.DEFAULT);
    }

    private void write(long srcOffset, long length, long dst, MemoryRegion target) {
        qp[0].postSend(WorkRequest.write(++id, source, src + srcOffset, length, dst, target.rkey()));
        bed.run();
    }

    @Test
    void oneKeyCoversTheWholeSpaceAndEachGibOfItGetsAChildOnItsFirstFault() {
        setUpSource();
        long buffer = bed.b.map(3 * GIB);
        MemoryRegion all = implicitRegion();
        assertThat(all.address()).isZero();
        assertThat(all.onDemand()).isTrue();
        OdpRegion table = bed.b.hca.region(all.lkey());
        assertThat(table.implicit()).isTrue();
        assertThat(table.children()).isZero();

        write(0, PAGE, buffer, all);
        long far = buffer + 2 * GIB;
        write(PAGE, PAGE, far, all);
        write(0, PAGE, buffer + PAGE, all);
        assertThat(bed.a.sent).extracting(WorkCompletion::isSuccess).containsExactly(true, true, true);
        assertThat(bed.b.read(buffer, PAGE)).isEqualTo(bed.a.read(src, PAGE));
        assertThat(bed.b.read(far, PAGE)).isEqualTo(bed.a.read(src + PAGE, PAGE));
        assertThat(table.children()).isEqualTo(2);
        assertThat(table.childStarts()).containsExactly(buffer & -GIB, far & -GIB);
        assertThat(bed.b.counter("implicit.children")).isEqualTo(2);
        assertThat(bed.b.counter("npf.faults")).isEqualTo(3);
        assertThat(bed.b.counter("odp.mr" + all.lkey() + ".page_faults")).isEqualTo(3);

        List<String> odp = bed.b.hca.render("odp");
        assertThat(odp.get(1)).contains("implicit").endsWith(" 2");
        assertThat(bed.b.hca.render("regions").get(1)).contains("odpImp", "SIZE_MAX");
    }

    @Test
    void oneFaultAcrossAGibBoundaryCreatesBothChildren() {
        setUpSource();
        long buffer = bed.b.map(2 * GIB);
        long boundary = (buffer + GIB) & -GIB;
        MemoryRegion all = implicitRegion();
        write(0, 2 * PAGE, boundary - PAGE, all);
        assertThat(bed.a.sent).extracting(WorkCompletion::isSuccess).containsExactly(true);
        assertThat(bed.b.counter("npf.faults")).isEqualTo(1);
        assertThat(bed.b.hca.region(all.lkey()).childStarts()).containsExactly(boundary - GIB, boundary);
        assertThat(bed.b.read(boundary - PAGE, 2 * PAGE)).isEqualTo(bed.a.read(src, 2 * PAGE));
    }

    @Test
    void aChildLeftWithoutEntriesByAnInvalidationIsDestroyedAndComesBackOnTheNextFault() {
        setUpSource();
        long buffer = bed.b.map(PAGE);
        MemoryRegion all = implicitRegion();
        OdpRegion table = bed.b.hca.region(all.lkey());
        write(0, PAGE, buffer, all);
        assertThat(table.children()).isEqualTo(1);
        bed.b.mm.advise(bed.b.space, buffer, PAGE, Advice.DONT_NEED);
        assertThat(table.children()).isZero();
        assertThat(bed.b.counter("implicit.childrenDestroyed")).isEqualTo(1);
        assertThat(bed.b.counter("odp.mr" + all.lkey() + ".page_invalidations")).isEqualTo(1);

        write(PAGE, PAGE, buffer, all);
        assertThat(bed.a.sent).extracting(WorkCompletion::isSuccess).containsExactly(true, true);
        assertThat(table.children()).isEqualTo(1);
        assertThat(bed.b.counter("implicit.children")).isEqualTo(2);
        assertThat(bed.b.read(buffer, PAGE)).isEqualTo(bed.a.read(src + PAGE, PAGE));
    }

    @Test
    void aWriteToAnAddressTheProcessHasNotMappedIsARemoteAccessError() {
        setUpSource();
        long buffer = bed.b.map(PAGE);
        MemoryRegion all = implicitRegion();
        write(0, PAGE, buffer + 64 * GIB, all);
        assertThat(bed.a.sent).hasSize(1);
        assertThat(bed.a.sent.get(0).isSuccess()).isFalse();
        assertThat(bed.b.hca.region(all.lkey()).children()).isZero();
        assertThat(bed.b.counter("npf.failed")).isEqualTo(1);
    }

    @Test
    void adviseOnTheImplicitRegionCreatesTheChildrenItMaps() {
        long buffer = bed.b.map(4 * PAGE);
        MemoryRegion all = implicitRegion();
        List<AdviseStatus> statuses = new ArrayList<>();
        bed.b.hca.adviseMemoryRegion(bed.b.pd, OdpAdvice.PREFETCH_WRITE, OdpAdvice.FLAG_FLUSH,
                List.of(new Sge(buffer, 4 * PAGE, all.lkey())), statuses::add);
        bed.run();
        assertThat(statuses).containsExactly(AdviseStatus.OK);
        assertThat(bed.b.hca.region(all.lkey()).presentEntries()).isEqualTo(4);
        assertThat(bed.b.counter("implicit.children")).isPositive();
        assertThat(bed.b.counter("odp.mr" + all.lkey() + ".page_prefetch")).isEqualTo(4);
    }

    @Test
    void onlyAddressZeroWithSizeMaxIsImplicitAndItMustBeOnDemand() {
        assertThat(bed.b.hca.registerMemory(bed.b.pd, 0, NpfHca.IMPLICIT_LENGTH, true, true, false))
                .isInstanceOf(RegistrationResult.Refused.class);
        assertThat(bed.b.hca.registerMemory(bed.b.pd, 0, -2, true, true, true))
                .isInstanceOf(RegistrationResult.Refused.class);
        assertThat(bed.b.hca.registerMemory(bed.b.pd, PAGE, NpfHca.IMPLICIT_LENGTH, true, true, true))
                .isInstanceOf(RegistrationResult.Refused.class);
    }
}
