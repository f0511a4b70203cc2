package org.iopf.plugin.ethernetbackupring;

import java.util.Objects;
import org.iopf.api.observe.Counter;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.sim.CpuCore;
import org.iopf.api.sim.DataRate;
import org.iopf.api.sim.WorkPriority;

/**
 * The IOprovider of seed 001 §3.2: owner of the pinned backup ring of its CPU. Once the faults of a
 * packet in the ring are resolved, it copies the packet into the user buffer — CPU work on the
 * ring's core (softirq context) that takes {@code length / copyRate}, the memory bandwidth of one
 * core — and frees the slot.
 */
final class IoProvider {
    private final BackupRing ring;
    private final CpuCore core;
    private final DataRate copyRate;
    private final Counter lost;

    IoProvider(BackupRing ring, CpuCore core, DataRate copyRate, ComponentContext context) {
        this.ring = Objects.requireNonNull(ring, "ring is null");
        this.core = Objects.requireNonNull(core, "core is null");
        this.copyRate = Objects.requireNonNull(copyRate, "copyRate is null");
        this.lost = NicStatistics.RING_LOST.counter(context.metrics());
    }

    /** The ring it owns. */
    BackupRing ring() {
        return ring;
    }

    /**
     * Copies the packet in {@code slot} (stream bytes {@code [seq, seq + length)}) into the user
     * buffer, frees the slot, and runs {@code placed}; if a destination page has been taken away
     * again meanwhile the packet is dropped instead and {@code lostAgain} runs.
     *
     * @param flowId the fault's flow id for the trace, 0 for a packet that did not fault
     */
    void copy(int slot, long seq, long length, RxBuffer buffer, long flowId, Runnable placed, Runnable lostAgain) {
        core.run("backupring/copy", WorkPriority.SOFTIRQ, copyRate.nanosFor(length), flowId, () -> {
            boolean copied = ring.copyOut(slot, length, buffer, seq);
            ring.release(slot);
            if (copied) {
                placed.run();
            } else {
                lost.increment();
                lostAgain.run();
            }
        });
    }
}
