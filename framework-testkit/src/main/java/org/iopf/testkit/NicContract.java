package org.iopf.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import java.util.Random;
import java.util.Set;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.nic.Nic;
import org.iopf.api.nic.Opcode;
import org.iopf.api.nic.ProtectionDomain;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.nic.RegistrationResult;
import org.iopf.api.platform.Capability;
import org.iopf.api.platform.Role;
import org.junit.jupiter.api.Test;

/**
 * The contract of the {@link org.iopf.api.nic.Nic} role. A NIC's test class implements this
 * interface and supplies {@link #nicPlatform()}; it inherits the tests that prove the NIC honours the
 * role: every transfer delivers every byte exactly once and intact or reports an error, on a
 * lossless and on a lossy link, and the same seed gives the same trace.
 *
 * <p>The checks, each a default {@code @Test} method:
 * <ul>
 *   <li>{@link #rdmaWritesOfSeededRandomSizesArriveOnceIntactAndTouchNothingElse}: RDMA WRITEs of
 *       1 B, around the MTU and its multiples and of seeded random sizes, at unaligned addresses, each
 *       get exactly one success completion (completions in the order the requests were posted, as in
 *       every verbs check), and every byte of both buffers is what the writes make
 *       it (the destinations equal their sources, the bytes around them are untouched).
 *   <li>{@link #sendsOfSeededRandomSizesLandOnceIntactInTheirReceives}: the same for SENDs into
 *       posted receives longer than the message: each receive is consumed once, in order, with the
 *       message's length, and nothing past the message is written.
 *   <li>{@link #writesWithImmediateLandOnceIntactAndDeliverTheirImmediateInOrder}: the same for
 *       RDMA WRITEs WITH IMMEDIATE, each of which consumes one receive, in order, whose completion
 *       carries its immediate and its length.
 *   <li>{@link #rdmaReadsBringTheRemoteBytesIntact}: the same for RDMA READs.
 *   <li>{@link #unsignalledWorkRequestsMoveTheirBytesWithoutACompletion}: a mix of all four where
 *       every third request is unsignalled: those report no completion and still move intact bytes.
 *   <li>{@link #onALossyLinkEveryWorkRequestCompletesOnceWithIntactBytesOrAnError}: on a link that
 *       loses packets, a mix of the four (every third unsignalled) completes each signalled work
 *       request exactly once (never silence); as RC requires, requests complete in order and after
 *       the first failure every request, signalled or not, reports an error (flushed); a success
 *       has moved intact bytes, a failure has an error status, no receive is consumed
 *       twice, and nothing outside the failed operations' destinations changes; once with the
 *       default retries and once with one retry on a very lossy link (30% loss), where at least one
 *       request must fail (a NIC that ignores its queue pair's retry count never gives up);
 *       the lossy run takes longer than a clean one (packets were really lost and recovered).
 *   <li>{@link #anOnDemandRegistrationIsGrantedExactlyWhenTheNicSupportsIt}: as
 *       {@link #supportsOnDemandRegistration()} says.
 *   <li>{@link #aPinnedRegistrationPinsItsPagesAndDeregistrationUnpinsThem}: a pinned registration
 *       pins every page of its range, and deregistering it unpins them all.
 *   <li>{@link #aTransferDeliversEveryByteOnceAndIntactAndTouchesNothingAround}: a message of
 *       1 B, around the MTU and of seeded random size sent through {@link #transfer} is delivered
 *       whole, each byte once, in order and intact, with no error, and the bytes around the destination are
 *       untouched (for every NIC, with or without verbs).
 *   <li>{@link #onALossyLinkATransferDeliversEveryByteOnceIntactOrReportsAnError}: the same on a
 *       lossy link, where a transfer may instead report an error, but never deliver a byte twice,
 *       deliver wrong bytes or fall silent; the lossy runs take longer than clean ones.
 *   <li>{@link #theSameSeedGivesTheSameTraceAndMetrics}: the lossy exercises run twice with the same
 *       seed give the same trace, metrics and completions.
 *   <li>{@link #aNicWithoutVerbsRefusesRegistrationAndQueuePairs}: a NIC that says it has no verbs
 *       refuses memory registration with a reason and throws on queue pair creation, rather than
 *       pretending.
 *   <li>{@link #itsTypeDeclaresTheCapabilitiesItHas}: the type's declared capabilities (which
 *       validation checks workloads against) agree with {@link #hasVerbs()} and
 *       {@link #supportsOnDemandRegistration()}.
 * </ul>
 * The verbs checks run for every registration mode the NIC supports (pinned, and on demand when
 * {@link #supportsOnDemandRegistration()}); with on-demand regions half the pages of each buffer
 * are never touched before the run, so the NIC's fault path is exercised. A NIC without verbs skips
 * the verbs checks and proves the same properties through its own {@link #transfer}.
 *
 * @since 0.1
 */
public interface NicContract {
    /**
     * The platform the NIC under test runs on, as platform-file text: nodes {@code node1} and
     * {@code node2}, each with the NIC under test in the {@code Nic} role and what it needs (IOMMU,
     * fault handler).
     */
    String nicPlatform();

    /**
     * Whether the NIC has verbs: memory registration and RC queue pairs. Override to return
     * {@code false} for a NIC that refuses registration and has no queue pairs (an Ethernet NIC);
     * it must then override {@link #transfer}.
     */
    default boolean hasVerbs() {
        return true;
    }

    /**
     * Whether the NIC registers memory on demand (not pinned, faulting as it goes: ODP/NPF) as well
     * as pinned. Override to return {@code true} for a NIC with page-fault support: the verbs checks
     * then also run with on-demand regions.
     */
    default boolean supportsOnDemandRegistration() {
        return false;
    }

    /**
     * The NIC's MTU in bytes in {@link #nicPlatform()}: the contract's message sizes sit around it
     * and its multiples, so that packets cross MTU boundaries. Override when the platform sets
     * another MTU.
     */
    default int mtu() {
        return 4096;
    }

    /**
     * {@link #nicPlatform()} with a fabric link that loses each packet with probability
     * {@code lossProbability}. The default edits the text: it replaces or adds the {@code loss} of
     * the {@code fabric}'s flow-style {@code link: {...}}, or adds a
     * {@code fabric: {link: {loss: ...}}} section. Override when the platform text gives its link in
     * another form or the NIC takes its loss from elsewhere.
     *
     * @param lossProbability in {@code (0, 1)}
     */
    default String lossyNicPlatform(double lossProbability) {
        return PlatformText.withLoss(nicPlatform(), lossProbability);
    }

    /**
     * Starts moving {@code data} from {@code node1} to {@code node2} through the NIC's own path on
     * {@code bench} (built from {@link #nicPlatform()} or {@link #lossyNicPlatform}) without running
     * the bench, and returns the handle the contract judges the transfer by. The default, for a NIC
     * with verbs, posts a receive of the message's length on {@code node2} and one signalled SEND on
     * {@code node1}, in pinned regions. A NIC without verbs must override it to drive its own path (a
     * stream, a ring) and report its deliveries and errors.
     *
     * @param bench a fresh bench, nothing run yet
     * @param data the message, at least one byte; the implementation may keep it
     */
    default NicTransfer transfer(TestBench bench, byte[] data) {
        if (!hasVerbs()) {
            throw new UnsupportedOperationException("a NIC without verbs must override NicContract.transfer");
        }
        return new VerbsTransfer(bench, data, false);
    }

    /** Every registration mode the verbs checks run with. */
    private List<Boolean> registrationModes() {
        return supportsOnDemandRegistration() ? List.of(false, true) : List.of(false);
    }

    private void lossless(List<Opcode> kinds) {
        lossless(kinds, false);
    }

    private void lossless(List<Opcode> kinds, boolean someUnsignalled) {
        assumeTrue(hasVerbs(), "the NIC has no verbs: its transfer checks stand for these");
        for (long seed : NicTransfers.SEEDS) {
            for (boolean onDemand : registrationModes()) {
                TestBench bench = TestBench.of(nicPlatform(), seed);
                VerbsExercise exercise = new VerbsExercise(bench, seed, kinds, mtu(), 8, onDemand,
                        QueuePairConfig.DEFAULT, someUnsignalled);
                bench.run();
                assertThat(bench.pendingEvents()).as("events left, seed %d", seed).isZero();
                exercise.verify(true);
            }
        }
    }

    /**
     * The NIC's type declares what these hooks say it has, {@link Capability#VERBS} exactly when
     * {@link #hasVerbs()} and {@link Capability#ON_DEMAND_REGISTRATION} exactly when
     * {@link #supportsOnDemandRegistration()}: validation admits or refuses a workload on these
     * declarations before anything runs.
     */
    @Test
    default void itsTypeDeclaresTheCapabilitiesItHas() {
        Set<Capability> declared = TestBench.of(nicPlatform()).capabilities("node1", Role.NIC);
        assertThat(declared.contains(Capability.VERBS)).as("declares VERBS, as hasVerbs()").isEqualTo(hasVerbs());
        assertThat(declared.contains(Capability.ON_DEMAND_REGISTRATION))
                .as("declares ON_DEMAND_REGISTRATION, as supportsOnDemandRegistration()")
                .isEqualTo(supportsOnDemandRegistration());
    }

    /** RDMA WRITEs of many sizes arrive once and intact, and nothing else changes. */
    @Test
    default void rdmaWritesOfSeededRandomSizesArriveOnceIntactAndTouchNothingElse() {
        lossless(List.of(Opcode.RDMA_WRITE));
    }

    /** SENDs of many sizes land once and intact in their receives, in order. */
    @Test
    default void sendsOfSeededRandomSizesLandOnceIntactInTheirReceives() {
        lossless(List.of(Opcode.SEND));
    }

    /** WRITEs WITH IMMEDIATE land once and intact and each consumes one receive with its immediate. */
    @Test
    default void writesWithImmediateLandOnceIntactAndDeliverTheirImmediateInOrder() {
        lossless(List.of(Opcode.RDMA_WRITE_WITH_IMM));
    }

    /** Unsignalled work requests do their work and report nothing when they succeed. */
    @Test
    default void unsignalledWorkRequestsMoveTheirBytesWithoutACompletion() {
        lossless(VerbsExercise.ALL, true);
    }

    /** RDMA READs of many sizes bring the remote bytes intact. */
    @Test
    default void rdmaReadsBringTheRemoteBytesIntact() {
        lossless(List.of(Opcode.RDMA_READ));
    }

    /** On a lossy link every work request completes once: success with intact bytes, or an error. */
    @Test
    default void onALossyLinkEveryWorkRequestCompletesOnceWithIntactBytesOrAnError() {
        assumeTrue(hasVerbs(), "the NIC has no verbs: onALossyLinkATransfer... stands for this");
        List<Opcode> all = VerbsExercise.ALL;
        for (boolean onDemand : registrationModes()) {
            long seed = NicTransfers.SEEDS[0];
            TestBench clean = TestBench.of(nicPlatform(), seed);
            new VerbsExercise(clean, seed, all, mtu(), 8, onDemand, QueuePairConfig.DEFAULT, true);
            clean.run();

            TestBench lossy = TestBench.of(lossyNicPlatform(0.05), seed);
            VerbsExercise exercise = new VerbsExercise(lossy, seed, all, mtu(), 8, onDemand, QueuePairConfig.DEFAULT,
                    true);
            lossy.run();
            assertThat(lossy.pendingEvents()).as("events left on the lossy link").isZero();
            exercise.verify(false);
            assertThat(lossy.now()).as("the lossy link lost packets, so the run took longer than on a clean link "
                    + "(seed %d, on demand %s)", seed, onDemand).isGreaterThan(clean.now());

            TestBench worse = TestBench.of(lossyNicPlatform(0.3), seed);
            VerbsExercise fragile = new VerbsExercise(worse, seed, all, mtu(), 8, onDemand,
                    new QueuePairConfig(256, 256, 1, 7), true);
            worse.run();
            assertThat(worse.pendingEvents()).as("events left on the very lossy link").isZero();
            assertThat(fragile.verify(false)).as("work requests that failed on a link losing 30%% of packets with "
                    + "one transport retry (seed %d, on demand %s): a NIC that honours QueuePairConfig.retryCount "
                    + "gives up on some", seed, onDemand).isPositive();
        }
    }

    /** On-demand registration is granted if and only if the NIC says it supports it. */
    @Test
    default void anOnDemandRegistrationIsGrantedExactlyWhenTheNicSupportsIt() {
        assumeTrue(hasVerbs(), "the NIC has no verbs: aNicWithoutVerbsRefuses... stands for this");
        TestBench bench = TestBench.of(nicPlatform());
        MemoryManager mm = bench.memoryManager("node2");
        Nic nic = bench.role("node2", Nic.class);
        AddressSpace space = mm.createAddressSpace("nic-contract-odp");
        long va = mm.mmap(space, 64 * 1024, MapOptions.DEFAULT);
        ProtectionDomain pd = nic.allocateProtectionDomain(space);

        RegistrationResult result = nic.registerMemory(pd, va, 64 * 1024, true, true, true);

        if (supportsOnDemandRegistration()) {
            assertThat(result).as("on-demand registration of a NIC that supports it")
                    .isInstanceOf(RegistrationResult.Registered.class);
            assertThat(result.requireRegion().onDemand()).isTrue();
            assertThat(space.entry(va).map(e -> e.pinned()).orElse(false)).as("an on-demand region pins nothing")
                    .isFalse();
        } else {
            assertThat(result).as("on-demand registration of a NIC without page-fault support (override "
                    + "supportsOnDemandRegistration if it has it)").isInstanceOf(RegistrationResult.Refused.class);
        }
    }

    /**
     * A pinned registration pins every page of its range (they are present, and the memory
     * manager's pinned bytes grow by the range); deregistering it unpins them all again.
     */
    @Test
    default void aPinnedRegistrationPinsItsPagesAndDeregistrationUnpinsThem() {
        assumeTrue(hasVerbs(), "the NIC has no verbs: aNicWithoutVerbsRefuses... stands for this");
        TestBench bench = TestBench.of(nicPlatform());
        MemoryManager mm = bench.memoryManager("node2");
        Nic nic = bench.role("node2", Nic.class);
        AddressSpace space = mm.createAddressSpace("nic-contract-pin");
        int pages = 16;
        long va = mm.mmap(space, pages * 4096L, MapOptions.DEFAULT);
        long pinnedBefore = mm.stats().pinnedBytes();

        RegistrationResult result = nic.registerMemory(nic.allocateProtectionDomain(space), va, pages * 4096L, true,
                true, false);

        assertThat(result).as("a pinned registration").isInstanceOf(RegistrationResult.Registered.class);
        for (int i = 0; i < pages; i++) {
            long page = va + i * 4096L;
            assertThat(space.entry(page).map(e -> e.present() && e.pinned()).orElse(false))
                    .as("page %d of a pinned region is present and pinned", i).isTrue();
        }
        assertThat(mm.stats().pinnedBytes() - pinnedBefore).as("bytes pinned by the registration")
                .isEqualTo(pages * 4096L);

        nic.deregisterMemory(result.requireRegion());

        for (int i = 0; i < pages; i++) {
            long page = va + i * 4096L;
            assertThat(space.entry(page).map(e -> e.pinned()).orElse(false))
                    .as("page %d after deregistration", i).isFalse();
        }
        assertThat(mm.stats().pinnedBytes()).as("pinned bytes after deregistration").isEqualTo(pinnedBefore);
    }

    /** A message through the NIC's transfer path arrives whole, once and intact; nothing around it changes. */
    @Test
    default void aTransferDeliversEveryByteOnceAndIntactAndTouchesNothingAround() {
        Random random = new Random(NicTransfers.SEEDS[0]);
        int[] sizes = {1, mtu() - 1, mtu() + 1, 3 * mtu() - 7, 1 + random.nextInt(16 * mtu())};
        for (int i = 0; i < sizes.length; i++) {
            long seed = NicTransfers.SEEDS[0] + i;
            NicTransfers.runAndCheck(this, nicPlatform(), seed, NicTransfers.data(seed, sizes[i]), true);
        }
    }

    /** On a lossy link a transfer delivers every byte once and intact, or reports an error; never silence. */
    @Test
    default void onALossyLinkATransferDeliversEveryByteOnceIntactOrReportsAnError() {
        Random random = new Random(NicTransfers.SEEDS[1]);
        long lossyTime = 0;
        long cleanTime = 0;
        for (int i = 0; i < 3; i++) {
            long seed = NicTransfers.SEEDS[1] + i;
            int size = 8 * mtu() + random.nextInt(16 * mtu());
            byte[] data = NicTransfers.data(seed, size);
            lossyTime += NicTransfers.runAndCheck(this, lossyNicPlatform(0.1), seed, data, false).endNanos();
            cleanTime += NicTransfers.runAndCheck(this, nicPlatform(), seed, data, true).endNanos();
        }
        assertThat(lossyTime).as("the lossy link lost packets, so the three transfers took longer than on a clean "
                + "link").isGreaterThan(cleanTime);
    }

    /** The lossy exercises run twice with one seed give the same trace, metrics and completions. */
    @Test
    default void theSameSeedGivesTheSameTraceAndMetrics() {
        long seed = NicTransfers.SEEDS[1];
        String lossy = lossyNicPlatform(0.05);
        byte[] data = NicTransfers.data(seed, 12 * mtu() + 5);
        NicTransfers.Outcome first = NicTransfers.runAndCheck(this, lossy, seed, data, false);
        NicTransfers.Outcome second = NicTransfers.runAndCheck(this, lossy, seed, data, false);
        assertThat(second.trace()).as("trace of the same transfer with seed %d", seed).isEqualTo(first.trace());
        assertThat(second.metrics()).as("metrics of the same transfer with seed %d", seed).isEqualTo(first.metrics());
        assertThat(second.deliveries()).isEqualTo(first.deliveries());
        assertThat(second.errors()).isEqualTo(first.errors());
        if (!hasVerbs()) {
            return;
        }
        for (boolean onDemand : registrationModes()) {
            String[] traces = new String[2];
            String[] completions = new String[2];
            Object[] metrics = new Object[2];
            for (int run = 0; run < 2; run++) {
                TestBench bench = TestBench.of(lossy, seed);
                VerbsExercise exercise = new VerbsExercise(bench, seed, VerbsExercise.ALL, mtu(), 8, onDemand,
                        QueuePairConfig.DEFAULT);
                bench.run();
                traces[run] = bench.traceJson();
                metrics[run] = bench.metrics();
                completions[run] = exercise.completions();
            }
            assertThat(traces[1]).as("trace of the verbs exercise, seed %d, on demand %s", seed, onDemand)
                    .isEqualTo(traces[0]);
            assertThat(metrics[1]).as("metrics of the verbs exercise, seed %d", seed).isEqualTo(metrics[0]);
            assertThat(completions[1]).as("completions of the verbs exercise, seed %d", seed).isEqualTo(completions[0]);
        }
    }

    /** A NIC without verbs says so: registration is refused with a reason, queue pairs throw. */
    @Test
    default void aNicWithoutVerbsRefusesRegistrationAndQueuePairs() {
        assumeFalse(hasVerbs(), "the NIC has verbs: the verbs checks cover registration and queue pairs");
        TestBench bench = TestBench.of(nicPlatform());
        MemoryManager mm = bench.memoryManager("node1");
        Nic nic = bench.role("node1", Nic.class);
        AddressSpace space = mm.createAddressSpace("nic-contract-no-verbs");
        long va = mm.mmap(space, 64 * 1024, MapOptions.DEFAULT);
        ProtectionDomain pd = nic.allocateProtectionDomain(space);

        for (boolean onDemand : List.of(false, true)) {
            RegistrationResult result = nic.registerMemory(pd, va, 64 * 1024, true, true, onDemand);
            assertThat(result).isInstanceOf(RegistrationResult.Refused.class);
            assertThat(((RegistrationResult.Refused) result).reason()).isNotBlank();
        }
        assertThat(space.entry(va).map(e -> e.pinned()).orElse(false)).as("a refused registration pins nothing")
                .isFalse();
        assertThatThrownBy(() -> nic.createQueuePair(pd, null, null, QueuePairConfig.DEFAULT))
                .isInstanceOf(UnsupportedOperationException.class);
    }
}
