package org.iopf.plugin.infinibandnpf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.Advice;
import org.iopf.api.nic.MemoryRegion;
import org.iopf.api.nic.QueuePair;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.nic.WorkCompletion;
import org.iopf.api.nic.WorkRequest;
import org.iopf.api.sim.Time;
import org.junit.jupiter.api.Test;

/** MMU notifiers drop the HCA's translations before a frame is reused; a racing fault retries (B6). */
final class InvalidationTest {
    private static final int PAGE = 4096;

    private HcaTestbed bed;
    private long src;
    private long dst;
    private MemoryRegion source;
    private MemoryRegion target;
    private QueuePair[] qp;

    private void setUp(Map<String, String> nic) {
        bed = new HcaTestbed(nic);
        src = bed.a.mapFilled(2 * PAGE, 1);
        source = bed.a.register(src, 2 * PAGE, false);
        dst = bed.b.map(PAGE);
        target = bed.b.register(dst, PAGE, true);
        qp = bed.connect(QueuePairConfig.DEFAULT);
    }

    private long hcaFrame() {
        return bed.b.hca.region(target.lkey()).lookup(dst);
    }

    @Test
    void droppingAPageInvalidatesItsEntryAndTheNextWriteFaultsIntoTheNewFrame() {
        setUp(Map.of());
        qp[0].postSend(WorkRequest.write(1, source, src, PAGE, dst, target.rkey()));
        bed.run();
        assertThat(bed.b.mm.translate(bed.b.space, dst, Access.READ)).hasValue(hcaFrame());

        bed.b.mm.advise(bed.b.space, dst, PAGE, Advice.DONT_NEED);
        assertThat(hcaFrame()).isEqualTo(-1);
        assertThat(bed.b.counter("invalidations")).isEqualTo(1);
        assertThat(bed.b.counter("invalidatedEntries")).isEqualTo(1);

        qp[0].postSend(WorkRequest.write(2, source, src + PAGE, PAGE, dst, target.rkey()));
        bed.run();
        assertThat(bed.a.sent).extracting(WorkCompletion::isSuccess).containsExactly(true, true);
        assertThat(bed.b.counter("npf.faults")).isEqualTo(2);
        assertThat(bed.b.read(dst, PAGE)).isEqualTo(bed.a.read(src + PAGE, PAGE));
        assertThat(hcaFrame()).isEqualTo(bed.b.mm.translate(bed.b.space, dst, Access.READ).orElse(-1));
    }

    @Test
    void aReclaimedPageComesBackFromSwapThroughANewFault() {
        setUp(Map.of("minAckTimeout", "1ms", "localAckTimeout", "7"));
        qp[0].postSend(WorkRequest.write(1, source, src, PAGE, dst, target.rkey()));
        bed.run();
        assertThat(bed.b.mm.reclaim(PAGE)).isEqualTo(PAGE);
        assertThat(bed.b.space.entry(dst).orElseThrow().swapped()).isTrue();
        assertThat(hcaFrame()).isEqualTo(-1);

        // read it back into the source's second page: the responder faults (swap-in), drops the
        // READ, and serves it after the requester's timeout
        qp[0].postSend(WorkRequest.read(2, source, src + PAGE, PAGE, dst, target.rkey()));
        bed.run();
        assertThat(bed.a.sent).extracting(WorkCompletion::isSuccess).containsExactly(true, true);
        assertThat(bed.a.read(src + PAGE, PAGE)).isEqualTo(bed.a.read(src, PAGE));
        assertThat(bed.b.counter("read.faultDrops")).isEqualTo(1);
    }

    @Test
    void anInvalidationDuringMemoryPreparationMakesTheFaultRetry() {
        setUp(Map.of());
        qp[0].postSend(WorkRequest.write(1, source, src, PAGE, dst, target.rkey()));
        // the fault is detected at about 2 us; memory preparation runs from about 81 us to 144 us
        bed.sim.kernel().schedule(Time.micros(100), () -> {
            assertThat(bed.b.space.entry(dst).orElseThrow().present()).isTrue();
            bed.b.mm.advise(bed.b.space, dst, PAGE, Advice.DONT_NEED);
        });
        bed.run();
        assertThat(bed.b.counter("npf.retries")).isEqualTo(1);
        assertThat(bed.b.counter("npf.faults")).isEqualTo(1);
        assertThat(bed.b.read(dst, PAGE)).isEqualTo(bed.a.read(src, PAGE));
        assertThat(hcaFrame()).isEqualTo(bed.b.mm.translate(bed.b.space, dst, Access.READ).orElse(-1));
    }

    @Test
    void anInvalidationDuringTheTableUpdateIsCaughtBeforeTheEntryBecomesValid() {
        setUp(Map.of());
        qp[0].postSend(WorkRequest.write(1, source, src, PAGE, dst, target.rkey()));
        long[] frameBefore = new long[1];
        // the HCA executes the translation update from about 144 us to 190 us
        bed.sim.kernel().schedule(Time.micros(170), () -> {
            frameBefore[0] = bed.b.mm.translate(bed.b.space, dst, Access.READ).orElse(-1);
            bed.b.mm.advise(bed.b.space, dst, PAGE, Advice.DONT_NEED);
        });
        bed.run();
        assertThat(frameBefore[0]).isNotNegative();
        assertThat(bed.b.counter("npf.retries")).isEqualTo(1);
        assertThat(bed.b.read(dst, PAGE)).isEqualTo(bed.a.read(src, PAGE));
        assertThat(hcaFrame()).isEqualTo(bed.b.mm.translate(bed.b.space, dst, Access.READ).orElse(-1));
    }
}
