package org.iopf.plugin.pldma;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.dma.DmaStatus;
import org.iopf.api.observe.Tracer;
import org.iopf.api.sim.Time;
import org.junit.jupiter.api.Test;

final class EngineBehaviourTest {
    private static final long LENGTH = 64 * 1024;

    @Test
    void theR5ShowsABlockFaultedWhileItsFaultIsResolvedAndEveryBlockDoneAtTheEnd() {
        PldmaTestbed bed = PldmaTestbed.config().faults("resolveLatency", "200us").build();
        long src = PldmaTestbed.map(bed.node1, bed.space1, LENGTH);
        long dst = PldmaTestbed.map(bed.node2, bed.space2, LENGTH);
        PldmaTestbed.fill(bed.node1, bed.space1, src, LENGTH, 1);
        bed.library1.register(src, LENGTH);
        bed.library2.register(dst, LENGTH);

        bed.library1.rdmaWrite(0, src, bed.node2.id(), dst, LENGTH, bed.completions::add);
        bed.sim.kernel().runUntil(Time.micros(100));

        // two blocks moving on channel 0 (double buffering), both paused on their first page; the
        // other two accepted by the PLDMA and waiting in the channel's queue
        assertThat(bed.library1.blocksIn(BlockState.FAULTED)).isEqualTo(2);
        assertThat(bed.library1.blocksIn(BlockState.ACTIVE)).isEqualTo(2);
        assertThat(bed.engine1.render("transfers")).anyMatch(line -> line.contains("ch0 QUEUED"));
        assertThat(bed.engine1.render("r5")).contains("FAULTED 2");

        bed.run();
        assertThat(bed.library1.blocksIn(BlockState.DONE)).isEqualTo(4);
        assertThat(bed.library1.blocksIn(BlockState.FAULTED)).isZero();
        assertThat(bed.completions).singleElement().satisfies(c -> assertThat(c.status()).isEqualTo(DmaStatus.OK));
    }

    @Test
    void pinnedRegistrationStopsAtThePinnableLimitAndNeedsNoFaultHandler() {
        PldmaTestbed bed = PldmaTestbed.config().pinned(true).pinnableLimit(256 * 1024).faultHandler("terminate")
                .build();
        long src = PldmaTestbed.map(bed.node1, bed.space1, 1L << 20);
        long dst = PldmaTestbed.map(bed.node2, bed.space2, 1L << 20);
        PldmaTestbed.fill(bed.node1, bed.space1, src, LENGTH, 3);

        assertThat(bed.library1.register(src, LENGTH)).isTrue();
        assertThat(bed.library2.register(dst, LENGTH)).isTrue();
        assertThat(bed.library1.register(src + LENGTH, 256 * 1024)).isFalse();
        assertThat(bed.library1.pinnedBytes()).isEqualTo(LENGTH);

        bed.library1.rdmaWrite(0, src, bed.node2.id(), dst, LENGTH, bed.completions::add);
        bed.run();

        assertThat(bed.completions).singleElement().satisfies(c -> assertThat(c.status()).isEqualTo(DmaStatus.OK));
        assertThat(bed.node2.faultQueue().raised() + bed.node1.faultQueue().raised()).isZero();
        assertThat(PldmaTestbed.read(bed.node2, bed.space2, dst, (int) LENGTH))
                .isEqualTo(PldmaTestbed.read(bed.node1, bed.space1, src, (int) LENGTH));
    }

    @Test
    void aFaultTheHandlerTerminatesFailsTheRequestInsteadOfHangingIt() {
        PldmaTestbed bed = PldmaTestbed.config().faultHandler("terminate").build();
        long src = PldmaTestbed.map(bed.node1, bed.space1, LENGTH);
        long dst = PldmaTestbed.map(bed.node2, bed.space2, LENGTH);
        PldmaTestbed.fill(bed.node1, bed.space1, src, LENGTH, 3);
        bed.library1.register(src, LENGTH);
        bed.library2.register(dst, LENGTH); // nothing resident: the first packet faults

        bed.library1.rdmaWrite(0, src, bed.node2.id(), dst, LENGTH, bed.completions::add);
        bed.run();

        assertThat(bed.completions).singleElement().satisfies(c -> {
            assertThat(c.status()).isEqualTo(DmaStatus.FAULT_TERMINATED);
            assertThat(c.bytes()).isZero();
            assertThat(c.latencyNanos()).isLessThan(Time.millis(1));
        });
        assertThat(bed.library1.blocksIn(BlockState.FAILED)).isEqualTo(4);
        assertThat(bed.metric("node2.dma.bytes.written")).isZero();
    }

    @Test
    void aCallOnUnregisteredMemoryCompletesWithAnError() {
        PldmaTestbed bed = PldmaTestbed.standard();
        long src = PldmaTestbed.map(bed.node1, bed.space1, LENGTH);

        bed.library1.rdmaWrite(0, src, bed.node2.id(), src, 100, bed.completions::add);
        bed.run();

        assertThat(bed.completions).singleElement().satisfies(c -> assertThat(c.status()).isEqualTo(DmaStatus.ERROR));
    }

    @Test
    void transfersAreTracedAsSlicesAndInstantsOnTheirChannelsTrack() {
        List<String> slices = new ArrayList<>();
        Tracer tracer = new Tracer() {
            @Override
            public boolean enabled() {
                return true;
            }

            @Override
            public void slice(String track, String name, long startNanos, long durationNanos, long flowId) {
                slices.add(track + " " + name);
            }

            @Override
            public void instant(String track, String name, long flowId) {
                slices.add(track + " " + name);
            }

            @Override
            public void counter(String track, String name, long value) {
            }
        };
        PldmaTestbed bed = PldmaTestbed.config().tracer(tracer).build();
        long src = PldmaTestbed.map(bed.node1, bed.space1, LENGTH);
        long dst = PldmaTestbed.map(bed.node2, bed.space2, LENGTH);
        PldmaTestbed.fill(bed.node1, bed.space1, src, LENGTH, 3);
        bed.library1.register(src, LENGTH);
        bed.library2.register(dst, LENGTH);

        bed.library1.rdmaWrite(7, src, bed.node2.id(), dst, 16384, bed.completions::add);
        bed.run();

        // the destination's four pages fault one after the other on the channel's track; the CPU
        // cores record the R5's and the library's work items themselves, the IOMMU and the fault
        // queue the faults
        List<String> pause = List.of("node1/dma/ch7 pldma/remote-fault", "node1/dma/ch7 pldma/paused",
                "node1/dma/ch7 pldma/resume");
        List<String> expected = new ArrayList<>();
        for (int page = 0; page < 4; page++) {
            expected.addAll(pause);
        }
        expected.add("node1/dma/ch7 pldma/transfer");
        assertThat(slices.stream().filter(s -> s.startsWith("node1/dma/ch7 ")).toList())
                .containsExactlyElementsOf(expected);
        assertThat(slices).contains("node1/r5.0 pldma/r5-program", "node1/a53.0 pldma/lib-call",
                "node2/iommu fault/TRANSLATION", "node2/faultQueue fault/retry");
    }

    @Test
    void asADmaEngineRoleItCopiesWithinItsOwnNodeThroughTheFabricLoopback() {
        PldmaTestbed bed = PldmaTestbed.standard();
        long src = PldmaTestbed.map(bed.node1, bed.space1, LENGTH);
        long dst = PldmaTestbed.map(bed.node1, bed.space1, LENGTH);
        PldmaTestbed.fill(bed.node1, bed.space1, src, LENGTH, 8);
        bed.library1.register(src, LENGTH);
        bed.library1.register(dst, LENGTH);
        List<org.iopf.api.dma.DmaCompletion> completions = new ArrayList<>();

        bed.engine1.submit(new org.iopf.api.dma.DmaDescriptor(1, PldmaTestbed.STREAM, 0, src, bed.node1.id(), dst,
                LENGTH), completions::add);
        bed.run();

        assertThat(completions).singleElement().satisfies(c -> assertThat(c.status()).isEqualTo(DmaStatus.OK));
        assertThat(PldmaTestbed.read(bed.node1, bed.space1, dst, (int) LENGTH))
                .isEqualTo(PldmaTestbed.read(bed.node1, bed.space1, src, (int) LENGTH));
    }

    @Test
    void theInspectionViewsDescribeChannelsTransfersAndTheR5() {
        PldmaTestbed bed = PldmaTestbed.standard();
        assertThat(bed.engine1.views()).containsExactly("channels", "transfers", "r5");
        assertThat(bed.engine1.render("transfers").get(0)).startsWith("in flight 0 (peak 0, limit 1024)");
        assertThatThrownBy(() -> bed.engine1.render("registers")).isInstanceOf(IllegalArgumentException.class);
    }
}
