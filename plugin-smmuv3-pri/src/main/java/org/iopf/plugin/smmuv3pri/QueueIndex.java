package org.iopf.plugin.smmuv3pri;

/**
 * The arithmetic of an SMMUv3 circular queue's producer and consumer indices (IHI 0070 §3.5.1;
 * {@code Q_IDX}, {@code Q_WRP}, {@code Q_OVF} of arm-smmu-v3.c): for a queue of {@code 2^log2}
 * entries the index is bits {@code [log2-1:0]}, the wrap bit is bit {@code log2}, and bit 31 is the
 * overflow flag (PROD.OVFLG, CONS.OVACKFLG). The queue is empty when index and wrap agree, full
 * when the indices agree and the wrap bits differ.
 */
final class QueueIndex {
    private QueueIndex() {
    }

    static int index(int v, int log2) {
        return v & ((1 << log2) - 1);
    }

    static int wrap(int v, int log2) {
        return v & (1 << log2);
    }

    static boolean empty(int prod, int cons, int log2) {
        return index(prod, log2) == index(cons, log2) && wrap(prod, log2) == wrap(cons, log2);
    }

    static boolean full(int prod, int cons, int log2) {
        return index(prod, log2) == index(cons, log2) && wrap(prod, log2) != wrap(cons, log2);
    }

    /** Entries between consumer and producer. */
    static int used(int prod, int cons, int log2) {
        int mask = (2 << log2) - 1;
        return ((prod & mask) - (cons & mask)) & mask;
    }

    /** The next index with the wrap bit carried, keeping the overflow flag. */
    static int next(int v, int log2) {
        int mask = (2 << log2) - 1;
        return (v & Regs.Q_OVF) | ((v + 1) & mask);
    }
}
