package org.iopf.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Random;
import org.iopf.api.dma.DmaCompletion;
import org.iopf.api.dma.DmaDescriptor;
import org.iopf.api.dma.DmaSubmitResult;
import org.iopf.api.sim.Time;

/** The exercises and generators of {@link DmaEngineContract}. */
final class DmaExercise {
    /** The most transfers the concurrency test submits at once. */
    static final int MAX_CONCURRENT_TRIED = 1024;
    /** Bytes of destination each random transfer may use; transfers never overlap there. */
    private static final int SLOT = 10 * 1024;

    private DmaExercise() {
    }

    /**
     * {@code count} transfers of 1 B to 9 KiB at random (often unaligned) offsets, on channels
     * round robin, each in a destination slot of its own with random gaps between them.
     */
    static List<DmaDescriptor> randomTransfers(DmaRig rig, Random random, int count) {
        int slots = DmaRig.REGION / SLOT;
        if (count > slots) {
            throw new IllegalArgumentException("at most " + slots + " transfers");
        }
        int channels = rig.engine.channelsPerDomain();
        List<DmaDescriptor> list = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int length = switch (i % 4) {
                case 0 -> 1 + random.nextInt(64);
                case 1 -> 4096;
                default -> 1 + random.nextInt(9 * 1024);
            };
            int destinationOffset = i * SLOT + random.nextInt(SLOT - length + 1);
            int sourceOffset = random.nextInt(DmaRig.REGION - length + 1);
            list.add(rig.descriptor(i % channels, sourceOffset, destinationOffset, length));
        }
        return list;
    }

    /**
     * Submits every descriptor: at once while the engine accepts, the rest one by one as earlier
     * ones complete (a BUSY engine is asked again after a completion). Records each accepted
     * one's submission time; fails on INVALID.
     */
    static void submitAll(DmaRig rig, List<DmaDescriptor> descriptors, List<Long> submittedAt) {
        Deque<DmaDescriptor> waiting = new ArrayDeque<>(descriptors);
        Runnable[] pump = new Runnable[1];
        pump[0] = () -> {
            while (!waiting.isEmpty()) {
                DmaDescriptor next = waiting.peekFirst();
                long now = rig.bench.now();
                DmaSubmitResult result = rig.submit(next,
                        c -> rig.bench.scheduler().schedule(Time.nanos(0), pump[0]::run));
                if (result == DmaSubmitResult.BUSY) {
                    assertThat(rig.engine.inFlight()).as("inFlight of an engine that answered BUSY").isPositive();
                    return;
                }
                assertThat(result).as("submit of #%d", next.id()).isEqualTo(DmaSubmitResult.ACCEPTED);
                submittedAt.add(now);
                waiting.removeFirst();
            }
        };
        pump[0].run();
    }

    /**
     * The exercise the determinism test runs twice: 24 seeded transfers and one from unmapped
     * memory, on a bench of that seed.
     */
    static DmaRig standard(DmaEngineContract contract, long seed) {
        DmaRig rig = new DmaRig(contract, TestBench.of(contract.dmaPlatform(), seed));
        List<DmaDescriptor> sent = randomTransfers(rig, new Random(seed), 24);
        sent.add(rig.descriptorFrom(rig.unmappedSourceAddress(), 0, 24 * SLOT, 4096));
        submitAll(rig, sent, new ArrayList<>());
        rig.bench.run();
        List<DmaCompletion> all = new ArrayList<>();
        for (DmaDescriptor d : sent) {
            all.addAll(rig.completionsOf(d.id()));
        }
        assertThat(all).as("completions, seed %d", seed).hasSize(sent.size());
        return rig;
    }
}
