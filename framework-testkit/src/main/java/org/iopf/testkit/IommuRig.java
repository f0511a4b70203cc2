package org.iopf.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiConsumer;
import org.iopf.api.fault.FaultHandler;
import org.iopf.api.fault.FaultResolution;
import org.iopf.api.fault.FaultSink;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.iommu.Translation;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.NumaPolicy;
import org.iopf.api.mem.PageSize;

/**
 * The node {@code node1} of a contract's bench seen as a device driver sees it: its IOMMU, memory
 * manager, fault sink and fault handler, and every translation made through it with what its
 * listener heard.
 */
final class IommuRig {
    static final String NODE = "node1";
    static final long PAGE = PageSize.BASE.bytes();
    static final long HUGE = PageSize.HUGE_2M.bytes();

    final TestBench bench;
    final Iommu iommu;
    final MemoryManager memory;
    final FaultSink sink;
    final FaultHandler handler;
    /** The process the contract attached its stream for, once it has. */
    AddressSpace space;
    /** Processes attached through other streams than the contract's first one (see {@link #spaceOf}). */
    private final Map<StreamId, AddressSpace> otherSpaces = new HashMap<>();
    private final List<TranslationProbe> probes = new ArrayList<>();
    private BiConsumer<TranslationProbe, FaultResolution> onCall;
    private int held;

    IommuRig(TestBench bench) {
        this.bench = Objects.requireNonNull(bench, "bench is null");
        this.iommu = bench.role(NODE, Iommu.class);
        this.memory = bench.memoryManager(NODE);
        this.sink = bench.faultSink(NODE);
        this.handler = bench.role(NODE, FaultHandler.class);
    }

    /** Attaches {@code stream} to {@code domain} for {@code process}; {@link #spaceOf} then answers it. */
    void attach(StreamId stream, DomainId domain, AddressSpace process) {
        iommu.attach(stream, domain, process);
        otherSpaces.put(stream, process);
    }

    /** The process a stream was attached for through {@link #attach}, else {@link #space}. */
    AddressSpace spaceOf(StreamId stream) {
        return otherSpaces.getOrDefault(stream, space);
    }

    /** What to do when a translation's listener is first called (a device's retry). */
    void onFirstCall(BiConsumer<TranslationProbe, FaultResolution> action) {
        this.onCall = action;
    }

    /** Translates as a device would, with a listener of its own; the probe records the answer. */
    TranslationProbe translate(StreamId stream, long iova, Access access) {
        return translate(stream, iova, access, onCall);
    }

    /** Translates with {@code action} (may be null) called on the listener's first call. */
    TranslationProbe translate(StreamId stream, long iova, Access access,
            BiConsumer<TranslationProbe, FaultResolution> action) {
        TranslationProbe probe = new TranslationProbe(stream, iova, access, bench.scheduler(), action);
        probe.answered(iommu.translate(stream, iova, access, probe));
        if (!(probe.translation() instanceof Translation.Held)) {
            probes.add(probe);
            return probe;
        }
        // Held behind another transaction's stalled fault: nothing was raised. Like a device, wait
        // for the listener (the stall ends when the handler answers) and translate again.
        held++;
        bench.run();
        FaultResolution end = probe.requireToldOnce("a held transaction");
        return end == FaultResolution.RETRY ? translate(stream, iova, access, action) : probe;
    }

    /** How many translations were held behind a stalled fault (and translated again once released). */
    int held() {
        return held;
    }

    /** Every translation made so far that was not held, in order. */
    List<TranslationProbe> probes() {
        return probes;
    }

    /** A free 4 KiB frame of the node's physical memory. */
    long frame() {
        return memory.physicalMemory().allocateFrame(PageSize.BASE, 0, NumaPolicy.ANY)
                .orElseThrow(() -> new IllegalStateException("no free 4 KiB frame on " + NODE));
    }

    /** A free 2 MiB frame of the node's physical memory (512 contiguous 4 KiB frames). */
    long hugeFrame() {
        return memory.physicalMemory().allocateFrame(PageSize.HUGE_2M, 0, NumaPolicy.ANY)
                .orElseThrow(() -> new IllegalStateException("no free 2 MiB frame on " + NODE
                        + "; give the contract platform at least 64 MiB"));
    }

    /** Runs the bench until no event is left. */
    void run() {
        bench.run();
    }

    /**
     * Checks that every fault raised so far was told its end exactly once, and counts the ends.
     *
     * @return {RETRY count, TERMINATE count}
     */
    long[] requireEveryFaultToldOnce(String what) {
        long[] ends = new long[2];
        for (TranslationProbe p : probes) {
            if (p.isFault()) {
                FaultResolution r = p.requireToldOnce(what);
                ends[r == FaultResolution.RETRY ? 0 : 1]++;
            } else {
                assertThat(p.calls()).as("%s: a translation that hit must never hear of a fault: %s", what, p)
                        .isEmpty();
            }
        }
        return ends;
    }

    /** The faults raised so far whose listeners have not been told their end yet. */
    long untold() {
        return probes.stream().filter(p -> p.isFault() && p.calls().isEmpty()).count();
    }
}
