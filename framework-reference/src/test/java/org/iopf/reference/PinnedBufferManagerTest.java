package org.iopf.reference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.iopf.api.buffer.AllocationMode;
import org.iopf.api.buffer.AllocationResult;
import org.iopf.api.buffer.Attachment;
import org.iopf.api.buffer.Buffer;
import org.iopf.api.buffer.BufferManager;
import org.iopf.api.buffer.BufferSpec;
import org.iopf.api.buffer.SgEntry;
import org.iopf.api.fabric.LinkSpec;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.NumaPolicy;
import org.iopf.api.platform.Units;
import org.iopf.api.sim.DataRate;
import org.iopf.core.mem.MemoryManagerConfig;
import org.iopf.core.node.SimNode;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.ComponentSpec;
import org.iopf.core.platform.MemorySpec;
import org.iopf.core.platform.NodeSpec;
import org.iopf.core.platform.PlatformSpec;
import org.iopf.core.run.Simulation;
import org.iopf.core.sim.CoreGroup;
import org.junit.jupiter.api.Test;

final class PinnedBufferManagerTest {
    private static final ExtensionRegistry REGISTRY = ExtensionRegistry.fromClassPath(
            PinnedBufferManagerTest.class.getClassLoader());
    private static final long KIB = 1024;
    private static final long PINNABLE = 1024 * KIB;

    private final Simulation sim = Simulation.build(new PlatformSpec(1, LinkSpec.lossless(DataRate.gbps(100), 0), 0,
            List.of(new NodeSpec("node1", MemorySpec.of(64L << 20)
                    .withManager(MemoryManagerConfig.defaults().withPinnableLimit(PINNABLE)),
                    List.of(new CoreGroup("cpu", 1)), List.of(ComponentSpec.of("buffers", "pinned-buffers"))))),
            REGISTRY);
    private final SimNode node = sim.node("node1").orElseThrow();
    private final MemoryManager mm = node.memoryManager();
    private final BufferManager buffers = node.requireRole(BufferManager.class);
    private final AddressSpace space = mm.createAddressSpace("buffers-test");

    private Buffer allocate(long size) {
        return buffers.allocate(space, BufferSpec.data(size)).requireBuffer();
    }

    @Test
    void allocationPinsAndMapsTheWholeBuffer() {
        Buffer buffer = allocate(5000);

        assertThat(buffer.size()).isEqualTo(5000);
        assertThat(buffer.refCount()).isEqualTo(1);
        assertThat(buffer.pinned()).isTrue();
        assertThat(buffer.numaNode()).hasValue(0);
        assertThat(mm.stats().pinnedBytes()).isEqualTo(8 * KIB);
        assertThat(buffers.reservedBytes()).isEqualTo(8 * KIB);
        assertThat(buffers.buffers()).containsExactly(buffer);
        assertThat(space.entry(buffer.address())).hasValueSatisfying(pte -> assertThat(pte.present()).isTrue());
        assertThat(space.entry(buffer.address() + 4096)).hasValueSatisfying(pte -> assertThat(pte.present()).isTrue());
    }

    @Test
    void allocationBeyondThePinnableLimitIsRefusedAndLeavesNothingPinnedOrMapped() {
        Buffer first = allocate(768 * KIB);
        int vmas = space.vmas().size();
        long resident = space.residentBytes();

        AllocationResult refused = buffers.allocate(space, BufferSpec.data(512 * KIB));

        assertThat(refused).isInstanceOfSatisfying(AllocationResult.Refused.class, r ->
                assertThat(r.reason()).contains("pinnable limit of " + Units.formatBytes(PINNABLE)));
        assertThatThrownBy(refused::requireBuffer).isInstanceOf(IllegalStateException.class);
        assertThat(mm.stats().pinnedBytes()).isEqualTo(768 * KIB);
        assertThat(space.vmas()).hasSize(vmas);
        assertThat(space.residentBytes()).isEqualTo(resident);
        assertThat(buffers.buffers()).containsExactly(first);
        assertThat(buffers.reservedBytes()).isEqualTo(768 * KIB);
        // exactly up to the limit still fits
        assertThat(buffers.allocate(space, BufferSpec.data(256 * KIB))).isInstanceOf(AllocationResult.Allocated.class);
    }

    @Test
    void aBufferIsFreedOnlyWhenItsLastReferenceIsReleased() {
        Buffer buffer = allocate(16 * KIB);
        long address = buffer.address();

        buffers.retain(buffer);
        assertThat(buffer.refCount()).isEqualTo(2);
        buffers.release(buffer);
        assertThat(buffer.refCount()).isEqualTo(1);
        assertThat(buffer.isFreed()).isFalse();
        assertThat(mm.stats().pinnedBytes()).isEqualTo(16 * KIB);

        buffers.release(buffer);

        assertThat(buffer.isFreed()).isTrue();
        assertThat(buffer.pinned()).isFalse();
        assertThat(buffer.numaNode()).isEmpty();
        assertThat(mm.stats().pinnedBytes()).isZero();
        assertThat(buffers.buffers()).isEmpty();
        assertThat(buffers.reservedBytes()).isZero();
        assertThat(space.vma(address)).isEmpty();
        assertThatThrownBy(() -> buffers.retain(buffer)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> buffers.release(buffer)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void freeingReturnsPinnableMemoryForTheNextAllocation() {
        Buffer big = allocate(PINNABLE);
        assertThat(buffers.allocate(space, BufferSpec.data(4 * KIB))).isInstanceOf(AllocationResult.Refused.class);

        buffers.release(big);

        assertThat(buffers.allocate(space, BufferSpec.data(PINNABLE))).isInstanceOf(AllocationResult.Allocated.class);
    }

    @Test
    void anAttachmentHoldsAReferenceUntilDetached() {
        Buffer buffer = allocate(16 * KIB);

        Attachment attachment = buffers.attach(buffer, "node1/nic0");
        assertThat(attachment.importer()).isEqualTo("node1/nic0");
        assertThat(attachment.buffer()).isSameAs(buffer);
        assertThat(buffer.refCount()).isEqualTo(2);

        buffers.release(buffer);
        assertThat(buffer.isFreed()).isFalse();
        assertThat(mm.stats().pinnedBytes()).isEqualTo(16 * KIB);

        buffers.detach(attachment);
        assertThat(buffer.isFreed()).isTrue();
        assertThat(mm.stats().pinnedBytes()).isZero();
        assertThatThrownBy(() -> buffers.detach(attachment)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> buffers.attach(buffer, "late")).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void scatterGatherTableCoversExactlyTheBuffersPhysicalPagesMergingContiguousFrames() {
        // interleave allocations so that the buffers' frames are not all one run
        Buffer a = allocate(3 * 4096 + 100);
        Buffer spacer = allocate(4096);
        buffers.release(spacer);
        Buffer b = allocate(5 * 4096);

        for (Buffer buffer : List.of(a, b)) {
            List<SgEntry> table = buffers.attach(buffer, "dev").scatterGatherTable();
            assertThat(table.stream().mapToLong(SgEntry::length).sum()).isEqualTo(buffer.size());
            long offset = 0;
            for (SgEntry entry : table) {
                for (long in = 0; in < entry.length(); in += 4096) {
                    assertThat(entry.address() + in)
                            .isEqualTo(mm.translate(space, buffer.address() + offset + in, Access.READ).orElse(-1));
                }
                offset += entry.length();
            }
            for (int i = 1; i < table.size(); i++) {
                SgEntry prev = table.get(i - 1);
                assertThat(table.get(i).address()).as("adjacent entries are merged")
                        .isNotEqualTo(prev.address() + prev.length());
            }
            assertThat(table.size()).isLessThanOrEqualTo((int) ((buffer.size() + 4095) / 4096));
        }
        assertThat(buffers.attach(a, "other").scatterGatherTable()).as("one table per attachment")
                .isEqualTo(buffers.attach(a, "dev").scatterGatherTable());
    }

    @Test
    void contiguousFramesGiveASingleEntry() {
        Buffer buffer = allocate(64 * KIB);
        long first = mm.translate(space, buffer.address(), Access.READ).orElse(-1);
        boolean contiguous = true;
        for (long off = 0; off < 64 * KIB; off += 4096) {
            contiguous &= mm.translate(space, buffer.address() + off, Access.READ).orElse(-1) == first + off;
        }

        List<SgEntry> table = buffers.attach(buffer, "dev").scatterGatherTable();

        assertThat(contiguous).as("fresh memory hands out adjacent frames").isTrue();
        assertThat(table).containsExactly(new SgEntry(first, 64 * KIB));
    }

    @Test
    void coherentAllocationsAboveTheCoherentLimitAreRefused() {
        AllocationResult big = buffers.allocate(space, new BufferSpec(8 * KIB, AllocationMode.COHERENT, 0,
                NumaPolicy.NEAREST, false));
        AllocationResult small = buffers.allocate(space, new BufferSpec(4 * KIB, AllocationMode.COHERENT, 0,
                NumaPolicy.NEAREST, false));

        assertThat(big).isInstanceOfSatisfying(AllocationResult.Refused.class, r ->
                assertThat(r.reason()).contains("coherent limit"));
        assertThat(small).isInstanceOf(AllocationResult.Allocated.class);
        assertThat(mm.stats().pinnedBytes()).isEqualTo(4 * KIB);
    }

    @Test
    void anOwnerWithNoReferenceLeftCannotDropAnImportersReference() {
        Buffer buffer = allocate(8192);
        Attachment nic = buffers.attach(buffer, "node1/nic0");
        buffers.release(buffer);

        // it used to free (unpin and unmap) the buffer on the second release, under the NIC
        assertThatThrownBy(() -> buffers.release(buffer)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("holds no OWNER reference");
        assertThat(buffer.refCount()).isEqualTo(1);
        assertThat(buffers.buffers()).containsExactly(buffer);
        assertThat(mm.stats().pinnedBytes()).isEqualTo(8 * KIB);

        buffers.detach(nic);
        assertThat(buffer.isFreed()).isTrue();
        assertThat(mm.stats().pinnedBytes()).isZero();
    }
}
