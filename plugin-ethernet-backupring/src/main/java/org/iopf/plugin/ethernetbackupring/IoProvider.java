package org.iopf.plugin.ethernetbackupring;

import java.util.Objects;
import org.iopf.api.observe.Counter;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.sim.CpuCore;
import org.iopf.api.sim.DataRate;
import org.iopf.api.sim.Event;
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

    /** Hears how a copy out of the ring ended. */
    interface CopyListener {
        /** The packet is in the user buffer. */
        void placed();

        /** A destination page had been taken away again: the packet was dropped. */
        void lost();
    }

    /**
     * Copies the packet in {@code slot} (stream bytes {@code [seq, seq + length)}) into the user
     * buffer, frees the slot, and tells {@code listener} it was placed; if a destination page has
     * been taken away again meanwhile the packet is dropped instead and the listener hears it lost.
     *
     * @param flowId the fault's flow id for the trace, 0 for a packet that did not fault
     */
    void copy(int slot, long seq, long length, RxBuffer buffer, long flowId, CopyListener listener) {
        core.run("backupring/copy", WorkPriority.SOFTIRQ, copyRate.nanosFor(length), flowId,
                new Copy(slot, seq, length, buffer, listener));
    }

    /** One copy out of the ring, done when the core has spent its time. */
    private final class Copy implements Event {
        private final int slot;
        private final long seq;
        private final long length;
        private final RxBuffer buffer;
        private final CopyListener listener;

        Copy(int slot, long seq, long length, RxBuffer buffer, CopyListener listener) {
            this.slot = slot;
            this.seq = seq;
            this.length = length;
            this.buffer = buffer;
            this.listener = listener;
        }

        @Override
        public void fire() {
            boolean copied = ring.copyOut(slot, length, buffer, seq);
            ring.release(slot);
            if (copied) {
                listener.placed();
            } else {
                lost.increment();
                listener.lost();
            }
        }
    }
}
