package org.iopf.plugin.dmaplane;

import java.util.Objects;

/**
 * A lock taken out of order (E3): {@code thread} held {@code held} and asked for {@code wanted},
 * which ranks before it. Reported instead of letting the threads deadlock.
 *
 * @param thread the simulated thread
 * @param held the lock it held with the highest rank
 * @param wanted the lock it asked for
 * @param timeNanos when
 */
record LockOrderViolation(String thread, LockClass held, LockClass wanted, long timeNanos) {
    LockOrderViolation {
        Objects.requireNonNull(thread, "thread is null");
        Objects.requireNonNull(held, "held is null");
        Objects.requireNonNull(wanted, "wanted is null");
    }

    /** One line naming both locks. */
    String describe() {
        return "lock order violation: " + thread + " holds " + held.lockName() + " and asks for " + wanted.lockName()
                + "; the order is dev_mutex -> rdma_sem -> buf_lock -> mr_lock";
    }
}
