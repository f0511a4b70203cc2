package org.iopf.reference;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.iopf.api.dma.DmaCompletion;
import org.iopf.api.dma.DmaDescriptor;
import org.iopf.api.dma.DmaEngine;
import org.iopf.api.dma.DmaStatus;
import org.iopf.api.fault.FaultHandler;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.sim.DataRate;
import org.iopf.api.sim.Time;
import org.iopf.core.node.SimNode;
import org.iopf.core.platform.ComponentSpec;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.MemorySpec;
import org.iopf.core.platform.NodeSpec;
import org.iopf.core.platform.PlatformSpec;
import org.iopf.core.run.Simulation;
import org.iopf.core.sim.CoreGroup;
import org.junit.jupiter.api.Test;

final class DemandPagingFaultHandlerTest {
    private static final ExtensionRegistry REGISTRY = ExtensionRegistry.fromClassPath(
            DemandPagingFaultHandlerTest.class.getClassLoader());
    private static final StreamId STREAM = new StreamId(1);
    private static final DomainId DOMAIN = new DomainId(1);
    private static final int LENGTH = 3 * 4096 + 100;

    private final Simulation sim = Simulation.build(new PlatformSpec(1,
            org.iopf.api.fabric.LinkSpec.lossless(DataRate.gbps(100), 0), 0, List.of(new NodeSpec("node1",
                    MemorySpec.of(1L << 30), List.of(new CoreGroup("cpu", 1)), List.of(
                            ComponentSpec.of("iommu", "premapped-iommu"),
                            ComponentSpec.of("dma", "plain-dma"),
                            new ComponentSpec("faults", "demand-paging", Map.of("resolveLatency", "7us")))))),
            REGISTRY);
    private final SimNode node = sim.node("node1").orElseThrow();
    private final MemoryManager mm = node.memoryManager();
    private final Iommu iommu = node.requireRole(Iommu.class);
    private final DmaEngine dma = node.requireRole(DmaEngine.class);
    private final FaultHandler handler = node.requireRole(FaultHandler.class);
    private final AddressSpace space = mm.createAddressSpace("demand");
    private final long src = mm.mmap(space, 1L << 20, MapOptions.DEFAULT);
    private final long dst = mm.mmap(space, 1L << 20, MapOptions.DEFAULT);
    private final List<DmaCompletion> completions = new ArrayList<>();

    DemandPagingFaultHandlerTest() {
        iommu.attach(STREAM, DOMAIN, space);
    }

    private byte[] read(long va, int length) {
        byte[] bytes = new byte[length];
        mm.read(space, va, bytes, 0, length);
        return bytes;
    }

    @Test
    void everyUnmappedPageIsFaultedInMappedAndRetriedSoTheCopyArrivesByteExact() {
        byte[] data = new byte[LENGTH];
        new SplittableRandom(3).nextBytes(data);
        mm.write(space, src, data, 0, LENGTH); // resident, but not mapped in the IOMMU
        long residentBefore = space.residentBytes();

        dma.submit(new DmaDescriptor(1, STREAM, 0, src, node.id(), dst, LENGTH), completions::add);
        sim.kernel().run();

        assertThat(completions).singleElement().satisfies(c -> {
            assertThat(c.status()).isEqualTo(DmaStatus.OK);
            assertThat(c.bytesTransferred()).isEqualTo(LENGTH);
            // four source pages and four destination pages faulted one after the other, each
            // costing at least the resolve latency
            assertThat(c.latencyNanos()).isGreaterThanOrEqualTo(8 * Time.micros(7));
        });
        assertThat(read(dst, LENGTH)).isEqualTo(data);
        assertThat(handler.resolved()).isEqualTo(8);
        assertThat(handler.terminated()).isZero();
        // the destination pages were zero-filled on demand: 4 pages more resident
        assertThat(space.residentBytes() - residentBefore).isEqualTo(4 * 4096);
        assertThat(iommu.translate(STREAM, dst + 4096, Access.WRITE, (f, r) -> { }).isFault()).isFalse();
    }

    @Test
    void aReclaimedPageIsUnmappedFromTheIommuThroughTheNotifierAndFaultsAgain() {
        dma.submit(new DmaDescriptor(1, STREAM, 0, src, node.id(), dst, 4096), completions::add);
        sim.kernel().run();
        assertThat(handler.resolved()).isEqualTo(2);

        mm.reclaim(1L << 30);
        assertThat(iommu.translate(STREAM, dst, Access.WRITE, (f, r) -> { }).isFault()).isTrue();
    }

    @Test
    void aCopyOnWritePageThatAReadFaultedInIsMappedReadOnlySoNoDeviceWriteReachesTheSharedFrame() {
        byte[] data = {1, 2, 3, 4};
        mm.write(space, src, data, 0, data.length);
        AddressSpace child = mm.requireCopyOnWriteFork().fork(space, "child");
        StreamId childStream = new StreamId(2);
        iommu.attach(childStream, new DomainId(2), child);

        dma.submit(new DmaDescriptor(1, childStream, 0, src, node.id(), dst, data.length), completions::add);
        sim.kernel().run();

        assertThat(completions).singleElement().satisfies(c -> assertThat(c.status()).isEqualTo(DmaStatus.OK));
        assertThat(iommu.translate(childStream, src, Access.READ, (f, r) -> { }).isFault()).isFalse();
        assertThat(iommu.translate(childStream, src, Access.WRITE, (f, r) -> { }).isFault())
                .as("the source page is still shared with the parent").isTrue();
        assertThat(iommu.translate(childStream, dst, Access.WRITE, (f, r) -> { }).isFault())
                .as("the destination page was faulted in by the write, the child's own").isFalse();
    }

    @Test
    void oneAddressSpaceInTwoDomainsIsWatchedForBoth() {
        StreamId second = new StreamId(2);
        iommu.attach(second, new DomainId(2), space);
        dma.submit(new DmaDescriptor(1, STREAM, 0, src, node.id(), dst, 4096), completions::add);
        dma.submit(new DmaDescriptor(2, second, 1, dst, node.id(), src, 4096), completions::add);
        sim.kernel().run();
        assertThat(completions).extracting(DmaCompletion::status).containsExactly(DmaStatus.OK, DmaStatus.OK);
        assertThat(iommu.translate(second, src, Access.WRITE, (f, r) -> { }).isFault()).isFalse();

        mm.reclaim(1L << 30);
        assertThat(iommu.translate(STREAM, dst, Access.WRITE, (f, r) -> { }).isFault()).isTrue();
        assertThat(iommu.translate(second, src, Access.WRITE, (f, r) -> { }).isFault())
                .as("the second domain's mapping is dropped too").isTrue();
    }

    @Test
    void aWriteIntoAReadOnlyMappingIsTerminated() {
        long readOnly = mm.mmap(space, 4096, MapOptions.DEFAULT.withWritable(false));
        mm.write(space, src, new byte[] {1}, 0, 1);

        dma.submit(new DmaDescriptor(1, STREAM, 0, src, node.id(), readOnly, 16), completions::add);
        sim.kernel().run();

        assertThat(completions).singleElement().satisfies(c ->
                assertThat(c.status()).isEqualTo(DmaStatus.FAULT_TERMINATED));
        assertThat(handler.terminated()).isEqualTo(1);
    }
}
