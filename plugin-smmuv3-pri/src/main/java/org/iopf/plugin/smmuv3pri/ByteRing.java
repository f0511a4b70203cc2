package org.iopf.plugin.smmuv3pri;

/**
 * Ring arithmetic of a queue whose head and tail registers hold byte offsets and no wrap bit (the
 * VT-d PRQ's PQH/PQT, the AMD PPR log's head/tail): empty when they are equal, full when the tail
 * is one entry behind the head, so one of the {@code 2^log2} entries always stays empty.
 */
final class ByteRing {
    private ByteRing() {
    }

    static boolean empty(int head, int tail) {
        return head == tail;
    }

    static boolean full(int tail, int head, int entryBytes, int log2) {
        return next(tail, entryBytes, log2) == head;
    }

    static int used(int tail, int head, int entryBytes, int log2) {
        int size = entryBytes << log2;
        return ((tail - head + size) % size) / entryBytes;
    }

    static int next(int v, int entryBytes, int log2) {
        return (v + entryBytes) & ((entryBytes << log2) - 1);
    }
}
