package org.iopf.plugin.pldma;

import static org.assertj.core.api.Assertions.assertThat;

import org.iopf.api.dma.DmaStatus;
import org.iopf.api.fault.FaultHandler;
import org.iopf.api.sim.Time;
import org.junit.jupiter.api.Test;

final class FaultResumeTest {
    private static final long LENGTH = 64 * 1024;

    @Test
    void aDestinationFaultMidTransferPausesItAndItResumesWithoutALostOrDuplicatedPacket() {
        PldmaTestbed bed = PldmaTestbed.standard();
        long src = PldmaTestbed.map(bed.node1, bed.space1, LENGTH);
        long dst = PldmaTestbed.map(bed.node2, bed.space2, LENGTH);
        PldmaTestbed.fill(bed.node1, bed.space1, src, LENGTH, 1);
        // every destination page resident (and so mapped at registration) except page 5
        bed.node2.memoryManager().fill(bed.space2, dst, 5 * 4096, 99);
        bed.node2.memoryManager().fill(bed.space2, dst + 6 * 4096, LENGTH - 6 * 4096, 99);
        bed.library1.register(src, LENGTH);
        bed.library2.register(dst, LENGTH);

        bed.library1.rdmaWrite(0, src, bed.node2.id(), dst, LENGTH, bed.completions::add);
        bed.run();

        assertThat(bed.completions).singleElement().satisfies(c -> assertThat(c.status()).isEqualTo(DmaStatus.OK));
        assertThat(PldmaTestbed.read(bed.node2, bed.space2, dst, (int) LENGTH))
                .isEqualTo(PldmaTestbed.read(bed.node1, bed.space1, src, (int) LENGTH));
        assertThat(bed.metric("node2.dma.faults.destination")).isEqualTo(1);
        assertThat(bed.node2.requireRole(FaultHandler.class).resolved()).isEqualTo(1);
        assertThat(bed.metric("node2.dma.bytes.written")).isEqualTo(LENGTH);
        assertThat(bed.metric("node2.dma.packets.duplicate")).isZero();
        // what was in flight behind the faulting packet was dropped and sent again after RESUME
        assertThat(bed.metric("node1.dma.retransmissions")).isEqualTo(bed.metric("node2.dma.packets.droppedWhileFaulted") + 1);
        assertThat(bed.metric("node1.dma.nacks.received")).isEqualTo(1);
        assertThat(bed.metric("node1.dma.timeouts")).isZero();
    }

    @Test
    void aSourceFaultPausesTheTransferUntilTheLocalHandlerMapsThePage() {
        PldmaTestbed bed = PldmaTestbed.standard();
        long src = PldmaTestbed.map(bed.node1, bed.space1, LENGTH);
        long dst = PldmaTestbed.map(bed.node2, bed.space2, LENGTH);
        bed.library1.register(src, LENGTH); // nothing resident yet: nothing mapped
        bed.library2.register(dst, LENGTH);
        PldmaTestbed.fill(bed.node1, bed.space1, src, LENGTH, 1);

        bed.library1.rdmaWrite(0, src, bed.node2.id(), dst, LENGTH, bed.completions::add);
        bed.run();

        assertThat(bed.completions).singleElement().satisfies(c -> assertThat(c.status()).isEqualTo(DmaStatus.OK));
        assertThat(PldmaTestbed.read(bed.node2, bed.space2, dst, (int) LENGTH))
                .isEqualTo(PldmaTestbed.read(bed.node1, bed.space1, src, (int) LENGTH));
        assertThat(bed.metric("node1.dma.faults.source")).isEqualTo(16);
        assertThat(bed.metric("node2.dma.bytes.written")).isEqualTo(LENGTH);
    }

    @Test
    void whileOneTransferWaitsForItsFaultTheOthersKeepMoving() {
        PldmaTestbed bed = PldmaTestbed.config().faults("resolveLatency", "200us").build();
        long src = PldmaTestbed.map(bed.node1, bed.space1, 2 * LENGTH);
        long dst = PldmaTestbed.map(bed.node2, bed.space2, 2 * LENGTH);
        PldmaTestbed.fill(bed.node1, bed.space1, src, 2 * LENGTH, 1);
        bed.node2.memoryManager().fill(bed.space2, dst + LENGTH, LENGTH, 2); // second half resident
        bed.library1.register(src, 2 * LENGTH);
        bed.library2.register(dst, 2 * LENGTH);

        bed.library1.rdmaWrite(0, src, bed.node2.id(), dst, LENGTH, bed.completions::add);
        bed.library1.rdmaWrite(1, src + LENGTH, bed.node2.id(), dst + LENGTH, LENGTH, bed.completions::add);
        bed.run();

        assertThat(bed.completions).hasSize(2).extracting(RdmaCompletion::status).containsOnly(DmaStatus.OK);
        RdmaCompletion resident = bed.completions.get(0);
        RdmaCompletion faulting = bed.completions.get(1);
        assertThat(resident.requestId()).isEqualTo(1);
        // 64 KiB at 10 Gbps (272 B on the wire per 256 B) takes 55.7 us: the resident stream is done
        // long before the first of the faulting stream's 200 us faults is resolved
        assertThat(resident.latencyNanos()).isLessThan(Time.micros(80));
        assertThat(faulting.latencyNanos()).isGreaterThan(Time.micros(16 * 200));
    }
}
