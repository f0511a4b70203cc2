package org.iopf.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.iopf.api.dma.DmaCompletion;
import org.iopf.api.dma.DmaDescriptor;
import org.iopf.api.dma.DmaStatus;
import org.iopf.api.dma.DmaSubmitResult;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PinResult;
import org.junit.jupiter.api.Test;

/**
 * The contract of the {@link org.iopf.api.dma.DmaEngine} role. A DMA engine's test class implements
 * this interface and supplies {@link #dmaPlatform()}; it inherits the tests that prove the engine
 * honours the role: every submitted descriptor completes exactly once, a successful transfer
 * delivers every byte exactly once and intact, a transfer that cannot complete reports an error
 * status, and the same seed gives the same trace.
 *
 * <p>Each test builds the platform, creates a process on {@code node1} with a 512 KiB source region
 * filled with a seeded pattern, and a 512 KiB destination region with a 4 KiB guard on each side
 * filled with another pattern, on the node {@link #destinationNode()} names (in a process of its
 * own when that is another node). Stream 1 is attached to domain 1 in the IOMMU of every node
 * involved, and both regions are made translatable by {@link #mapForDevice}. The tests then submit
 * descriptors straight to the engine on {@code node1} and compare the whole destination region,
 * guards included, byte for byte with a model in which each {@code OK} transfer copied its source
 * bytes. The checks:
 * <ul>
 *   <li>{@link #everyAcceptedTransferCompletesExactlyOnceWithItsOwnDescriptor}: seeded transfers of
 *       1 B to 9 KiB at odd offsets, over all channels, each complete once, {@code OK}, with the
 *       descriptor they were submitted with, {@code bytesTransferred == length}, submit time echoed,
 *       and when the completion is called the destination already holds the transfer's bytes.
 *   <li>{@link #aCompletedTransferDeliversExactlyTheSourceBytesAndNothingOutsideItsRange}: after those
 *       transfers the destination holds the source's bytes where they were sent and its original
 *       bytes everywhere else, the guards and the gaps between transfers included.
 *   <li>{@link #aRefusedSubmitIsReportedAndNeverCompleted}: a channel past {@code channelsPerDomain()}
 *       and a stream attached to no domain are refused with {@code INVALID}; no completion follows,
 *       {@code inFlight()} does not move and the destination is untouched.
 *   <li>{@link #aTransferFromMemoryTheProcessNeverMappedFailsAndIsNotReportedAsSuccess}: the source
 *       is past every VMA of the process; the transfer completes once with a status other than
 *       {@code OK}, {@code 0} bytes transferred, and the destination untouched, while a good
 *       transfer beside it completes {@code OK}.
 *   <li>{@link #aTransferToMemoryTheDestinationProcessNeverMappedFailsAndIsNotReportedAsSuccess}: the
 *       same for a destination past every VMA of its process; a good transfer beside it completes.
 *   <li>{@link #aTransferThatFaultsPartWayReportsTheBytesThatLanded}: a transfer whose source runs
 *       from a mapped page into a hole with no VMA completes once with a status other than
 *       {@code OK}; its {@code bytesTransferred} is at most the mapped part's length and not below the
 *       number of destination bytes that changed, each of which holds the source's byte.
 *   <li>{@link #manyConcurrentTransfersEachCompleteOnceAndInFlightReturnsToZero}:
 *       {@code min(maxConcurrentTransfers(), 1024)} transfers submitted at once are all accepted;
 *       {@code inFlight()} counts them exactly and never exceeds the maximum; at the maximum one
 *       more is refused {@code BUSY} and never completed; each accepted one completes once,
 *       {@code OK}, with its bytes there when it completes; {@code inFlight()} ends at 0 and a new
 *       submit is accepted.
 *   <li>{@link #theSameSeedGivesTheSameTrace}: the same seeded exercise on two benches built with
 *       the same seed (24 seeded transfers and one from unmapped memory) gives the same submissions
 *       and completions (times included), the same destination bytes, the same Chrome trace JSON
 *       and the same metrics.
 * </ul>
 *
 * @since 0.1
 */
public interface DmaEngineContract {
    /**
     * The platform the engine under test runs on, as platform-file text: a node {@code node1} whose
     * {@code DmaEngine} role is the component under test, with the IOMMU and fault handler it needs
     * (the handler must terminate a fault on an address outside every VMA, as {@code demand-paging}
     * and {@code terminate} do), and the {@link #destinationNode()} with an IOMMU when it is another.
     */
    String dmaPlatform();

    /**
     * The node that holds the destination of the contract's transfers ({@code DmaDescriptor
     * destinationNode}): {@code node1} for an engine that copies within its node. Override it for an
     * engine that moves bytes to another node over the fabric (and give that node, with its IOMMU,
     * in {@link #dmaPlatform()}).
     *
     * @return a node of the platform
     */
    default String destinationNode() {
        return DmaRig.ENGINE_NODE;
    }

    /**
     * Makes {@code [va, va+length)} of {@code space} on {@code node} translatable for domain
     * {@code domain} before any transfer: by default it pins the range and maps every base page
     * into the domain's I/O page table ({@link Iommu#map}), as a VFIO driver does for an IOMMU that
     * translates only what was mapped. Override it where the platform's IOMMU or the engine's driver
     * makes memory visible another way (an IOMMU that walks the process's page table needs no
     * mapping; an engine whose library registers memory itself would register it here).
     *
     * @param bench the bench
     * @param node the node of the memory
     * @param space the process, already attached to {@code domain} with the contract's stream
     * @param domain the protection domain
     * @param va first byte, page aligned
     * @param length bytes
     * @param writable whether the device writes the range (the destination) or only reads it
     */
    default void mapForDevice(TestBench bench, String node, AddressSpace space, DomainId domain, long va, long length,
            boolean writable) {
        MemoryManager memory = bench.memoryManager(node);
        Iommu iommu = bench.role(node, Iommu.class);
        PinResult pinned = memory.pin(space, va, length);
        assertThat(pinned).as("pinning %d B for the contract's transfers on %s", length, node)
                .isEqualTo(PinResult.PINNED);
        long page = PageSize.BASE.bytes();
        for (long offset = 0; offset < length; offset += page) {
            long pa = memory.translate(space, va + offset, Access.READ).orElseThrow();
            iommu.map(domain, va + offset, pa, page, writable);
        }
    }

    /** Seeded transfers of 1 B to 9 KiB at odd offsets on all channels: each completes once, whole. */
    @Test
    default void everyAcceptedTransferCompletesExactlyOnceWithItsOwnDescriptor() {
        DmaRig rig = new DmaRig(this, TestBench.of(dmaPlatform()));
        List<DmaDescriptor> sent = DmaExercise.randomTransfers(rig, new Random(11), 48);
        List<Long> submittedAt = new ArrayList<>();

        DmaExercise.submitAll(rig, sent, submittedAt);
        rig.bench.run();

        for (int i = 0; i < sent.size(); i++) {
            DmaDescriptor d = sent.get(i);
            long at = submittedAt.get(i);
            assertThat(rig.completionsOf(d.id())).as("completion calls of transfer #%d: %s", d.id(), rig.logOf(d.id()))
                    .singleElement().satisfies(c -> {
                        assertThat(c.descriptor()).as("descriptor completed for #%d", d.id()).isEqualTo(d);
                        assertThat(c.status()).as("status of #%d", d.id()).isEqualTo(DmaStatus.OK);
                        assertThat(c.bytesTransferred()).as("bytesTransferred of #%d (%d B)", d.id(), d.length())
                                .isEqualTo(d.length());
                        assertThat(c.submitNanos()).as("submitNanos of #%d: the time it was submitted", d.id())
                                .isEqualTo(at);
                        assertThat(c.completeNanos()).as("completeNanos of #%d", d.id()).isGreaterThanOrEqualTo(at);
                    });
        }
        assertThat(rig.completedIds()).hasSize(sent.size());
        assertThat(rig.completedBeforeLanding()).as("transfers completed OK before their bytes were at the "
                + "destination").isEmpty();
        assertThat(rig.engine.inFlight()).isZero();
    }

    /** After the seeded transfers the destination holds the source's bytes where sent, its own elsewhere. */
    @Test
    default void aCompletedTransferDeliversExactlyTheSourceBytesAndNothingOutsideItsRange() {
        DmaRig rig = new DmaRig(this, TestBench.of(dmaPlatform()));
        byte[] before = rig.destinationNow();
        List<DmaDescriptor> sent = DmaExercise.randomTransfers(rig, new Random(12), 48);

        DmaExercise.submitAll(rig, sent, new ArrayList<>());
        rig.bench.run();

        byte[] expected = rig.expectedDestination();
        byte[] actual = rig.destinationNow();
        rig.assertDestination("destination after the transfers", expected, actual);
        assertThat(DmaRig.firstDifference(before, actual)).as("the transfers changed the destination").isNotEqualTo(-1);
        byte[] front = java.util.Arrays.copyOfRange(actual, 0, DmaRig.GUARD);
        byte[] back = java.util.Arrays.copyOfRange(actual, actual.length - DmaRig.GUARD, actual.length);
        assertThat(java.util.Arrays.equals(front, java.util.Arrays.copyOfRange(before, 0, DmaRig.GUARD)))
                .as("guard before the destination is untouched").isTrue();
        assertThat(java.util.Arrays.equals(back,
                java.util.Arrays.copyOfRange(before, before.length - DmaRig.GUARD, before.length)))
                .as("guard after the destination is untouched").isTrue();
    }

    /** A bad channel and an unattached stream are refused with INVALID and never completed. */
    @Test
    default void aRefusedSubmitIsReportedAndNeverCompleted() {
        DmaRig rig = new DmaRig(this, TestBench.of(dmaPlatform()));
        byte[] before = rig.destinationNow();
        int channels = rig.engine.channelsPerDomain();
        assertThat(channels).as("channelsPerDomain").isPositive();
        DmaDescriptor badChannel = rig.descriptor(channels, 0, 0, 4096);
        DmaDescriptor good = rig.descriptor(0, 0, 8192, 4096);
        DmaDescriptor unattached = new DmaDescriptor(good.id() + 1000, DmaRig.UNATTACHED, 0, good.source(),
                good.destinationNode(), good.destination() + 8192, 4096);

        assertThat(rig.submit(badChannel)).as("channel %d of %d", channels, channels)
                .isEqualTo(DmaSubmitResult.INVALID);
        assertThat(rig.engine.inFlight()).isZero();
        assertThat(rig.submit(unattached)).as("a stream attached to no domain").isEqualTo(DmaSubmitResult.INVALID);
        assertThat(rig.engine.inFlight()).isZero();
        rig.bench.run();

        assertThat(rig.completionsOf(badChannel.id())).as("completions of a refused transfer").isEmpty();
        assertThat(rig.completionsOf(unattached.id())).as("completions of a refused transfer").isEmpty();
        rig.assertDestination("destination after refused transfers", before, rig.destinationNow());
        assertThat(rig.submit(good)).as("a good transfer after the refusals").isEqualTo(DmaSubmitResult.ACCEPTED);
        rig.bench.run();
        assertThat(rig.completionsOf(good.id())).singleElement()
                .satisfies(c -> assertThat(c.status()).isEqualTo(DmaStatus.OK));
        rig.assertDestination("destination after the good transfer", rig.expectedDestination(),
                rig.destinationNow());
    }

    /** A source past every VMA of the process fails the transfer with an error status, nothing moved. */
    @Test
    default void aTransferFromMemoryTheProcessNeverMappedFailsAndIsNotReportedAsSuccess() {
        DmaRig rig = new DmaRig(this, TestBench.of(dmaPlatform()));
        byte[] before = rig.destinationNow();
        DmaDescriptor unmapped = rig.descriptorFrom(rig.unmappedSourceAddress(), 0, 4096, 8192);
        DmaDescriptor good = rig.descriptor(1 % rig.engine.channelsPerDomain(), 100, 65536, 5000);

        assertThat(rig.submit(unmapped)).isEqualTo(DmaSubmitResult.ACCEPTED);
        assertThat(rig.submit(good)).isEqualTo(DmaSubmitResult.ACCEPTED);
        rig.bench.run();

        assertThat(rig.completionsOf(unmapped.id()))
                .as("completion calls of the unmapped transfer: %s", rig.logOf(unmapped.id()))
                .singleElement().satisfies(c -> {
                    assertThat(c.status()).as("status of a transfer from unmapped memory").isNotEqualTo(DmaStatus.OK);
                    assertThat(c.bytesTransferred()).as("bytes moved from unmapped memory").isZero();
                });
        assertThat(rig.completionsOf(good.id())).as("a good transfer beside it").singleElement()
                .satisfies(c -> assertThat(c.status()).isEqualTo(DmaStatus.OK));
        byte[] after = rig.destinationNow();
        int at = DmaRig.GUARD + 4096;
        assertThat(java.util.Arrays.equals(java.util.Arrays.copyOfRange(after, at, at + 8192),
                java.util.Arrays.copyOfRange(before, at, at + 8192)))
                .as("destination of the failed transfer is untouched").isTrue();
        rig.assertDestination("destination after a failed and a good transfer", rig.expectedDestination(), after);
        assertThat(rig.engine.inFlight()).isZero();
    }

    /** A destination past every VMA of its process fails the transfer with an error status, nothing landed. */
    @Test
    default void aTransferToMemoryTheDestinationProcessNeverMappedFailsAndIsNotReportedAsSuccess() {
        DmaRig rig = new DmaRig(this, TestBench.of(dmaPlatform()));
        byte[] before = rig.destinationNow();
        DmaDescriptor unmapped = rig.descriptorTo(0, 0, rig.unmappedDestinationAddress(), 8192);
        DmaDescriptor good = rig.descriptor(1 % rig.engine.channelsPerDomain(), 300, 32768, 7000);

        assertThat(rig.submit(unmapped)).isEqualTo(DmaSubmitResult.ACCEPTED);
        assertThat(rig.submit(good)).isEqualTo(DmaSubmitResult.ACCEPTED);
        rig.bench.run();

        assertThat(rig.completionsOf(unmapped.id()))
                .as("completion calls of the unmapped transfer: %s", rig.logOf(unmapped.id()))
                .singleElement().satisfies(c -> {
                    assertThat(c.status()).as("status of a transfer to unmapped memory").isNotEqualTo(DmaStatus.OK);
                    assertThat(c.bytesTransferred()).as("bytes that reached unmapped memory").isZero();
                });
        assertThat(rig.completionsOf(good.id())).as("a good transfer beside it").singleElement()
                .satisfies(c -> assertThat(c.status()).isEqualTo(DmaStatus.OK));
        rig.assertDestination("destination after a failed and a good transfer", rig.expectedDestination(),
                rig.destinationNow());
        assertThat(DmaRig.firstDifference(before, rig.destinationNow())).isNotEqualTo(-1);
        assertThat(rig.engine.inFlight()).isZero();
    }

    /**
     * A transfer whose source runs from a page the process mapped into one it never mapped (a hole
     * after a 4 KiB VMA) fails part-way: it completes once with a status other than {@code OK},
     * {@code bytesTransferred} less than its length and at least the number of destination bytes that
     * changed, and every byte that changed holds the source's byte for its offset (nothing from the
     * hole, nothing outside the transfer's range).
     */
    @Test
    default void aTransferThatFaultsPartWayReportsTheBytesThatLanded() {
        DmaRig rig = new DmaRig(this, TestBench.of(dmaPlatform()));
        int page = (int) PageSize.BASE.bytes();
        long edge = rig.sourceMemory.mmap(rig.sourceSpace, 2L * page, MapOptions.DEFAULT);
        rig.sourceMemory.fill(rig.sourceSpace, edge, 2L * page, 0x5eed_0003L);
        rig.sourceMemory.munmap(rig.sourceSpace, edge + page, page);
        assertThat(rig.sourceSpace.vma(edge + page)).as("a VMA in the hole after the edge page").isEmpty();
        mapForDevice(rig.bench, DmaRig.ENGINE_NODE, rig.sourceSpace, DmaRig.DOMAIN, edge, page, false);
        byte[] edgeBytes = new byte[page];
        rig.sourceMemory.read(rig.sourceSpace, edge, edgeBytes, 0, page);
        byte[] before = rig.destinationNow();
        int slot = 16 * page;
        int mapped = page / 2;
        DmaDescriptor d = rig.descriptorFrom(edge + page - mapped, 0, slot, 2 * mapped);

        assertThat(rig.submit(d)).as("submit of a transfer half from unmapped memory")
                .isEqualTo(DmaSubmitResult.ACCEPTED);
        rig.bench.run();

        DmaCompletion c = assertThat(rig.completionsOf(d.id()))
                .as("completion calls of the transfer that faults part-way: %s", rig.logOf(d.id()))
                .singleElement().actual();
        assertThat(c.status()).as("status of a transfer whose second half is unmapped").isNotEqualTo(DmaStatus.OK);
        assertThat(c.bytesTransferred()).as("bytesTransferred of a transfer whose second half is unmapped")
                .isBetween(0L, (long) mapped);
        byte[] after = rig.destinationNow();
        int changed = 0;
        for (int i = 0; i < after.length; i++) {
            if (after[i] == before[i]) {
                continue;
            }
            changed++;
            int offset = i - DmaRig.GUARD - slot;
            assertThat(offset).as("offset from its destination of a byte the failed transfer changed "
                    + "(only its first %d bytes come from mapped memory)", mapped).isBetween(0, mapped - 1);
            assertThat(after[i]).as("byte %d of the failed transfer's destination: the source's byte", offset)
                    .isEqualTo(edgeBytes[page - mapped + offset]);
        }
        assertThat(c.bytesTransferred())
                .as("bytesTransferred of the failed transfer against the %d destination bytes it changed (it must "
                        + "count the bytes that reached the destination)", changed)
                .isGreaterThanOrEqualTo(changed);
        assertThat(rig.engine.inFlight()).as("inFlight once the failed transfer completed").isZero();
    }

    /** Up to 1024 transfers at once: counted in flight, one more refused BUSY at the limit, each done once. */
    @Test
    default void manyConcurrentTransfersEachCompleteOnceAndInFlightReturnsToZero() {
        DmaRig rig = new DmaRig(this, TestBench.of(dmaPlatform()));
        int max = rig.engine.maxConcurrentTransfers();
        assertThat(max).as("maxConcurrentTransfers").isPositive();
        int count = Math.min(max, DmaExercise.MAX_CONCURRENT_TRIED);
        int length = DmaRig.REGION / DmaExercise.MAX_CONCURRENT_TRIED; // 512 B
        Random random = new Random(13);
        int[] completed = new int[1];
        List<DmaDescriptor> sent = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            DmaDescriptor d = rig.descriptor(i % rig.engine.channelsPerDomain(),
                    random.nextInt(DmaRig.REGION - length), i * length, length);
            assertThat(rig.submit(d, c -> completed[0]++)).as("submit %d of %d", i + 1, count)
                    .isEqualTo(DmaSubmitResult.ACCEPTED);
            sent.add(d);
            assertThat(rig.engine.inFlight()).as("inFlight after %d accepted, %d completed", i + 1, completed[0])
                    .isEqualTo(i + 1 - completed[0]).isLessThanOrEqualTo(max);
        }
        DmaDescriptor extra = rig.descriptor(0, 0, 0, 1);
        if (count == max && completed[0] == 0) {
            assertThat(rig.submit(extra)).as("a submit beyond maxConcurrentTransfers (%d)", max)
                    .isEqualTo(DmaSubmitResult.BUSY);
            assertThat(rig.engine.inFlight()).isEqualTo(max);
        }
        rig.bench.run();

        for (DmaDescriptor d : sent) {
            assertThat(rig.completionsOf(d.id())).as("completion calls of transfer #%d", d.id()).singleElement()
                    .satisfies(c -> {
                        assertThat(c.status()).as("status of #%d", d.id()).isEqualTo(DmaStatus.OK);
                        assertThat(c.bytesTransferred()).as("bytesTransferred of #%d", d.id()).isEqualTo(length);
                    });
        }
        assertThat(rig.completionsOf(extra.id())).as("completions of the refused transfer").isEmpty();
        assertThat(rig.completedBeforeLanding()).as("transfers completed OK before their bytes were at the "
                + "destination").isEmpty();
        assertThat(rig.engine.inFlight()).as("inFlight once everything completed").isZero();
        rig.assertDestination("destination after the burst", rig.expectedDestination(), rig.destinationNow());
        DmaDescriptor again = rig.descriptor(0, 0, 0, 64);
        assertThat(rig.submit(again)).as("a submit after the burst").isEqualTo(DmaSubmitResult.ACCEPTED);
        rig.bench.run();
        assertThat(rig.completionsOf(again.id())).singleElement()
                .satisfies(c -> assertThat(c.status()).isEqualTo(DmaStatus.OK));
    }

    /** The same seeded exercise twice on the same seed: same log, same trace JSON, same metrics. */
    @Test
    default void theSameSeedGivesTheSameTrace() {
        long seed = 42;
        DmaRig a = DmaExercise.standard(this, seed);
        DmaRig b = DmaExercise.standard(this, seed);

        assertThat(a.log()).as("submissions and completions, seed %d", seed).isNotEmpty().isEqualTo(b.log());
        assertThat(a.bench.traceEvents()).as("trace events").isPositive();
        assertThat(a.bench.traceJson()).as("trace JSON, seed %d", seed).isEqualTo(b.bench.traceJson());
        assertThat(a.bench.metrics()).as("metrics, seed %d", seed).isEqualTo(b.bench.metrics());
        a.assertDestination("destination of the second run", a.destinationNow(), b.destinationNow());
    }
}
