package org.iopf.plugin.pldma;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.dma.DmaCompletion;
import org.iopf.api.dma.DmaDescriptor;
import org.iopf.api.dma.DmaStatus;
import org.iopf.api.dma.DmaSubmitResult;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.mem.AddressSpace;
import org.junit.jupiter.api.Test;

final class ChannelLimitsTest {
    private final PldmaTestbed bed = PldmaTestbed.config().pinned(true).build();
    private final List<DmaCompletion> completions = new ArrayList<>();
    private long nextId;
    private final long src = PldmaTestbed.map(bed.node1, bed.space1, 1L << 20);
    private final long dst = PldmaTestbed.map(bed.node2, bed.space2, 1L << 20);

    ChannelLimitsTest() {
        PldmaTestbed.fill(bed.node1, bed.space1, src, 1L << 20, 9);
        bed.library1.register(src, 1L << 20);
        bed.library2.register(dst, 1L << 20);
    }

    private DmaSubmitResult submit(StreamId stream, int channel, long offset, long length) {
        return bed.engine1.submit(new DmaDescriptor(nextId++, stream, channel, src + offset,
                bed.node2.id(), dst + offset, length), completions::add);
    }

    @Test
    void aChannelHasTwoTransfersActiveAndQueuesTheThird() {
        for (int i = 0; i < 3; i++) {
            assertThat(submit(PldmaTestbed.STREAM, 5, i * 16384L, 16384)).isEqualTo(DmaSubmitResult.ACCEPTED);
        }
        assertThat(bed.engine1.render("channels")).contains(String.format("%-8d %-8d %-7d %-7d", 1, 5, 2, 1));
        assertThat(bed.engine1.inFlight()).isEqualTo(3);

        bed.run();

        assertThat(completions).extracting(DmaCompletion::status).containsOnly(DmaStatus.OK);
        // the third starts only when the first has ended, so it ends after both others
        assertThat(completions.get(2).descriptor().id()).isEqualTo(2);
        assertThat(completions.get(2).completeNanos()).isGreaterThan(completions.get(0).completeNanos());
        assertThat(completions.get(2).submitNanos()).isZero();
        assertThat(PldmaTestbed.read(bed.node2, bed.space2, dst, 3 * 16384))
                .isEqualTo(PldmaTestbed.read(bed.node1, bed.space1, src, 3 * 16384));
    }

    @Test
    void channelsBeyondTheDomainsSixtyFourAndUnattachedStreamsAreInvalid() {
        assertThat(bed.engine1.channelsPerDomain()).isEqualTo(64);
        assertThat(submit(PldmaTestbed.STREAM, 63, 0, 10)).isEqualTo(DmaSubmitResult.ACCEPTED);
        assertThat(submit(PldmaTestbed.STREAM, 64, 0, 10)).isEqualTo(DmaSubmitResult.INVALID);
        assertThat(submit(new StreamId(99), 0, 0, 10)).isEqualTo(DmaSubmitResult.INVALID);
        assertThat(bed.engine1.inFlight()).isEqualTo(1);
    }

    @Test
    void thousandTwentyFourTransfersRunAtOnceOverEightDomainsAndThe1025thIsBusyUntilOneCompletes() {
        long[] sources = new long[9];
        long[] destinations = new long[9];
        sources[1] = src;
        destinations[1] = dst;
        for (int d = 2; d <= 8; d++) {
            AddressSpace a = bed.node1.memoryManager().createAddressSpace("app1-" + d);
            AddressSpace b = bed.node2.memoryManager().createAddressSpace("app2-" + d);
            PldmaLibrary one = PldmaLibrary.open(bed.node1, a, new StreamId(d), new DomainId(d), true);
            PldmaLibrary two = PldmaLibrary.open(bed.node2, b, new StreamId(d), new DomainId(d), true);
            sources[d] = PldmaTestbed.map(bed.node1, a, 32768);
            destinations[d] = PldmaTestbed.map(bed.node2, b, 32768);
            PldmaTestbed.fill(bed.node1, a, sources[d], 32768, d);
            one.register(sources[d], 32768);
            two.register(destinations[d], 32768);
        }
        int accepted = 0;
        for (int d = 1; d <= 8; d++) {
            for (int channel = 0; channel < 64; channel++) {
                for (int buffer = 0; buffer < 2; buffer++) {
                    long offset = (channel * 2L + buffer) * 256;
                    DmaSubmitResult result = bed.engine1.submit(new DmaDescriptor(accepted, new StreamId(d), channel,
                            sources[d] + offset, bed.node2.id(), destinations[d] + offset, 256), completions::add);
                    if (result == DmaSubmitResult.ACCEPTED) {
                        accepted++;
                    }
                }
            }
        }
        assertThat(accepted).isEqualTo(1024);
        assertThat(bed.engine1.inFlight()).isEqualTo(1024);
        // every channel of every domain has both buffers active and nothing queued
        assertThat(bed.engine1.render("channels")).hasSize(1 + 8 * 64)
                .filteredOn(line -> !line.startsWith("domain")).allMatch(line -> line.matches("\\d+ +\\d+ +2 +0 *"));

        assertThat(submit(PldmaTestbed.STREAM, 0, 0, 256)).isEqualTo(DmaSubmitResult.BUSY);
        assertThat(bed.metric("node1.dma.transfers.refusedBusy")).isEqualTo(1);

        bed.run();
        assertThat(completions).hasSize(1024).extracting(DmaCompletion::status).containsOnly(DmaStatus.OK);
        assertThat(bed.engine1.peakInFlight()).isEqualTo(1024);
        assertThat(bed.engine1.inFlight()).isZero();
        assertThat(bed.metric("node2.dma.bytes.written")).isEqualTo(1024 * 256);
        assertThat(submit(PldmaTestbed.STREAM, 0, 0, 256)).isEqualTo(DmaSubmitResult.ACCEPTED);
    }
}
