package org.iopf.plugin.dmaplane;

/**
 * The locks of dmaplane in their one allowed order (seed 004 §2.2.1, E3): a thread holding a lock
 * may only take locks of a higher rank.
 */
enum LockClass {
    /** The device-level mutex. */
    DEV_MUTEX("dev_mutex"),
    /** The RDMA read-write semaphore. */
    RDMA_SEM("rdma_sem"),
    /** The buffer spinlock. */
    BUF_LOCK("buf_lock"),
    /** The memory-region registration lock. */
    MR_LOCK("mr_lock");

    private final String lockName;

    LockClass(String lockName) {
        this.lockName = lockName;
    }

    /** The lock's name as the seed writes it. */
    String lockName() {
        return lockName;
    }

    /** Position in the order; lower is taken first. */
    int rank() {
        return ordinal();
    }
}
