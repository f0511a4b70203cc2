package org.iopf.core.mem;

/**
 * Where the bytes of a content run come from: an immutable literal array or a deterministic
 * generator. Byte {@code i} of a source never changes.
 */
interface ContentSource {
    /** Copies {@code len} bytes starting at source index {@code from} into {@code dst[off..]}. */
    void copyTo(long from, byte[] dst, int off, int len);

    /**
     * Adds {@code len} bytes starting at source index {@code from} to {@code hasher}: as bytes
     * (literal), or as the generator's symbols in O(log len) (see {@link GeneratedSource}).
     */
    void hash(long from, long len, ContentHasher hasher);

    /** Whether the bytes are held in memory (literal) rather than generated. */
    boolean isLiteral();
}
