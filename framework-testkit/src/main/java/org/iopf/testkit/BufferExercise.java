package org.iopf.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** The seeded random sequence of {@link BufferManagerContract}. */
final class BufferExercise {
    /** Live buffers the sequence keeps at most. */
    private static final int MAX_LIVE = 8;

    private BufferExercise() {
    }

    /**
     * Runs {@code steps} random operations on a new rig: allocate (while fewer than
     * {@value #MAX_LIVE} are live), retain, release an owner reference, attach, detach; checks
     * every buffer after every step; finally drops every reference left and checks that
     * everything is freed and reserved bytes are back where they started.
     */
    static BufferRig randomSequence(BufferManagerContract contract, TestBench bench, long seed, int steps) {
        BufferRig rig = new BufferRig(contract, bench);
        Random random = new Random(seed);
        boolean exports = contract.exportsBuffers();
        int importers = 0;
        for (int step = 0; step < steps; step++) {
            List<BufferRig.Tracked> live = new ArrayList<>();
            for (BufferRig.Tracked t : rig.tracked()) {
                if (t.references() > 0) {
                    live.add(t);
                }
            }
            int op = live.isEmpty() ? 0 : random.nextInt(exports ? 5 : 3);
            String when = "seed " + seed + ", step " + step;
            BufferRig.Tracked touched = null;
            BufferRig.Tracked misused = misuseCandidate(rig, random);
            if (misused != null) {
                rig.misuse(misused, when);
            } else if (op == 0 && live.size() < MAX_LIVE) {
                long bytes = random.nextInt(4) == 0 ? 1 + random.nextInt(64) : 1 + random.nextInt(256 * 1024);
                touched = rig.allocate(bytes, seed * 1_000_003 + step);
            } else if (!live.isEmpty()) {
                touched = live.get(random.nextInt(live.size()));
                switch (op) {
                    case 0, 1 -> rig.retain(touched);
                    case 2 -> {
                        if (touched.ownerRefs > 0) {
                            rig.release(touched);
                        } else {
                            rig.detach(touched, touched.attachments.get(0));
                        }
                    }
                    case 3 -> rig.attach(touched, "node1/importer" + importers++);
                    default -> {
                        if (touched.attachments.isEmpty()) {
                            rig.release(touched);
                        } else {
                            rig.detach(touched, touched.attachments.get(random.nextInt(touched.attachments.size())));
                        }
                    }
                }
            }
            rig.check(when);
            if (touched != null && touched.references() > 0) {
                rig.checkContents(touched, when);
            }
        }
        for (BufferRig.Tracked t : rig.tracked()) {
            while (!t.attachments.isEmpty()) {
                rig.detach(t, t.attachments.get(0));
            }
            while (t.ownerRefs > 0) {
                rig.release(t);
            }
        }
        rig.check("seed " + seed + ", after dropping every reference");
        assertThat(rig.manager.reservedBytes()).as("seed %d: reservedBytes at the end", seed)
                .isEqualTo(rig.reservedAtStart);
        assertThat(rig.memory.stats().pinnedBytes())
                .as("seed %d: bytes the node's memory manager has pinned once every buffer is freed (a freed "
                        + "buffer's pins are released)", seed)
                .isEqualTo(rig.pinnedAtStart);
        return rig;
    }

    /**
     * One step in ten, a buffer on which the rig holds no reference it could drop: a freed one, or
     * a live one whose only references are attachments; {@code null} otherwise.
     */
    private static BufferRig.Tracked misuseCandidate(BufferRig rig, Random random) {
        if (random.nextInt(10) != 0) {
            return null;
        }
        List<BufferRig.Tracked> candidates = new ArrayList<>();
        for (BufferRig.Tracked t : rig.tracked()) {
            if (t.ownerRefs == 0) {
                candidates.add(t);
            }
        }
        return candidates.isEmpty() ? null : candidates.get(random.nextInt(candidates.size()));
    }
}
