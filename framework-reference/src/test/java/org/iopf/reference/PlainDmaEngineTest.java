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
import org.iopf.api.dma.DmaSubmitResult;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PinResult;
import org.iopf.api.platform.NodeId;
import org.iopf.api.sim.DataRate;
import org.iopf.api.sim.Time;
import org.iopf.core.node.SimNode;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.ComponentSpec;
import org.iopf.core.platform.MemorySpec;
import org.iopf.core.platform.NodeSpec;
import org.iopf.core.platform.PlatformSpec;
import org.iopf.core.run.Simulation;
import org.iopf.core.sim.CoreGroup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

final class PlainDmaEngineTest {
    private static final ExtensionRegistry REGISTRY = ExtensionRegistry.fromClassPath(
            PlainDmaEngineTest.class.getClassLoader());
    private static final StreamId STREAM = new StreamId(1);
    private static final DomainId DOMAIN = new DomainId(1);
    /** Defaults: 10 GB/s data path, 50 ns per translation (two per chunk), 10 us to terminate a fault. */
    private static final DataRate BANDWIDTH = DataRate.gigabytesPerSecond(10);
    private static final long TRANSLATIONS = Time.nanos(2 * 50);
    private static final long REPORT = Time.micros(10);
    private static final long REGION = 2L << 20;

    private final Simulation sim = Simulation.build(new PlatformSpec(1,
            org.iopf.api.fabric.LinkSpec.lossless(DataRate.gbps(100), 0), 0, List.of(new NodeSpec("node1",
                    MemorySpec.of(1L << 30), List.of(new CoreGroup("cpu", 1)), List.of(
                            ComponentSpec.of("iommu", "premapped-iommu"),
                            new ComponentSpec("dma", "plain-dma", Map.of("maxConcurrentTransfers", "2")),
                            ComponentSpec.of("faults", "terminate"))))), REGISTRY);
    private final SimNode node = sim.node("node1").orElseThrow();
    private final MemoryManager mm = node.memoryManager();
    private final Iommu iommu = node.requireRole(Iommu.class);
    private final DmaEngine dma = node.requireRole(DmaEngine.class);
    private final AddressSpace space = mm.createAddressSpace("dma-test");
    private final long src = mm.mmap(space, REGION, MapOptions.DEFAULT);
    private final long dst = mm.mmap(space, REGION, MapOptions.DEFAULT);
    private final List<DmaCompletion> completions = new ArrayList<>();

    PlainDmaEngineTest() {
        byte[] random = new byte[(int) REGION];
        new SplittableRandom(5).nextBytes(random);
        mm.write(space, src, random, 0, random.length);
        iommu.attach(STREAM, DOMAIN, space);
        pinAndMap(src, REGION, false);
        pinAndMap(dst, REGION, true);
    }

    private void pinAndMap(long va, long length, boolean writable) {
        assertThat(mm.pin(space, va, length)).isEqualTo(PinResult.PINNED);
        for (long off = 0; off < length; off += 4096) {
            iommu.map(DOMAIN, va + off, mm.translate(space, va + off, Access.READ).orElse(-1), 4096, writable);
        }
    }

    private DmaSubmitResult submit(long source, long destination, long length) {
        return dma.submit(new DmaDescriptor(completions.size(), STREAM, 0, source, node.id(), destination, length),
                completions::add);
    }

    private byte[] read(long va, int length) {
        byte[] bytes = new byte[length];
        mm.read(space, va, bytes, 0, length);
        return bytes;
    }

    @ParameterizedTest(name = "{0} B at +{1}/+{2}")
    @CsvSource({"1,0,0", "4095,0,0", "4097,0,0", "1048576,0,0", "10000,100,3000", "70000,4095,1", "1,4095,4095"})
    void localCopyArrivesByteExact(int length, long srcOffset, long dstOffset) {
        assertThat(submit(src + srcOffset, dst + dstOffset, length)).isEqualTo(DmaSubmitResult.ACCEPTED);
        assertThat(dma.inFlight()).isEqualTo(1);
        sim.kernel().run();

        assertThat(completions).singleElement().satisfies(c -> {
            assertThat(c.status()).isEqualTo(DmaStatus.OK);
            assertThat(c.bytesTransferred()).isEqualTo(length);
            // never faster than the data path; slower only by the first chunks' translations (the
            // first chunk may be tiny) and by rounding each chunk up to a whole nanosecond
            long ideal = BANDWIDTH.nanosFor(length);
            long chunks = 2 * (length / 4096) + 2;
            assertThat(c.latencyNanos()).isBetween(ideal, ideal + 2 * TRANSLATIONS + chunks);
        });
        assertThat(read(dst + dstOffset, length)).isEqualTo(read(src + srcOffset, length));
        assertThat(read(dst + dstOffset + length, 1)).containsExactly(0);
        assertThat(dma.inFlight()).isZero();
    }

    @ParameterizedTest(name = "{0} B")
    @CsvSource({"1, 101", "4095, 510", "4097, 511", "1048576, 105060"})
    void alignedCopyTakesOneTranslationThenEveryChunkBackToBackAtTheBandwidth(int length, long expected) {
        // 4 KiB chunks take ceil(409.6) = 410 ns each at 10 GB/s; the translations of the next chunk
        // overlap the move of the current one, so only the first chunk's 100 ns show
        submit(src, dst, length);
        sim.kernel().run();

        assertThat(completions.get(0).latencyNanos()).isEqualTo(expected);
    }

    @Test
    void unmappedDestinationPageTerminatesWithTheBytesMovedBeforeIt() {
        iommu.unmap(DOMAIN, dst + 2 * 4096, 4096);

        submit(src + 10, dst + 10, 4 * 4096);
        sim.kernel().run();

        assertThat(completions).singleElement().satisfies(c -> {
            assertThat(c.status()).isEqualTo(DmaStatus.FAULT_TERMINATED);
            // everything up to the unmapped page at dst + 8192
            assertThat(c.bytesTransferred()).isEqualTo(2 * 4096 - 10);
            assertThat(c.latencyNanos()).isGreaterThanOrEqualTo(REPORT);
        });
        assertThat(read(dst + 10, 2 * 4096 - 10)).isEqualTo(read(src + 10, 2 * 4096 - 10));
        assertThat(read(dst + 2 * 4096 + 4096, 10)).containsOnly(0);
        assertThat(node.faultQueue().raised()).isEqualTo(1);
        assertThat(dma.inFlight()).isZero();
    }

    @Test
    void readOnlyDestinationTerminates() {
        iommu.unmap(DOMAIN, dst, 4096);
        iommu.map(DOMAIN, dst, mm.translate(space, dst, Access.READ).orElse(-1), 4096, false);

        submit(src, dst, 100);
        sim.kernel().run();

        assertThat(completions).singleElement().satisfies(c -> {
            assertThat(c.status()).isEqualTo(DmaStatus.FAULT_TERMINATED);
            assertThat(c.bytesTransferred()).isZero();
        });
        assertThat(read(dst, 100)).containsOnly(0);
    }

    @Test
    void concurrentTransfersShareTheDataPath() {
        submit(src, dst, 1 << 16);
        submit(src + (1 << 16), dst + (1 << 16), 1 << 16);
        sim.kernel().run();

        assertThat(completions).extracting(DmaCompletion::status).containsOnly(DmaStatus.OK);
        long both = BANDWIDTH.nanosFor(2 << 16);
        assertThat(completions).extracting(DmaCompletion::completeNanos).allSatisfy(t -> assertThat(t)
                .isLessThanOrEqualTo(both + TRANSLATIONS + 64));
        assertThat(completions.get(1).completeNanos()).isGreaterThanOrEqualTo(both);
        assertThat(read(dst, 2 << 16)).isEqualTo(read(src, 2 << 16));
    }

    @Test
    void busyBeyondMaxConcurrentTransfers() {
        assertThat(dma.maxConcurrentTransfers()).isEqualTo(2);
        assertThat(submit(src, dst, 100)).isEqualTo(DmaSubmitResult.ACCEPTED);
        assertThat(submit(src, dst, 100)).isEqualTo(DmaSubmitResult.ACCEPTED);
        assertThat(submit(src, dst, 100)).isEqualTo(DmaSubmitResult.BUSY);
        sim.kernel().run();

        assertThat(completions).hasSize(2);
        assertThat(submit(src, dst, 100)).isEqualTo(DmaSubmitResult.ACCEPTED);
    }

    @Test
    void invalidForARemoteDestinationABadChannelOrADetachedStream() {
        DmaDescriptor remote = new DmaDescriptor(1, STREAM, 0, src, new NodeId("node2"), dst, 100);
        DmaDescriptor badChannel = new DmaDescriptor(2, STREAM, dma.channelsPerDomain(), src, node.id(), dst, 100);
        DmaDescriptor unknownStream = new DmaDescriptor(3, new StreamId(77), 0, src, node.id(), dst, 100);

        assertThat(dma.submit(remote, completions::add)).isEqualTo(DmaSubmitResult.INVALID);
        assertThat(dma.submit(badChannel, completions::add)).isEqualTo(DmaSubmitResult.INVALID);
        assertThat(dma.submit(unknownStream, completions::add)).isEqualTo(DmaSubmitResult.INVALID);
        iommu.detach(STREAM);
        assertThat(submit(src, dst, 100)).isEqualTo(DmaSubmitResult.INVALID);
        sim.kernel().run();

        assertThat(completions).isEmpty();
        assertThat(dma.inFlight()).isZero();
    }
}
