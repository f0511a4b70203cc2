package org.iopf.plugin.dmaplane;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.iopf.api.buffer.BufferSpec;
import org.iopf.api.mem.AddressSpace;
import org.junit.jupiter.api.Test;

/** E1: a channel's worker serves its submit ring in order; full rings are flow stalls, not losses. */
final class ChannelTest {
    @Test
    void theWorkerCopiesInOrderAndStopsWhileTheCompletionRingIsFull() {
        TestPlatform platform = TestPlatform.oneNode("{numa: [1GiB]}", "{channels: 2, ringEntries: 2}");
        Dmaplane dmaplane = platform.device("node1");
        AddressSpace app = platform.process("node1", "app");
        DmaplaneBuffer src = (DmaplaneBuffer) dmaplane.allocate(app, BufferSpec.data(256 * 1024)).requireBuffer();
        DmaplaneBuffer dst = (DmaplaneBuffer) dmaplane.allocate(app, BufferSpec.data(256 * 1024)).requireBuffer();
        dmaplane.memory().fill(app, src.address(), src.size(), 42);
        Channel ch = dmaplane.channels().get(1);
        int[] notified = {0};
        ch.onCompletion(() -> notified[0]++);
        for (int i = 0; i < 3; i++) {
            assertThat(ch.submit(new CopyDescriptor(i, src, i * 65536L, dst, i * 65536L, 65536))).isTrue();
        }
        assertThat(ch.submit(new CopyDescriptor(3, src, 3 * 65536L, dst, 3 * 65536L, 65536))).isFalse();
        assertThat(ch.stalls()).isEqualTo(1);
        assertThat(src.engineRefs()).isEqualTo(1);
        platform.kernel().run();
        assertThat(ch.completed()).isEqualTo(2);
        assertThat(ch.stalls()).isEqualTo(2);
        assertThat(ch.submitRing().size()).isEqualTo(1);
        assertThat(platform.kernel().now()).isPositive();
        List<ChannelCompletion> first = ch.poll(1);
        assertThat(first).extracting(ChannelCompletion::id).containsExactly(0L);
        assertThat(ch.submit(new CopyDescriptor(3, src, 3 * 65536L, dst, 3 * 65536L, 65536))).isTrue();
        platform.kernel().run();
        // d2 filled the ring again, so d3 waited for this poll
        assertThat(ch.poll(10)).extracting(ChannelCompletion::id).containsExactly(1L, 2L);
        platform.kernel().run();
        assertThat(ch.poll(10)).extracting(ChannelCompletion::id).containsExactly(3L);
        assertThat(notified[0]).isEqualTo(2);
        assertThat(src.engineRefs()).isZero();
        assertThat(BufferIntegrity.mismatchedPages(dmaplane.memory(), src, 0, dmaplane.memory(), dst, 0, src.size()))
                .isZero();
        assertThat(dmaplane.render("channels")).anyMatch(l -> l.startsWith("1 ") && l.contains("4         4"));
    }

    @Test
    void aDescriptorOnAFreedOrRevokedBufferCompletesWithoutCopying() {
        TestPlatform platform = TestPlatform.oneNode("{numa: [1GiB]}", "{channels: 1}");
        Dmaplane dmaplane = platform.device("node1");
        AddressSpace app = platform.process("node1", "app");
        DmaplaneBuffer src = (DmaplaneBuffer) dmaplane.bufferManager().allocateGpu(app, 8192, 0).requireBuffer();
        DmaplaneBuffer dst = (DmaplaneBuffer) dmaplane.allocate(app, BufferSpec.data(8192)).requireBuffer();
        src.revoke();
        dmaplane.channels().get(0).submit(new CopyDescriptor(9, src, 0, dst, 0, 8192));
        platform.kernel().run();
        assertThat(dmaplane.channels().get(0).poll(1)).extracting(ChannelCompletion::status)
                .containsExactly(ChannelCompletion.Status.BUFFER_GONE);
    }
}
