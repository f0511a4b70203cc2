package org.iopf.plugin.infinibandnpf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.iopf.api.mem.Advice;
import org.iopf.api.nic.MemoryRegion;
import org.iopf.api.nic.QueuePair;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.nic.WorkRequest;
import org.junit.jupiter.api.Test;

/**
 * Per-region ODP counters as mlx5 keeps {@code odp_stats} (restrack.c {@code fill_stat_mr_entry}):
 * pages faulted and faults handled, pages invalidated and invalidations handled, pages prefetched.
 */
final class OdpStatsTest {
    private static final int PAGE = 4096;

    @Test
    void faultsInvalidationsAndPrefetchesAreCountedOnTheirRegion() {
        HcaTestbed bed = new HcaTestbed();
        long src = bed.a.mapFilled(4 * PAGE, 1);
        MemoryRegion source = bed.a.register(src, 4 * PAGE, false);
        long dst = bed.b.map(8 * PAGE);
        MemoryRegion target = bed.b.register(dst, 8 * PAGE, true);
        long pinnedVa = bed.b.mapFilled(PAGE, 2);
        MemoryRegion pinned = bed.b.register(pinnedVa, PAGE, false);
        String mr = "odp.mr" + target.lkey() + ".";
        QueuePair[] qp = bed.connect(QueuePairConfig.DEFAULT);

        qp[0].postSend(WorkRequest.write(1, source, src, 4 * PAGE, dst, target.rkey()));
        bed.run();
        assertThat(bed.b.counter(mr + "page_faults")).isEqualTo(4);
        assertThat(bed.b.counter(mr + "page_faults_handled")).isEqualTo(1);

        bed.b.mm.advise(bed.b.space, dst + PAGE, 2 * PAGE, Advice.DONT_NEED);
        bed.b.mm.advise(bed.b.space, dst + 3 * PAGE, PAGE, Advice.DONT_NEED);
        assertThat(bed.b.counter(mr + "page_invalidations")).isEqualTo(3);
        assertThat(bed.b.counter(mr + "page_invalidations_handled")).isEqualTo(2);

        bed.b.hca.adviseMemoryRegion(bed.b.pd, OdpAdvice.PREFETCH_WRITE, OdpAdvice.FLAG_FLUSH,
                List.of(new Sge(dst, 8 * PAGE, target.lkey())), status -> { });
        bed.run();
        // pages 1..7 were missing
        assertThat(bed.b.counter(mr + "page_prefetch")).isEqualTo(7);
        assertThat(bed.b.counter(mr + "page_faults")).isEqualTo(4);
        assertThat(bed.sim.metrics().snapshot()).doesNotContainKey("node2.nic0.odp.mr" + pinned.lkey()
                + ".page_faults");

        List<String> odp = bed.b.hca.render("odp");
        assertThat(odp).hasSize(2);
        assertThat(odp.get(0)).contains("page_faults_handled", "page_invalidations_handled", "page_prefetch");
        assertThat(odp.get(1)).matches(target.lkey() + "\\s+explicit\\s+4\\s+1\\s+3\\s+2\\s+7\\s+-");
    }

    @Test
    void anInvalidationOfARegionWithoutEntriesIsNotHandled() {
        HcaTestbed bed = new HcaTestbed();
        long dst = bed.b.mapFilled(2 * PAGE, 3);
        MemoryRegion target = bed.b.register(dst, 2 * PAGE, true);
        bed.b.mm.advise(bed.b.space, dst, PAGE, Advice.DONT_NEED);
        assertThat(bed.b.counter("invalidations")).isEqualTo(1);
        assertThat(bed.b.counter("odp.mr" + target.lkey() + ".page_invalidations_handled")).isZero();
    }

    @Test
    void prefetchAtRegistrationCountsAsPrefetch() {
        HcaTestbed bed = new HcaTestbed(java.util.Map.of("prefetch", "true"));
        long dst = bed.b.map(3 * PAGE);
        MemoryRegion target = bed.b.register(dst, 3 * PAGE, true);
        assertThat(bed.b.counter("odp.mr" + target.lkey() + ".page_prefetch")).isEqualTo(3);
    }
}
