package org.iopf.plugin.infinibandnpf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iopf.api.nic.MemoryRegion;
import org.iopf.api.nic.QueuePair;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.nic.WorkCompletion;
import org.iopf.api.nic.WorkRequest;
import org.junit.jupiter.api.Test;

/**
 * What one fault maps: the whole operation before the transfer resumes (mlx5
 * {@code pagefault_single_data_segment}, the default), or a window of {@code maxPrefetch} bytes.
 */
final class FaultScopeTest {
    private static final int MIB = 1 << 20;

    private static HcaTestbed write(Map<String, String> nic, int bytes) {
        HcaTestbed bed = new HcaTestbed(nic);
        long src = bed.a.mapFilled(bytes, 9);
        MemoryRegion source = bed.a.register(src, bytes, false);
        long dst = bed.b.map(bytes);
        MemoryRegion target = bed.b.register(dst, bytes, true);
        QueuePair[] qp = bed.connect(QueuePairConfig.DEFAULT);
        qp[0].postSend(WorkRequest.write(1, source, src, bytes, dst, target.rkey()));
        bed.run();
        assertThat(bed.a.sent).extracting(WorkCompletion::isSuccess).containsExactly(true);
        assertThat(bed.b.read(dst, bytes)).isEqualTo(bed.a.read(src, bytes));
        return bed;
    }

    @Test
    void byDefaultOneFaultMapsTheWholeEightMibWrite() {
        HcaTestbed bed = write(Map.of(), 8 * MIB);
        assertThat(bed.b.counter("npf.faults")).isEqualTo(1);
        assertThat(bed.b.counter("npf.entries")).isEqualTo(2048);
        assertThat(bed.b.counter("odp.mr1.page_faults")).isEqualTo(2048);
        assertThat(bed.b.counter("odp.mr1.page_faults_handled")).isEqualTo(1);
    }

    @Test
    void aPrefetchWindowSplitsItIntoFourMibFaults() {
        HcaTestbed bed = write(Map.of("faultScope", "prefetch-window"), 8 * MIB);
        assertThat(bed.b.counter("npf.faults")).isEqualTo(2);
        assertThat(bed.b.counter("npf.entries")).isEqualTo(2048);
        assertThat(bed.b.counter("odp.mr1.page_faults_handled")).isEqualTo(2);
    }

    @Test
    void upToFourMibBothScopesRaiseTheSameSingleFault() {
        HcaTestbed whole = write(Map.of(), 4 * MIB);
        HcaTestbed window = write(Map.of("faultScope", "prefetch-window"), 4 * MIB);
        assertThat(whole.b.counter("npf.faults")).isEqualTo(1);
        assertThat(window.b.counter("npf.faults")).isEqualTo(1);
        assertThat(whole.b.histogram("npf.latency").mean()).isEqualTo(window.b.histogram("npf.latency").mean());
    }

    @Test
    void theWholeOperationFaultCostsMoreThanAFourMibOneByItsExtraEntries() {
        double four = write(Map.of(), 4 * MIB).b.histogram("npf.latency").mean();
        double eight = write(Map.of(), 8 * MIB).b.histogram("npf.latency").mean();
        // exactly 1024 more entries at 5 + 4 + 80 + 45 ns of per-entry cost (the OS's zero-fills
        // overlap the driver's fixed costs)
        assertThat(eight - four).isEqualTo(1024 * 134.0);
    }
}
