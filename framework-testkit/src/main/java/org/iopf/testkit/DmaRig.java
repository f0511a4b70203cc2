package org.iopf.testkit;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iopf.api.dma.DmaCompletion;
import org.iopf.api.dma.DmaDescriptor;
import org.iopf.api.dma.DmaEngine;
import org.iopf.api.dma.DmaSubmitResult;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.Vma;
import org.iopf.api.platform.NodeId;

/**
 * The DMA contract's test rig: a process on the engine's node with a source region filled with a
 * seeded pattern, a destination region (on the destination node, in a process of its own when that
 * node is another one) filled with a different seeded pattern, both attached to the engine's stream
 * and made translatable by {@link DmaEngineContract#mapForDevice}; a model of what the destination
 * must hold; and a log of every submission and completion.
 */
final class DmaRig {
    /** The engine's node. */
    static final String ENGINE_NODE = "node1";
    /** The stream the rig's transfers use, attached on every node involved. */
    static final StreamId STREAM = new StreamId(1);
    /** The protection domain of {@link #STREAM}. */
    static final DomainId DOMAIN = new DomainId(1);
    /** A stream that is never attached. */
    static final StreamId UNATTACHED = new StreamId(77);
    /** Bytes of the source and of the destination region. */
    static final int REGION = 512 * 1024;
    /** Bytes of the destination region's guard on each side, never a transfer's target. */
    static final int GUARD = 4096;
    private static final long SOURCE_SEED = 0x5eed_0001L;
    private static final long SENTINEL_SEED = 0x5eed_0002L;

    final TestBench bench;
    final DmaEngine engine;
    final NodeId destinationNode;
    final MemoryManager sourceMemory;
    final MemoryManager destinationMemory;
    final AddressSpace sourceSpace;
    final AddressSpace destinationSpace;
    /** First byte of the source region. */
    final long source;
    /** First byte of the destination region's guard; transfers target {@code destination + GUARD} on. */
    final long destination;
    private final byte[] sourceBytes;
    /** What the destination region (guards included) must hold. */
    private final byte[] expected;
    /** Completion calls per descriptor id, in the order of the first call. */
    private final Map<Long, List<DmaCompletion>> completions = new LinkedHashMap<>();
    private final List<String> log = new ArrayList<>();
    /** Transfers completed OK while their destination did not yet hold their source bytes. */
    private final List<Long> completedBeforeLanding = new ArrayList<>();
    private long nextId = 1;

    DmaRig(DmaEngineContract contract, TestBench bench) {
        requireNonNull(contract, "contract is null");
        this.bench = requireNonNull(bench, "bench is null");
        this.engine = bench.role(ENGINE_NODE, DmaEngine.class);
        String destinationName = contract.destinationNode();
        this.destinationNode = bench.node(destinationName).id();
        this.sourceMemory = bench.memoryManager(ENGINE_NODE);
        this.sourceSpace = sourceMemory.createAddressSpace("dma-contract");
        bench.role(ENGINE_NODE, Iommu.class).attach(STREAM, DOMAIN, sourceSpace);
        boolean local = destinationName.equals(ENGINE_NODE);
        this.destinationMemory = local ? sourceMemory : bench.memoryManager(destinationName);
        if (local) {
            this.destinationSpace = sourceSpace;
        } else {
            this.destinationSpace = destinationMemory.createAddressSpace("dma-contract-destination");
            bench.role(destinationName, Iommu.class).attach(STREAM, DOMAIN, destinationSpace);
        }
        this.source = sourceMemory.mmap(sourceSpace, REGION, MapOptions.DEFAULT);
        int destinationBytes = REGION + 2 * GUARD;
        this.destination = destinationMemory.mmap(destinationSpace, destinationBytes, MapOptions.DEFAULT);
        sourceMemory.fill(sourceSpace, source, REGION, SOURCE_SEED);
        destinationMemory.fill(destinationSpace, destination, destinationBytes, SENTINEL_SEED);
        contract.mapForDevice(bench, ENGINE_NODE, sourceSpace, DOMAIN, source, REGION, false);
        contract.mapForDevice(bench, destinationName, destinationSpace, DOMAIN, destination, destinationBytes, true);
        this.sourceBytes = new byte[REGION];
        sourceMemory.read(sourceSpace, source, sourceBytes, 0, REGION);
        this.expected = destinationNow();
    }

    /** The destination region as it is now, guards included. */
    byte[] destinationNow() {
        byte[] now = new byte[REGION + 2 * GUARD];
        destinationMemory.read(destinationSpace, destination, now, 0, now.length);
        return now;
    }

    /** What the destination region must hold now. */
    byte[] expectedDestination() {
        return expected.clone();
    }

    /** An address the source process never mapped and no IOMMU translates: past every VMA, plus 1 GiB. */
    long unmappedSourceAddress() {
        return pastEveryVma(sourceSpace);
    }

    /** An address the destination process never mapped and no IOMMU translates: past every VMA, plus 1 GiB. */
    long unmappedDestinationAddress() {
        return pastEveryVma(destinationSpace);
    }

    private static long pastEveryVma(AddressSpace space) {
        long end = 0;
        for (Vma vma : space.vmas()) {
            end = Math.max(end, vma.range().end());
        }
        return PageSize.BASE.alignUp(end) + (1L << 30);
    }

    /**
     * A descriptor of {@code length} bytes from source offset {@code sourceOffset} to destination
     * offset {@code destinationOffset} (both within the regions; the destination's past its guard).
     */
    DmaDescriptor descriptor(int channel, int sourceOffset, int destinationOffset, int length) {
        if (sourceOffset < 0 || sourceOffset + length > REGION || destinationOffset < 0
                || destinationOffset + length > REGION) {
            throw new IllegalArgumentException("transfer outside the rig's regions: source " + sourceOffset
                    + ", destination " + destinationOffset + ", length " + length);
        }
        return new DmaDescriptor(nextId++, STREAM, channel, source + sourceOffset, destinationNode,
                destination + GUARD + destinationOffset, length);
    }

    /** A descriptor with a source address of the caller's choosing. */
    DmaDescriptor descriptorFrom(long sourceAddress, int channel, int destinationOffset, int length) {
        return new DmaDescriptor(nextId++, STREAM, channel, sourceAddress, destinationNode,
                destination + GUARD + destinationOffset, length);
    }

    /** A descriptor from source offset {@code sourceOffset} to a destination address of the caller's choosing. */
    DmaDescriptor descriptorTo(int channel, int sourceOffset, long destinationAddress, int length) {
        return new DmaDescriptor(nextId++, STREAM, channel, source + sourceOffset, destinationNode, destinationAddress,
                length);
    }

    /**
     * Submits {@code descriptor}, recording every completion call; an accepted transfer whose
     * descriptor reads inside the source region is entered in the destination model when it
     * completes {@code OK}.
     */
    DmaSubmitResult submit(DmaDescriptor descriptor) {
        return submit(descriptor, c -> { });
    }

    /** As {@link #submit(DmaDescriptor)}, then tells {@code after} of each completion call. */
    DmaSubmitResult submit(DmaDescriptor descriptor, java.util.function.Consumer<DmaCompletion> after) {
        long at = bench.now();
        DmaSubmitResult result = engine.submit(descriptor, completion -> {
            completions.computeIfAbsent(descriptor.id(), id -> new ArrayList<>()).add(completion);
            log.add("complete #" + completion.descriptor().id() + " " + completion.status() + " "
                    + completion.bytesTransferred() + " B " + completion.submitNanos() + ".."
                    + completion.completeNanos() + " inFlight " + engine.inFlight());
            if (completion.status() == org.iopf.api.dma.DmaStatus.OK && readsSourceRegion(descriptor)) {
                int from = (int) (descriptor.source() - source);
                int to = (int) (descriptor.destination() - destination);
                int length = (int) descriptor.length();
                System.arraycopy(sourceBytes, from, expected, to, length);
                byte[] landed = new byte[length];
                destinationMemory.read(destinationSpace, descriptor.destination(), landed, 0, length);
                if (!Arrays.equals(landed, 0, length, sourceBytes, from, from + length)) {
                    completedBeforeLanding.add(descriptor.id());
                }
            }
            after.accept(completion);
        });
        log.add("submit #" + descriptor.id() + " at " + at + " ch" + descriptor.channel() + " "
                + descriptor.length() + " B -> " + result + " inFlight " + engine.inFlight());
        return result;
    }

    private boolean readsSourceRegion(DmaDescriptor d) {
        return d.source() >= source && d.source() + d.length() <= source + REGION;
    }

    /** The completion calls of descriptor {@code id}, in order; empty if none. */
    List<DmaCompletion> completionsOf(long id) {
        return completions.getOrDefault(id, List.of());
    }

    /**
     * The ids of transfers whose {@code OK} completion was delivered while their destination did
     * not yet hold their source bytes (read at the moment of the completion call).
     */
    List<Long> completedBeforeLanding() {
        return List.copyOf(completedBeforeLanding);
    }

    /** Every descriptor id that had at least one completion call. */
    java.util.Set<Long> completedIds() {
        return completions.keySet();
    }

    /** The submissions and completions so far, one line each, for determinism checks and messages. */
    List<String> log() {
        return List.copyOf(log);
    }

    /** The lines of {@link #log()} about transfer {@code id}. */
    List<String> logOf(long id) {
        String tag = "#" + id + " ";
        return log.stream().filter(line -> line.contains(tag)).toList();
    }

    /** The last 20 lines of {@link #log()}, for failure messages. */
    List<String> recentLog() {
        return List.copyOf(log.subList(Math.max(0, log.size() - 20), log.size()));
    }

    /** The index of the first byte where {@code a} and {@code b} differ, or -1 when equal. */
    static int firstDifference(byte[] a, byte[] b) {
        return Arrays.mismatch(a, b);
    }

    /**
     * Asserts that the destination region ({@code actual}) holds exactly {@code expected}; the failure
     * names the first differing byte's offset from the destination (negative inside the front guard)
     * and how many bytes differ, instead of printing both arrays.
     */
    void assertDestination(String what, byte[] expected, byte[] actual) {
        int first = Arrays.mismatch(expected, actual);
        if (first < 0) {
            return;
        }
        int differing = 0;
        for (int i = 0; i < Math.min(expected.length, actual.length); i++) {
            if (expected[i] != actual[i]) {
                differing++;
            }
        }
        throw new AssertionError(what + ": " + differing + " of " + expected.length
                + " destination bytes differ, the first at offset " + (first - GUARD)
                + " from the transfers' destination base (negative: front guard; past " + REGION
                + ": back guard); last steps " + recentLog());
    }
}
