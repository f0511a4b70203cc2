package org.iopf.plugin.infinibandnpf;

import static org.assertj.core.api.Assertions.assertThat;

import org.iopf.api.nic.MemoryRegion;
import org.iopf.api.nic.QueuePair;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.nic.WorkRequest;
import org.junit.jupiter.api.Test;

/** The five NPF phases with the default costs: exact figures and the seed's ranges (B1, B2). */
final class NpfPhasesTest {
    /** Writes {@code length} bytes from a pinned source into a never-touched on-demand target. */
    private static HcaTestbed faultOnce(long length) {
        HcaTestbed bed = new HcaTestbed();
        long src = bed.a.mapFilled(length, 1);
        MemoryRegion source = bed.a.register(src, length, false);
        long dst = bed.b.map(length);
        MemoryRegion target = bed.b.register(dst, length, true);
        QueuePair[] qp = bed.connect(QueuePairConfig.DEFAULT);
        qp[0].postSend(WorkRequest.write(1, source, src, length, dst, target.rkey()));
        bed.run();
        assertThat(bed.a.sent).singleElement().matches(wc -> wc.isSuccess());
        assertThat(bed.b.read(dst, (int) length)).isEqualTo(bed.a.read(src, (int) length));
        return bed;
    }

    private static long mean(HcaTestbed.Side side, String name) {
        return Math.round(side.histogram("npf." + name).mean());
    }

    @Test
    void aFourKibFaultTakesEachPhaseAtItsDefaultCost() {
        HcaTestbed bed = faultOnce(4096);
        HcaTestbed.Side b = bed.b;
        assertThat(b.counter("npf.faults")).isEqualTo(1);
        assertThat(b.counter("npf.entries")).isEqualTo(1);
        assertThat(mean(b, "detection")).isEqualTo(28_005);
        assertThat(mean(b, "interrupt")).isEqualTo(42_000 + 4_000);
        assertThat(mean(b, "driver")).isEqualTo(3_004);
        // OS zero-fill (1 us) + allocation on the host (4 us + 80 ns) + firmware (58 us)
        assertThat(mean(b, "memory")).isEqualTo(1_000 + 4_080 + 58_000);
        assertThat(mean(b, "pagetable")).isEqualTo(45 + 46_000);
        assertThat(mean(b, "resume")).isEqualTo(18_000);
        assertThat(mean(b, "latency")).isEqualTo(28_005 + 46_000 + 3_004 + 63_080 + 46_045 + 18_000);
        assertThat(mean(b, "hca")).isEqualTo(28_005 + 42_000 + 58_000 + 46_000 + 18_000);
        assertThat(b.counter("npf.hcaPercent")).isEqualTo(Math.round(100.0 * 192_005 / 204_134));
    }

    @Test
    void aFourMibFaultCostsMoreBecauseItMapsAThousandPages() {
        HcaTestbed bed = faultOnce(4L << 20);
        HcaTestbed.Side b = bed.b;
        assertThat(b.counter("npf.faults")).isEqualTo(1);
        assertThat(b.counter("npf.entries")).isEqualTo(1024);
        assertThat(mean(b, "detection")).isEqualTo(28_000 + 1024 * 5);
        assertThat(mean(b, "driver")).isEqualTo(3_000 + 1024 * 4);
        assertThat(mean(b, "memory")).isEqualTo(1_000 + 4_000 + 1024 * 80 + 58_000);
        assertThat(mean(b, "pagetable")).isEqualTo(1024 * 45 + 46_000);
        assertThat(mean(b, "latency")).isEqualTo(33_120 + 46_000 + 7_096 + 144_920 + 92_080 + 18_000);
    }

    @Test
    void bothMessageSizesFallInsideTheSeedsRanges() {
        long[][] ranges4k = {{25_000, 30_000}, {40_000, 50_000}, {60_000, 70_000}, {45_000, 50_000}, {15_000, 20_000}};
        long[][] ranges4m = {{30_000, 35_000}, {45_000, 55_000}, {120_000, 150_000}, {80_000, 100_000},
            {15_000, 20_000}};
        check(faultOnce(4096).b, ranges4k, 220_000);
        check(faultOnce(4L << 20).b, ranges4m, 350_000);
    }

    /** B1's rows: detection, interrupt (HCA + ISR + driver), memory, page table, resume; B2's total ±10%. */
    private static void check(HcaTestbed.Side b, long[][] ranges, long total) {
        long[] rows = {mean(b, "detection"), mean(b, "interrupt") + mean(b, "driver"), mean(b, "memory"),
            mean(b, "pagetable"), mean(b, "resume")};
        for (int i = 0; i < rows.length; i++) {
            assertThat(rows[i]).as("B1 row %d", i).isBetween(ranges[i][0], ranges[i][1]);
        }
        assertThat((double) mean(b, "latency")).isCloseTo(total, org.assertj.core.data.Percentage.withPercentage(10));
    }
}
