package org.iopf.plugin.smmuv3pri;

import static org.assertj.core.api.Assertions.assertThat;

import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressRange;
import org.junit.jupiter.api.Test;

/**
 * Invalidations reach the endpoint's ATC: CMD_ATC_INV with the PASID and a range covering the
 * pages, before CMD_SYNC completes; an endpoint slower than the timeout is counted; an MMU
 * notifier (munmap) clears the shared PTEs and invalidates TLB and ATC.
 */
final class AtcInvalidationTest {
    private static final long PAGE = 4096;

    @Test
    void anInvalidatedRangeReachesTheAtcWithItsPasid() {
        SmmuBench b = new SmmuBench("", "linux-iopf").withEndpoint();
        int pasid = b.smmu.pasidOf(SmmuBench.STREAM);

        b.smmu.invalidate(SmmuBench.DOMAIN, new AddressRange(b.va + 3 * PAGE, 3 * PAGE));

        assertThat(b.endpoint.invalidations).isNotEmpty();
        long covered = 0;
        for (long[] inv : b.endpoint.invalidations) {
            assertThat(inv[0]).isEqualTo(pasid);
            assertThat(Long.bitCount(inv[2])).as("a power-of-two span").isEqualTo(1);
            assertThat(inv[1] % inv[2]).as("aligned to its span").isZero();
            covered += Math.max(0, Math.min(inv[1] + inv[2], b.va + 6 * PAGE) - Math.max(inv[1], b.va + 3 * PAGE));
        }
        assertThat(covered).isEqualTo(3 * PAGE);
        assertThat(b.counter("node1.smmu.cmdq.atcInv")).isEqualTo(b.endpoint.invalidations.size());
        assertThat(b.counter("node1.smmu.atc.invTimeouts")).isZero();
    }

    @Test
    void anEndpointSlowerThanTheTimeoutIsCounted() {
        SmmuBench b = new SmmuBench("atcInvalidationTimeout: 10us", "linux-iopf").withEndpoint();
        b.endpoint.answerNanos = 50_000;

        b.smmu.invalidate(SmmuBench.DOMAIN, new AddressRange(b.va, PAGE));

        assertThat(b.counter("node1.smmu.atc.invTimeouts")).isEqualTo(1);
    }

    @Test
    void munmapClearsTheSharedTableAndInvalidatesTlbAndAtcBeforeItReturns() {
        SmmuBench b = new SmmuBench("", "linux-iopf").withEndpoint();
        int pasid = b.smmu.pasidOf(SmmuBench.STREAM);
        Smmuv3Hardware hw = b.smmu.hardware();
        hw.pageRequest(5, pasid, b.va, Access.WRITE, 1, true);
        b.bench.run();
        assertThat(hw.atsTranslate(5, pasid, b.va, Access.WRITE).translated()).isTrue();
        long tlbiBefore = b.counter("node1.smmu.cmdq.tlbi");

        b.memory.munmap(b.space, b.va, 1 << 20);

        assertThat(b.endpoint.invalidations).isNotEmpty();
        assertThat(b.counter("node1.smmu.cmdq.tlbi")).isGreaterThan(tlbiBefore);
        assertThat(hw.atsTranslate(5, pasid, b.va, Access.READ).translated()).as("no stale translation").isFalse();
    }
}
