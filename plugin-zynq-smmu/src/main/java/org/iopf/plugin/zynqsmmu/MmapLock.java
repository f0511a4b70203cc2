package org.iopf.plugin.zynqsmmu;

import java.util.ArrayDeque;

/**
 * A process's mmap lock taken for writing ({@code down_write(&mm->mmap_sem)}, seed 000 §3.2.3):
 * one holder at a time, waiters served in arrival order. A holder calls {@link #release()} when done.
 */
final class MmapLock {
    private final ArrayDeque<Runnable> waiters = new ArrayDeque<>();
    private boolean held;
    private long contended;

    /** Runs {@code critical} once the lock is this caller's. */
    void acquire(Runnable critical) {
        if (held) {
            contended++;
            waiters.addLast(critical);
            return;
        }
        held = true;
        critical.run();
    }

    /** Releases the lock, handing it to the oldest waiter. */
    void release() {
        Runnable next = waiters.pollFirst();
        if (next == null) {
            held = false;
        } else {
            next.run();
        }
    }

    /** Acquisitions that had to wait. */
    long contended() {
        return contended;
    }
}
