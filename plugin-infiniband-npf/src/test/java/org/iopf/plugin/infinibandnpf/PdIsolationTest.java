package org.iopf.plugin.infinibandnpf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iopf.api.nic.MemoryRegion;
import org.iopf.api.nic.ProtectionDomain;
import org.iopf.api.nic.QueuePair;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.nic.WorkCompletion;
import org.iopf.api.nic.WorkRequest;
import org.iopf.api.sim.Time;
import org.junit.jupiter.api.Test;

/**
 * B5 protection-domain isolation: a critical 4 KiB write in its own domain no longer waits behind a
 * low-priority domain's 4 MiB fault.
 */
final class PdIsolationTest {
    private static final long BIG = 4L << 20;

    /** Completion time of the small write posted together with a big one, both into untouched memory. */
    private static long smallWriteDone(boolean isolation, HcaTestbed[] out) {
        HcaTestbed bed = new HcaTestbed(Map.of("pdIsolation", Boolean.toString(isolation)));
        long src = bed.a.mapFilled(BIG, 1);
        MemoryRegion source = bed.a.register(src, BIG, false);
        long bulk = bed.b.map(BIG);
        MemoryRegion bulkRegion = bed.b.register(bulk, BIG, true);
        ProtectionDomain critical = bed.b.hca.allocateProtectionDomain(bed.b.space);
        long small = bed.b.map(4096);
        MemoryRegion smallRegion = bed.b.hca.registerMemory(critical, small, 4096, true, false, true).requireRegion();
        QueuePair[] lowPriority = bed.connect(bed.a.pd, bed.b.pd, QueuePairConfig.DEFAULT);
        QueuePair[] urgent = bed.connect(bed.a.pd, critical, QueuePairConfig.DEFAULT);
        lowPriority[0].postSend(WorkRequest.write(1, source, src, BIG, bulk, bulkRegion.rkey()));
        urgent[0].postSend(WorkRequest.write(2, source, src, 4096, small, smallRegion.rkey()));
        bed.run();
        assertThat(bed.a.sent).hasSize(2).allMatch(WorkCompletion::isSuccess);
        assertThat(bed.b.read(small, 4096)).isEqualTo(bed.a.read(src, 4096));
        out[0] = bed;
        return bed.a.sent.stream().filter(wc -> wc.wrId() == 2).findFirst().orElseThrow().timeNanos();
    }

    @Test
    void isolationLetsTheCriticalDomainsFaultRunAlongsideTheBulkOne() {
        HcaTestbed[] shared = new HcaTestbed[1];
        HcaTestbed[] isolated = new HcaTestbed[1];
        long sharedDone = smallWriteDone(false, shared);
        long isolatedDone = smallWriteDone(true, isolated);
        assertThat(shared[0].b.histogram("npf.queued").max()).isGreaterThan(Time.micros(300));
        assertThat(isolated[0].b.histogram("npf.queued").max()).isZero();
        assertThat(sharedDone).isGreaterThan(Time.micros(500));
        // still above a lone fault's ~210 us: both faults' driver work shares the host core
        assertThat(isolatedDone).isLessThan(Time.micros(300));
        assertThat(sharedDone - isolatedDone).isGreaterThan(Time.micros(250));
    }
}
