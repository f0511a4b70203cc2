package org.iopf.plugin.smmuv3pri;

/**
 * A page-request ring whose head and tail registers hold byte offsets into the ring (VT-d's
 * PQH/PQT, AMD's PPR log head and tail), as opposed to SMMUv3's entry indices with a wrap bit:
 * the ring arithmetic of both, over fixed-size entries.
 */
abstract class ByteOffsetFormat implements PageRequestFormat {
    private final int bytes;

    ByteOffsetFormat(int bytes) {
        this.bytes = bytes;
    }

    @Override
    public final int entryBytes() {
        return bytes;
    }

    @Override
    public final boolean empty(int prod, int cons, int log2) {
        return ByteRing.empty(cons, prod);
    }

    @Override
    public final boolean full(int prod, int cons, int log2) {
        return ByteRing.full(prod, cons, bytes, log2);
    }

    @Override
    public final int used(int prod, int cons, int log2) {
        return ByteRing.used(prod, cons, bytes, log2);
    }

    @Override
    public final int next(int v, int log2) {
        return ByteRing.next(v, bytes, log2);
    }

    @Override
    public final long offset(int v, int log2) {
        return v;
    }
}
