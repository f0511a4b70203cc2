package org.iopf.plugin.dmaplane;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.iopf.api.buffer.AllocationMode;
import org.iopf.api.buffer.AllocationResult;
import org.iopf.api.buffer.Attachment;
import org.iopf.api.buffer.BufferSpec;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.NumaPolicy;
import org.junit.jupiter.api.Test;

/** E2: a buffer is released only when its last reference — owner, mmap, importer, engine — is gone. */
final class BufferLifecycleTest {
    private final TestPlatform platform = TestPlatform.oneNode("{numa: [1GiB]}", "{}");
    private final Dmaplane dmaplane = platform.device("node1");
    private final AddressSpace process = platform.process("node1", "app");

    @Test
    void theLastReferenceOfAnyKindFreesTheBuffer() {
        DmaplaneBuffer b = (DmaplaneBuffer) dmaplane.allocate(process, BufferSpec.data(4 << 20)).requireBuffer();
        long pinnedAtStart = dmaplane.memory().stats().pinnedBytes();
        assertThat(pinnedAtStart).isEqualTo(4 << 20);
        assertThat(b.refCount()).isEqualTo(1);

        MmapReference map = dmaplane.bufferManager().mmap(b);
        Attachment nic = dmaplane.attach(b, "node1/nic0");
        dmaplane.bufferManager().retainForEngine(b);
        assertThat(b.refCount()).isEqualTo(4);
        assertThat(new int[] {b.mmaps(), b.attachments(), b.engineRefs()}).containsExactly(1, 1, 1);

        dmaplane.release(b);
        assertThat(b.isFreed()).isFalse();
        assertThat(dmaplane.buffers()).containsExactly(b);
        dmaplane.bufferManager().munmap(map);
        dmaplane.detach(nic);
        assertThat(b.refCount()).isEqualTo(1);
        assertThat(dmaplane.memory().stats().pinnedBytes()).isEqualTo(4 << 20);

        dmaplane.bufferManager().releaseFromEngine(b);
        assertThat(b.isFreed()).isTrue();
        assertThat(b.numaNode()).isEmpty();
        assertThat(dmaplane.buffers()).isEmpty();
        assertThat(dmaplane.reservedBytes()).isZero();
        assertThat(dmaplane.memory().stats().pinnedBytes()).isZero();
        assertThatThrownBy(() -> dmaplane.retain(b)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void referencesOfOneKindCannotBeDroppedTwice() {
        DmaplaneBuffer b = (DmaplaneBuffer) dmaplane.allocate(process, BufferSpec.data(8192)).requireBuffer();
        MmapReference map = dmaplane.bufferManager().mmap(b);
        dmaplane.bufferManager().munmap(map);
        assertThatThrownBy(() -> dmaplane.bufferManager().munmap(map)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> dmaplane.bufferManager().releaseFromEngine(b)).isInstanceOf(IllegalStateException.class);
        assertThat(b.refCount()).isEqualTo(1);
    }

    @Test
    void anOwnerWithNoReferenceLeftCannotDropAnImportersOrAMappingsReference() {
        DmaplaneBuffer b = (DmaplaneBuffer) dmaplane.allocate(process, BufferSpec.data(8192)).requireBuffer();
        Attachment nic = dmaplane.attach(b, "node1/nic0");
        MmapReference map = dmaplane.bufferManager().mmap(b);
        dmaplane.release(b);

        // it used to free the buffer on the second release, under the NIC and the mapping
        assertThatThrownBy(() -> dmaplane.release(b)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("holds no OWNER reference");
        assertThat(b.refCount()).isEqualTo(2);
        assertThat(dmaplane.buffers()).containsExactly(b);

        dmaplane.detach(nic);
        dmaplane.bufferManager().munmap(map);
        assertThat(b.isFreed()).isTrue();
        assertThat(dmaplane.reservedBytes()).isZero();
    }

    @Test
    void coherentAllocationIsForSmallControlStructuresOnly() {
        AllocationResult small = dmaplane.allocate(process, new BufferSpec(4096, AllocationMode.COHERENT, 0,
                NumaPolicy.NEAREST, false));
        AllocationResult big = dmaplane.allocate(process, new BufferSpec(4097, AllocationMode.COHERENT, 0,
                NumaPolicy.NEAREST, false));
        assertThat(small).isInstanceOf(AllocationResult.Allocated.class);
        assertThat(big).isInstanceOf(AllocationResult.Refused.class);
        assertThat(((AllocationResult.Refused) big).reason()).contains("coherent limit");
    }
}
