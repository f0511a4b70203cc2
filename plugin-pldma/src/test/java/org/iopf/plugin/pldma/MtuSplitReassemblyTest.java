package org.iopf.plugin.pldma;

import static org.assertj.core.api.Assertions.assertThat;

import org.iopf.api.dma.DmaStatus;
import org.iopf.api.nic.MtuSplit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

final class MtuSplitReassemblyTest {
    private static final long REGION = 8L << 20;

    @ParameterizedTest(name = "write {0} B at +{1}/+{2}")
    @CsvSource({"1,0,0", "255,0,0", "256,0,0", "16383,0,0", "16384,0,0", "16385,0,0", "4194304,0,0",
            "16385,100,7", "4194304,255,4095", "255,4095,1"})
    void anRdmaWriteArrivesByteExactOnPagesThatFaultInOnDemand(int length, long srcOffset, long dstOffset) {
        PldmaTestbed bed = PldmaTestbed.standard();
        long src = PldmaTestbed.map(bed.node1, bed.space1, REGION);
        long dst = PldmaTestbed.map(bed.node2, bed.space2, REGION);
        PldmaTestbed.fill(bed.node1, bed.space1, src, REGION, 42);
        assertThat(bed.library1.register(src, REGION)).isTrue();
        assertThat(bed.library2.register(dst, REGION)).isTrue();

        bed.library1.rdmaWrite(0, src + srcOffset, bed.node2.id(), dst + dstOffset, length, bed.completions::add);
        bed.run();

        long blocks = (length + 16383) / 16384;
        assertThat(bed.completions).singleElement().satisfies(c -> {
            assertThat(c.status()).isEqualTo(DmaStatus.OK);
            assertThat(c.bytes()).isEqualTo(length);
            assertThat(c.blocks()).isEqualTo(blocks);
        });
        assertThat(PldmaTestbed.read(bed.node2, bed.space2, dst + dstOffset, length))
                .isEqualTo(PldmaTestbed.read(bed.node1, bed.space1, src + srcOffset, length));
        assertThat(PldmaTestbed.read(bed.node2, bed.space2, dst + dstOffset + length, 1)).containsExactly(0);
        // every byte written exactly once at the destination
        assertThat(bed.metric("node2.dma.bytes.written")).isEqualTo(length);
        // each 16 KiB block is cut at 256 B boundaries of its own source address; packets resent
        // after a destination fault are counted as retransmissions, nothing else is sent
        long packets = 0;
        for (long offset = 0; offset < length; offset += 16384) {
            packets += MtuSplit.packets(src + srcOffset + offset, Math.min(16384, length - offset), 256);
        }
        assertThat(bed.metric("node1.dma.packets.sent"))
                .isEqualTo(packets + bed.metric("node1.dma.retransmissions"));
        assertThat(bed.metric("node2.dma.packets.duplicate")).isZero();
        // the destination was never touched: its first packet of every page faults
        assertThat(bed.metric("node2.dma.faults.destination")).isGreaterThanOrEqualTo((length + 4095) / 4096);
    }

    @ParameterizedTest(name = "read {0} B")
    @CsvSource({"1", "255", "256", "16383", "16384", "16385", "4194304"})
    void anRdmaReadArrivesByteExact(int length) {
        PldmaTestbed bed = PldmaTestbed.standard();
        long local = PldmaTestbed.map(bed.node1, bed.space1, REGION);
        long remote = PldmaTestbed.map(bed.node2, bed.space2, REGION);
        PldmaTestbed.fill(bed.node2, bed.space2, remote, REGION, 7);
        bed.library1.register(local, REGION);
        bed.library2.register(remote, REGION);

        bed.library1.rdmaRead(3, local + 10, bed.node2.id(), remote + 20, length, bed.completions::add);
        bed.run();

        assertThat(bed.completions).singleElement().satisfies(c -> {
            assertThat(c.status()).isEqualTo(DmaStatus.OK);
            assertThat(c.operation()).isEqualTo(RdmaOperation.READ);
            assertThat(c.bytes()).isEqualTo(length);
        });
        assertThat(PldmaTestbed.read(bed.node1, bed.space1, local + 10, length))
                .isEqualTo(PldmaTestbed.read(bed.node2, bed.space2, remote + 20, length));
        assertThat(bed.metric("node1.dma.bytes.written")).isEqualTo(length);
    }
}
