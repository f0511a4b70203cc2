package org.iopf.plugin.dmaplane;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.nic.CompletionStatus;
import org.iopf.api.sim.Time;
import org.junit.jupiter.api.Test;

/** E8: the BAR modes move bytes at their rates; E9: the unpin callback never blocks and fails transfers cleanly. */
final class GpuBarTest {
    @Test
    void eachBarModeMovesBytesAtItsRate() {
        TestPlatform platform = TestPlatform.oneNode("{numa: [1GiB]}", "{}");
        GpuBar bar = platform.device("node1").gpu();
        assertThat(bar.mappingMode()).isEqualTo(GpuBarMode.UNCACHED);
        assertThat(TestPlatform.oneNode("{numa: [1GiB]}", "{gpu_wc_mapping: true}").device("node1").gpu().mappingMode())
                .isEqualTo(GpuBarMode.WRITE_COMBINED);
        assertThat(timeOf(platform, e -> bar.access(GpuBarMode.UNCACHED, false, 44_000, e))).isEqualTo(Time.millis(1));
        assertThat(timeOf(platform, e -> bar.access(GpuBarMode.UNCACHED, true, 6_000, e))).isEqualTo(Time.millis(1));
        assertThat(timeOf(platform, e -> bar.access(GpuBarMode.WRITE_COMBINED, true, 10_097_000, e)))
                .isEqualTo(Time.millis(1));
        assertThat(timeOf(platform, e -> bar.access(GpuBarMode.EXPLICIT_COPY, false, 12_500_000, e)))
                .isEqualTo(Time.millis(1) + Time.micros(10));
    }

    private static long timeOf(TestPlatform platform, java.util.function.Consumer<org.iopf.api.sim.Event> access) {
        long start = platform.kernel().now();
        long[] done = {-1};
        access.accept(() -> done[0] = platform.kernel().now());
        platform.kernel().run();
        return done[0] - start;
    }

    @Test
    void anUnpinCallbackRevokesAtOnceCleansUpLaterAndFailsTheTransferInFlight() {
        TestPlatform platform = TestPlatform.twoNodes("{}");
        Dmaplane sender = platform.device("node1");
        Dmaplane receiver = platform.device("node2");
        AddressSpace app = platform.process("node1", "gpu-app");
        AddressSpace peer = platform.process("node2", "peer");
        DmaplaneBuffer gpuMemory = (DmaplaneBuffer) sender.bufferManager().allocateGpu(app, 4 << 20, 0).requireBuffer();
        DmaplaneBuffer landing = (DmaplaneBuffer) receiver.allocate(peer,
                org.iopf.api.buffer.BufferSpec.data(4 << 20)).requireBuffer();
        RegisteredBuffer local = (RegisteredBuffer) sender.rdma().registerNow(gpuMemory, false);
        RegisteredBuffer remote = (RegisteredBuffer) receiver.rdma().registerNow(landing, true);
        GpuPin pin = sender.gpu().pin(gpuMemory);
        pin.onCleanup(() -> sender.rdma().deregister(local));
        RdmaConnection out = sender.rdma().open(app, 4);
        RdmaConnection.connect(out, receiver.rdma().open(peer, 4));

        List<CompletionStatus> statuses = new ArrayList<>();
        out.submit(new RdmaTransfer(local, 0, 4 << 20, remote, 0, 1, statuses::add));
        boolean[] checked = {false};
        platform.kernel().schedule(Time.millis(1), () -> {
            long before = platform.kernel().now();
            sender.gpu().unpinCallback(pin);
            assertThat(platform.kernel().now()).isEqualTo(before);
            assertThat(pin.isRevoked()).isTrue();
            assertThat(gpuMemory.isRevoked()).isTrue();
            assertThat(pin.isCleanedUp()).isFalse();
            checked[0] = true;
        });
        platform.kernel().run();
        assertThat(checked[0]).isTrue();
        for (LockClass c : LockClass.values()) {
            assertThat(sender.locks().lock(c).acquisitions()).as(c.lockName()).isEqualTo(1);
            assertThat(sender.locks().lock(c).holder()).as(c.lockName()).isNull();
        }
        assertThat(sender.locks().violations()).isEmpty();
        assertThat(pin.isCleanedUp()).isTrue();
        assertThat(statuses).containsExactly(CompletionStatus.LOCAL_PROTECTION_ERROR);
        assertThat(gpuMemory.engineRefs()).isZero();
        assertThat(gpuMemory.attachments()).isZero();

        long posts = sender.rdma().posts();
        out.submit(new RdmaTransfer(local, 0, 4096, remote, 0, 2, statuses::add));
        assertThat(statuses).containsExactly(CompletionStatus.LOCAL_PROTECTION_ERROR,
                CompletionStatus.LOCAL_PROTECTION_ERROR);
        assertThat(sender.rdma().posts()).isEqualTo(posts);
        sender.release(gpuMemory);
        assertThat(gpuMemory.isFreed()).isTrue();
        assertThat(sender.render("buffers")).noneMatch(l -> l.contains("gpu"));
    }
}
