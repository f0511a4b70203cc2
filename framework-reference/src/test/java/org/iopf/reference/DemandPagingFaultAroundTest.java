package org.iopf.reference;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
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
import org.iopf.api.mem.Advice;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.sim.DataRate;
import org.iopf.core.node.SimNode;
import org.iopf.core.observe.MetricValue;
import org.iopf.core.platform.ComponentSpec;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.MemorySpec;
import org.iopf.core.platform.NodeSpec;
import org.iopf.core.platform.PlatformSpec;
import org.iopf.core.run.Simulation;
import org.iopf.core.sim.CoreGroup;
import org.junit.jupiter.api.Test;

/** {@code demand-paging}'s {@code faultAround}: the next pages of the mapping mapped with the faulting one. */
final class DemandPagingFaultAroundTest {
    private static final ExtensionRegistry REGISTRY = ExtensionRegistry.fromClassPath(
            DemandPagingFaultAroundTest.class.getClassLoader());
    private static final StreamId STREAM = new StreamId(1);
    private static final DomainId DOMAIN = new DomainId(1);
    private static final int PAGE = 4096;

    /** One node with the reference IOMMU and DMA engine and demand-paging with {@code params}. */
    private static final class Bench {
        final Simulation sim;
        final SimNode node;
        final MemoryManager mm;
        final Iommu iommu;
        final DmaEngine dma;
        final FaultHandler handler;
        final AddressSpace space;
        final List<DmaCompletion> completions = new ArrayList<>();

        Bench(Map<String, String> params) {
            Map<String, String> all = new HashMap<>(params);
            all.put("resolveLatency", "7us");
            sim = Simulation.build(new PlatformSpec(1, org.iopf.api.fabric.LinkSpec.lossless(DataRate.gbps(100), 0),
                    0, List.of(new NodeSpec("node1", MemorySpec.of(1L << 30), List.of(new CoreGroup("cpu", 1)),
                            List.of(ComponentSpec.of("iommu", "premapped-iommu"), ComponentSpec.of("dma", "plain-dma"),
                                    new ComponentSpec("faults", "demand-paging", all))))), REGISTRY);
            node = sim.node("node1").orElseThrow();
            mm = node.memoryManager();
            iommu = node.requireRole(Iommu.class);
            dma = node.requireRole(DmaEngine.class);
            handler = node.requireRole(FaultHandler.class);
            space = mm.createAddressSpace("demand");
            iommu.attach(STREAM, DOMAIN, space);
        }

        /** Copies {@code length} bytes from a resident source to a never-touched destination, in blocks of one page, in order. */
        void copyInPages(long src, long dst, int length) {
            byte[] data = new byte[length];
            new SplittableRandom(3).nextBytes(data);
            mm.write(space, src, data, 0, length);
            copyNext(src, dst, length, 0);
            sim.kernel().run();
            byte[] arrived = new byte[length];
            mm.read(space, dst, arrived, 0, length);
            assertThat(arrived).isEqualTo(data);
        }

        private void copyNext(long src, long dst, int length, int offset) {
            if (offset >= length) {
                return;
            }
            int size = Math.min(PAGE, length - offset);
            dma.submit(new DmaDescriptor(offset / PAGE, STREAM, 0, src + offset, node.id(), dst + offset, size), c -> {
                completions.add(c);
                copyNext(src, dst, length, offset + size);
            });
        }

        long counter(String name) {
            MetricValue value = sim.metrics().snapshot().get(name);
            return value == null ? -1 : ((MetricValue.CounterValue) value).value();
        }

        boolean mapped(long va) {
            return mapped(va, Access.WRITE);
        }

        boolean mapped(long va, Access access) {
            return !iommu.translate(STREAM, va, access, (f, r) -> { }).isFault();
        }
    }

    @Test
    void depthZeroIsTheOldOneFaultAtATimeEventForEvent() {
        Bench old = new Bench(Map.of());
        Bench zero = new Bench(Map.of("faultAround", "0"));
        for (Bench b : List.of(old, zero)) {
            long src = b.mm.mmap(b.space, 1L << 20, MapOptions.DEFAULT);
            long dst = b.mm.mmap(b.space, 1L << 20, MapOptions.DEFAULT);
            b.copyInPages(src, dst, 16 * PAGE);
        }
        assertThat(zero.sim.kernel().executedEvents()).isEqualTo(old.sim.kernel().executedEvents());
        assertThat(zero.sim.kernel().now()).isEqualTo(old.sim.kernel().now());
        SortedMap<String, MetricValue> metrics = zero.sim.metrics().snapshot();
        assertThat(metrics).isEqualTo(old.sim.metrics().snapshot());
        assertThat(zero.handler.resolved()).isEqualTo(32);
        assertThat(zero.counter("node1.faults.faultAround.pages")).isZero();
    }

    @Test
    void depthNMapsTheNextNPagesOfTheMappingWithTheFaultingOne() {
        Bench b = new Bench(Map.of("faultAround", "5"));
        long src = b.mm.mmap(b.space, 1L << 20, MapOptions.DEFAULT);
        long dst = b.mm.mmap(b.space, 1L << 20, MapOptions.DEFAULT);
        b.copyInPages(src, dst, PAGE);

        assertThat(b.handler.resolved()).isEqualTo(2);
        assertThat(b.counter("node1.faults.faultAround.pages")).isEqualTo(10);
        for (int i = 0; i <= 5; i++) {
            assertThat(b.mapped(dst + (long) i * PAGE)).as("page %d", i).isTrue();
        }
        assertThat(b.mapped(dst + 6L * PAGE)).isFalse();
        // the pages mapped ahead of the destination were zero-filled through the memory manager
        assertThat(b.space.entry(dst + 5L * PAGE).orElseThrow().present()).isTrue();
        assertThat(b.space.entry(dst + 6L * PAGE)).satisfiesAnyOf(e -> assertThat(e).isEmpty(),
                e -> assertThat(e.orElseThrow().present()).isFalse());
    }

    @Test
    void theWindowStopsAtTheEndOfTheMapping() {
        Bench b = new Bench(Map.of("faultAround", "16"));
        long src = b.mm.mmap(b.space, 1L << 20, MapOptions.DEFAULT);
        long next = src + 3L * PAGE;
        // madvise on the rest splits the mapping in two: a 3-page source VMA and its neighbour
        b.mm.advise(b.space, next, (1L << 20) - 3L * PAGE, Advice.NO_HUGE_PAGE);
        assertThat(b.space.vma(src).orElseThrow().range().end()).isEqualTo(next);
        assertThat(b.space.vma(next)).isPresent();
        long dst = b.mm.mmap(b.space, 1L << 20, MapOptions.DEFAULT);
        b.copyInPages(src, dst, PAGE);

        assertThat(b.mapped(src + 2L * PAGE, Access.READ)).isTrue();
        assertThat(b.mapped(next, Access.READ)).isFalse();
        // the 2 pages left in the 3-page source mapping, and 16 ahead in the destination
        assertThat(b.counter("node1.faults.faultAround.pages")).isEqualTo(2 + 16);
    }

    @Test
    void aSequentialTouchFaultsOncePerDepthPlusOnePagesAndTakesLessTime() {
        Bench demand = new Bench(Map.of());
        Bench around = new Bench(Map.of("faultAround", "7"));
        for (Bench b : List.of(demand, around)) {
            long src = b.mm.mmap(b.space, 1L << 20, MapOptions.DEFAULT);
            long dst = b.mm.mmap(b.space, 1L << 20, MapOptions.DEFAULT);
            b.copyInPages(src, dst, 64 * PAGE);
            assertThat(b.completions).hasSize(64).allSatisfy(c -> assertThat(c.status()).isEqualTo(DmaStatus.OK));
        }
        assertThat(demand.handler.resolved()).isEqualTo(128);
        assertThat(around.handler.resolved()).isEqualTo(128 / 8);
        assertThat(around.counter("node1.faults.faultAround.pages")).isEqualTo(128 - 16);
        assertThat(around.sim.kernel().now()).isLessThan(demand.sim.kernel().now());
    }
}
