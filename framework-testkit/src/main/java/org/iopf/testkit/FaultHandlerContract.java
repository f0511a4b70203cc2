package org.iopf.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.iopf.testkit.IommuRig.PAGE;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.Random;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.fault.FaultResolution;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.iommu.Translation;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.platform.Capability;
import org.iopf.api.platform.Role;
import org.junit.jupiter.api.Test;

/**
 * The contract of the {@link org.iopf.api.fault.FaultHandler} role. A fault handler's test class
 * implements this interface and supplies {@link #faultHandlerPlatform()} (and
 * {@link #resolvesFaults()} if the handler only terminates); it inherits the tests that prove the
 * handler honours the role.
 *
 * <p>Every fault is raised by a translation that really misses: the suite creates a process through
 * the node's memory manager, attaches stream 5 to domain 2 bound to it, {@code mmap}s a range
 * without faulting it in, and translates addresses of it through the node's IOMMU as a device
 * would, with a listener per translation. When a listener hears RETRY the suite retries the same
 * (stream, address, access) at once, as the device would. One test attaches a second process
 * through stream 6 and domain 4; stream 9 is never attached.
 *
 * <p>The checks (each also checks that the handler's {@code resolved()} and {@code terminated()}
 * grew by exactly the RETRYs and TERMINATEs the listeners heard):
 * <ul>
 *   <li>a single fault, a read, and later a write in another mapping, is told its end exactly once,
 *       after it was raised, with RETRY if the handler {@link #resolvesFaults() resolves faults}
 *       (else TERMINATE), and the retry hits at the frame the process's page table maps
 *       ({@code MemoryManager.translate}) for that access
 *       ({@link #aSingleFaultIsToldItsEndOnceAndItsRetryHitsTheProcesssFrame});</li>
 *   <li>a burst of 64 faults on 64 different pages at the same instant: each told exactly once,
 *       each retry hits ({@link #aBurstOfFaultsOnDifferentPagesIsEachToldOnce});</li>
 *   <li>a burst of 24 faults on the same page (and 8 on its neighbour), reads and writes at
 *       different offsets: each told exactly once, never zero times, never twice
 *       ({@link #aBurstOfFaultsOnTheSamePageIsEachToldOnce});</li>
 *   <li>seeded random translations that arrive while earlier faults are in flight, on few pages,
 *       over 2 ms: each fault told exactly once, each retry hits, and a translation that hits
 *       (a page resolved or prefetched before) gives the process's frame; the seed is in the failure
 *       message
 *       ({@link #faultsArrivingWhileOthersAreInFlightAreEachToldOnce});</li>
 *   <li>faults of two processes at the same virtual addresses, through two streams and domains, are
 *       each resolved in the faulting process: each retry hits that process's frame
 *       ({@link #faultsOfTwoProcessesAreEachResolvedInTheFaultingProcess});</li>
 *   <li>a fault on an address with no VMA (never mapped, or unmapped by the process) is
 *       terminated, once, and so is a fault of a stream attached to no domain (a
 *       {@code CONFIGURATION} fault, with no process to resolve it in)
 *       ({@link #aFaultOnAnAddressWithNoVmaIsTerminated});</li>
 *   <li>a write fault on a page the process mapped read-only is terminated; a read fault on it is
 *       resolved ({@link #aWriteToAReadOnlyVmaIsTerminatedAndAReadOfItResolved});</li>
 *   <li>a device never gets write access the process lacks: after {@code fork}, a read fault on a
 *       page shared copy-on-write is told once, and a later write translation faults or hits the
 *       process's own writable frame, never the frame shared with the child
 *       ({@link #aReadFaultOnACopyOnWritePageNeverLetsADeviceWriteTheSharedFrame});</li>
 *   <li>the same seed gives the same trace and the same metrics
 *       ({@link #theSameSeedGivesTheSameTrace});</li>
 *   <li>the type declares fault resolution exactly when {@link #resolvesFaults()}
 *       ({@link #itsTypeDeclaresWhetherItResolvesFaults}).</li>
 * </ul>
 *
 * @since 0.1
 */
public interface FaultHandlerContract {
    /**
     * The platform the handler under test runs on, as platform-file text: a node {@code node1} with
     * an IOMMU (through whose {@code Iommu} role the suite raises faults) and the handler under test
     * as its fault handler. The IOMMU must raise a {@code TRANSLATION} fault into the node's fault
     * sink for an address its domain has no translation for (and a fault, {@code CONFIGURATION},
     * for a stream attached to no domain), and let the handler's answer reach the translation's
     * listener (a stalling IOMMU, or one that reports through the handler).
     */
    String faultHandlerPlatform();

    /**
     * Whether the handler resolves a fault on a page the process mapped (retry after making the page
     * resident and translatable). A handler that only terminates returns {@code false}.
     */
    default boolean resolvesFaults() {
        return true;
    }

    /**
     * The handler's type declares {@link Capability#FAULT_RESOLUTION} exactly when
     * {@link #resolvesFaults()}: validation refuses a component that needs its faults resolved (an
     * Ethernet NIC resends what faulted) on a node whose handler only terminates.
     */
    @Test
    default void itsTypeDeclaresWhetherItResolvesFaults() {
        assertThat(TestBench.of(faultHandlerPlatform()).capabilities("node1", Role.FAULT_HANDLER)
                .contains(Capability.FAULT_RESOLUTION)).as("declares FAULT_RESOLUTION, as resolvesFaults()")
                .isEqualTo(resolvesFaults());
    }

    private static StreamId stream() {
        return new StreamId(5);
    }

    private static DomainId domain() {
        return new DomainId(2);
    }

    /**
     * A bench with the contract's process attached through {@link #stream()}; when a listener hears
     * RETRY the same translation is retried at once.
     */
    private IommuRig attached(TestBench bench) {
        IommuRig rig = new IommuRig(bench);
        rig.space = rig.memory.createAddressSpace("fault-handler-contract");
        rig.iommu.attach(stream(), domain(), rig.space);
        rig.onFirstCall((probe, resolution) -> {
            if (resolution == FaultResolution.RETRY) {
                long frame = rig.memory.translate(rig.spaceOf(probe.stream), probe.iova, probe.access).orElse(-1);
                probe.retried(rig.translate(probe.stream, probe.iova, probe.access, null), frame);
            }
        });
        return rig;
    }

    /** {@code pages} pages of anonymous memory of the contract's process, not faulted in. */
    private static long mmap(IommuRig rig, int pages) {
        return rig.memory.mmap(rig.space, pages * PAGE, MapOptions.DEFAULT);
    }

    /** Translates an address that must miss; fails if the platform's IOMMU does not raise a fault. */
    private static TranslationProbe fault(IommuRig rig, long address, Access access) {
        TranslationProbe p = rig.translate(stream(), address, access);
        p.requireFault("the platform's IOMMU must fault on an address its domain never translated");
        return p;
    }

    /**
     * Runs until idle; checks that every fault was told its end once and how (RETRY for faults on
     * pages the process mapped when the handler resolves faults, TERMINATE otherwise), that every
     * RETRY's retry hit the process's frame, and that the handler's counters grew by what the
     * listeners heard.
     *
     * @param resolvable whether these faults are on pages the process mapped and may access so
     */
    private void runAndCheck(String what, IommuRig rig, long resolvedBefore, long terminatedBefore,
            boolean resolvable) {
        rig.run();
        assertThat(rig.bench.pendingEvents()).as("%s: events left after run()", what).isZero();
        long[] ends = rig.requireEveryFaultToldOnce(what);
        FaultResolution expected = resolvable && resolvesFaults() ? FaultResolution.RETRY : FaultResolution.TERMINATE;
        for (TranslationProbe p : rig.probes()) {
            if (p.isFault() && p.translation().record().orElseThrow().kind() == FaultKind.TRANSLATION) {
                assertThat(p.calls().get(0).resolution())
                        .as("%s: how %s ended (the handler %s faults; the page %s)", what, p.translation().record().orElseThrow(),
                                resolvesFaults() ? "resolves" : "does not resolve",
                                resolvable ? "is mapped by the process" : "may not be accessed so")
                        .isEqualTo(expected);
            }
            if (p.isFault() && p.translation().record().orElseThrow().kind() == FaultKind.CONFIGURATION) {
                assertThat(p.calls().get(0).resolution())
                        .as("%s: how %s ended (a stream attached to no domain has no process to resolve it in: "
                                + "a CONFIGURATION fault is not recoverable)", what, p.translation().record().orElseThrow())
                        .isEqualTo(FaultResolution.TERMINATE);
            }
            if (p.isFault() && p.calls().get(0).resolution() == FaultResolution.RETRY) {
                p.requireRetryHit(what);
            }
        }
        assertThat(rig.handler.resolved() - resolvedBefore)
                .as("%s: the handler's resolved() against the RETRYs the listeners heard", what).isEqualTo(ends[0]);
        assertThat(rig.handler.terminated() - terminatedBefore)
                .as("%s: the handler's terminated() against the TERMINATEs the listeners heard", what)
                .isEqualTo(ends[1]);
    }

    /**
     * A single fault, a read and a write, is told its end exactly once, later, with RETRY if the
     * handler resolves faults (else TERMINATE), and the retry hits the frame the process's page table
     * maps for that access.
     */
    @Test
    default void aSingleFaultIsToldItsEndOnceAndItsRetryHitsTheProcesssFrame() {
        IommuRig rig = attached(TestBench.of(faultHandlerPlatform()));
        long va = mmap(rig, 16);
        long resolved = rig.handler.resolved();
        long terminated = rig.handler.terminated();

        TranslationProbe read = fault(rig, va + 0x10, Access.READ);
        assertThat(read.calls()).as("a fault told its end from inside translate").isEmpty();
        rig.run();
        long later = rig.bench.now();
        long other = mmap(rig, 16);
        TranslationProbe write = fault(rig, other + 9 * PAGE + 0x28, Access.WRITE);

        runAndCheck("a single fault", rig, resolved, terminated, true);
        assertThat(read.calls().get(0).timeNanos()).as("a fault is told its end after it was raised")
                .isGreaterThanOrEqualTo(read.translation().record().orElseThrow().timeNanos());
        assertThat(write.calls().get(0).timeNanos()).as("a fault is told its end after it was raised")
                .isGreaterThanOrEqualTo(later);
    }

    /**
     * Translates at a moment when earlier faults may have been resolved (and a handler may have
     * prefetched pages): it may hit, but then at the frame the process's page table maps.
     */
    private static TranslationProbe translateLater(IommuRig rig, long address, Access access, List<String> wrong) {
        TranslationProbe p = rig.translate(stream(), address, access);
        if (p.translation() instanceof Translation.Hit hit) {
            OptionalLong frame = rig.memory.translate(rig.space, address, access);
            if (frame.isEmpty() || hit.physicalAddress() != frame.getAsLong()) {
                wrong.add(String.format("at %d ns 0x%x (%s) translated to 0x%x; the process's page table %s",
                        rig.bench.now(), address, access, hit.physicalAddress(),
                        frame.isEmpty() ? "does not allow that access there"
                                : String.format("maps 0x%x", frame.getAsLong())));
            }
        }
        return p;
    }

    /** A burst of 64 faults on 64 different pages at the same instant: each told once, each retry hits. */
    @Test
    default void aBurstOfFaultsOnDifferentPagesIsEachToldOnce() {
        IommuRig rig = attached(TestBench.of(faultHandlerPlatform()));
        long va = mmap(rig, 128);
        long resolved = rig.handler.resolved();
        long terminated = rig.handler.terminated();

        for (int i = 0; i < 64; i++) {
            int page = i < 32 ? i : 32 + 3 * (i - 32); // a contiguous run, then pages with gaps
            fault(rig, va + page * PAGE + 8 * i, i % 3 == 0 ? Access.READ : Access.WRITE);
        }

        runAndCheck("a burst of 64 faults on different pages", rig, resolved, terminated, true);
    }

    /** A burst of faults on the same page, reads and writes at different offsets: each told once. */
    @Test
    default void aBurstOfFaultsOnTheSamePageIsEachToldOnce() {
        IommuRig rig = attached(TestBench.of(faultHandlerPlatform()));
        long va = mmap(rig, 4);
        long resolved = rig.handler.resolved();
        long terminated = rig.handler.terminated();

        for (int i = 0; i < 32; i++) {
            long page = i % 4 == 3 ? va + 2 * PAGE : va + PAGE;
            fault(rig, page + 64 * i, i % 2 == 0 ? Access.WRITE : Access.READ);
        }

        runAndCheck("a burst of 32 faults on two pages", rig, resolved, terminated, true);
    }

    /**
     * Seeded random faults that arrive while earlier ones are in flight, on few pages, over 2 ms:
     * each told exactly once, each retry hits. A translation that hits because an earlier fault was
     * resolved is fine; one that faults must be told.
     */
    @Test
    default void faultsArrivingWhileOthersAreInFlightAreEachToldOnce() {
        for (long seed : new long[] {11, 12, 13}) {
            IommuRig rig = attached(TestBench.of(faultHandlerPlatform(), seed));
            long va = mmap(rig, 48);
            long resolved = rig.handler.resolved();
            long terminated = rig.handler.terminated();
            Random random = new Random(seed);
            List<String> wrong = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                long address = va + random.nextInt(48) * PAGE + (random.nextInt((int) PAGE) & ~7L);
                Access access = random.nextBoolean() ? Access.READ : Access.WRITE;
                rig.bench.scheduler().schedule(random.nextInt(2_000_000), () -> translateLater(rig, address, access,
                        wrong));
            }

            runAndCheck("seed " + seed + " (rerun with this seed): 200 translations over 2 ms on 48 pages", rig,
                    resolved, terminated, true);
            assertThat(wrong).as("seed %d: translations that hit a frame other than the process's", seed).isEmpty();
            assertThat(rig.probes()).as("seed %d: translations made", seed).hasSize(200 + (int) rig.probes().stream()
                    .filter(p -> p.isFault() && p.calls().get(0).resolution() == FaultResolution.RETRY).count());
            assertThat(rig.probes().stream().filter(TranslationProbe::isFault).count())
                    .as("seed %d: faults raised (a handler that maps ahead may leave pages that never fault)", seed)
                    .isPositive();
        }
    }

    /**
     * Faults of two processes, each attached through a stream and domain of its own, at the same
     * virtual addresses and at the same instants: each is resolved in its own process, so every
     * retry hits the frame of the faulting process's page table, never the other one's; and each
     * process's pages hold its own bytes.
     */
    @Test
    default void faultsOfTwoProcessesAreEachResolvedInTheFaultingProcess() {
        IommuRig rig = attached(TestBench.of(faultHandlerPlatform()));
        AddressSpace second = rig.memory.createAddressSpace("fault-handler-contract-second");
        StreamId secondStream = new StreamId(6);
        rig.attach(secondStream, new DomainId(4), second);
        long first = mmap(rig, 8);
        long other = rig.memory.mmap(second, 8 * PAGE, MapOptions.DEFAULT);
        rig.memory.write(rig.space, first + 3 * PAGE, new byte[] {1, 1, 1, 1}, 0, 4);
        rig.memory.write(second, other + 3 * PAGE, new byte[] {2, 2, 2, 2}, 0, 4);
        long resolved = rig.handler.resolved();
        long terminated = rig.handler.terminated();

        for (int i = 0; i < 8; i++) {
            Access access = i % 2 == 0 ? Access.WRITE : Access.READ;
            fault(rig, first + i * PAGE + 0x40, access);
            TranslationProbe p = rig.translate(secondStream, other + i * PAGE + 0x40, access);
            p.requireFault("the platform's IOMMU must fault on an address the second process's domain never "
                    + "translated");
        }

        runAndCheck("faults of two processes (the second through " + secondStream + ")", rig, resolved, terminated,
                true);
        byte[] mine = new byte[4];
        byte[] theirs = new byte[4];
        rig.memory.read(rig.space, first + 3 * PAGE, mine, 0, 4);
        rig.memory.read(second, other + 3 * PAGE, theirs, 0, 4);
        assertThat(mine).as("the first process's bytes after the faults of both").containsExactly(1, 1, 1, 1);
        assertThat(theirs).as("the second process's bytes after the faults of both").containsExactly(2, 2, 2, 2);
    }

    /**
     * A fault on an address with no VMA — never mapped, or unmapped by the process — is terminated;
     * so is a fault of a stream attached to no domain.
     */
    @Test
    default void aFaultOnAnAddressWithNoVmaIsTerminated() {
        IommuRig rig = attached(TestBench.of(faultHandlerPlatform()));
        long va = mmap(rig, 8);
        long gone = mmap(rig, 4);
        rig.memory.munmap(rig.space, gone, 4 * PAGE);
        long never = 16L << 20;
        assertThat(rig.space.vma(never)).as("a VMA at 16 MiB (the suite needs an address with none)").isEmpty();
        assertThat(rig.space.vma(gone)).as("a VMA after munmap").isEmpty();
        long resolved = rig.handler.resolved();
        long terminated = rig.handler.terminated();

        fault(rig, never + 0x40, Access.READ);
        fault(rig, never + 5 * PAGE, Access.WRITE);
        fault(rig, gone + PAGE + 0x8, Access.WRITE);
        fault(rig, gone + 0x8, Access.READ);
        StreamId unattached = new StreamId(9);
        rig.translate(unattached, va + 0x10, Access.READ)
                .requireFault("the platform's IOMMU must fault on a stream attached to no domain");
        rig.translate(unattached, va + PAGE, Access.WRITE)
                .requireFault("the platform's IOMMU must fault on a stream attached to no domain");

        runAndCheck("faults on addresses with no VMA, and of a stream attached to no domain", rig, resolved,
                terminated, false);
        assertThat(rig.handler.terminated() - terminated).as("faults terminated").isEqualTo(6);
        assertThat(rig.space.vma(never)).as("a VMA created by the handler").isEmpty();
        assertThat(rig.translate(stream(), va, Access.READ).isFault())
                .as("the process's own pages were never touched").isTrue();
        rig.run();
    }

    /**
     * A write fault on a page the process mapped read-only is terminated (a device must not write
     * where the process may not); a read fault on it is resolved, and the retry hits.
     */
    @Test
    default void aWriteToAReadOnlyVmaIsTerminatedAndAReadOfItResolved() {
        IommuRig rig = attached(TestBench.of(faultHandlerPlatform()));
        long va = rig.memory.mmap(rig.space, 4 * PAGE, MapOptions.DEFAULT.withWritable(false));
        long resolved = rig.handler.resolved();
        long terminated = rig.handler.terminated();

        fault(rig, va + 0x18, Access.WRITE);
        runAndCheck("a write fault on a read-only VMA", rig, resolved, terminated, false);
        assertThat(rig.handler.terminated() - terminated).as("write faults on a read-only VMA terminated")
                .isEqualTo(1);
        assertThat(rig.memory.translate(rig.space, va + 0x18, Access.WRITE))
                .as("the process's page table lets a write through after the handler").isEmpty();

        IommuRig reads = attached(TestBench.of(faultHandlerPlatform()));
        long ro = reads.memory.mmap(reads.space, 4 * PAGE, MapOptions.DEFAULT.withWritable(false));
        fault(reads, ro + 2 * PAGE + 0x18, Access.READ);
        runAndCheck("a read fault on a read-only VMA", reads, reads.handler.resolved(), reads.handler.terminated(),
                true);
    }

    /**
     * A device never gets write access the process lacks: after {@code fork} the process's pages
     * are shared copy-on-write with the child; a read fault on one is told once (and its retry hits
     * the process's frame), and a later write translation either faults or hits the frame the
     * process's page table lets it write — never the frame it shares with the child.
     */
    @Test
    default void aReadFaultOnACopyOnWritePageNeverLetsADeviceWriteTheSharedFrame() {
        IommuRig rig = attached(TestBench.of(faultHandlerPlatform()));
        long va = mmap(rig, 4);
        rig.memory.write(rig.space, va, new byte[] {1, 2, 3, 4}, 0, 4);
        long shared = rig.memory.translate(rig.space, va, Access.READ).orElseThrow();
        rig.memory.requireCopyOnWriteFork().fork(rig.space, "fault-handler-contract-child");
        assertThat(rig.memory.translate(rig.space, va, Access.WRITE))
                .as("a write of the process to a page it shares copy-on-write after fork").isEmpty();
        long resolved = rig.handler.resolved();
        long terminated = rig.handler.terminated();

        fault(rig, va + 0x20, Access.READ);
        runAndCheck("a read fault on a copy-on-write page", rig, resolved, terminated, true);
        List<String> wrong = new ArrayList<>();
        TranslationProbe write = translateLater(rig, va + 0x28, Access.WRITE, wrong);
        rig.run();

        assertThat(wrong).as("a device write after a read fault on a copy-on-write page").isEmpty();
        if (!write.isFault()) {
            assertThat(write.translation().address().getAsLong() & ~(PAGE - 1))
                    .as("the frame a device writes: the process's private copy, not the one shared with the child")
                    .isNotEqualTo(shared);
        }
        rig.requireEveryFaultToldOnce("a write after a read fault on a copy-on-write page");
    }

    /** The same seed gives the same trace and the same metrics. */
    @Test
    default void theSameSeedGivesTheSameTrace() {
        long seed = 0x5eed;
        TestBench a = TestBench.of(faultHandlerPlatform(), seed);
        TestBench b = TestBench.of(faultHandlerPlatform(), seed);
        for (TestBench bench : new TestBench[] {a, b}) {
            IommuRig rig = attached(bench);
            long va = mmap(rig, 64);
            Random random = new Random(seed);
            for (int i = 0; i < 24; i++) {
                fault(rig, va + i * PAGE, i % 2 == 0 ? Access.WRITE : Access.READ);
            }
            fault(rig, 16L << 20, Access.READ);
            List<String> wrong = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                long address = va + random.nextInt(64) * PAGE;
                Access access = random.nextBoolean() ? Access.READ : Access.WRITE;
                bench.scheduler().schedule(random.nextInt(1_000_000), () -> translateLater(rig, address, access,
                        wrong));
            }
            rig.run();
        }

        assertThat(a.traceEvents()).as("trace events of the exercise").isPositive();
        assertThat(a.traceJson()).as("the trace of two runs with seed %d", seed).isEqualTo(b.traceJson());
        assertThat(a.metrics()).as("the metrics of two runs with seed %d", seed).isEqualTo(b.metrics());
    }
}
