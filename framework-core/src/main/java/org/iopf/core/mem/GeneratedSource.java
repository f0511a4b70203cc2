package org.iopf.core.mem;

/**
 * Deterministic pseudo-random content of unbounded length: byte {@code i} is byte {@code i % 8}
 * (little-endian) of {@code mix(seed, i / 8)}. Costs no storage however long it is.
 */
final class GeneratedSource implements ContentSource {
    private final long seed;

    GeneratedSource(long seed) {
        this.seed = seed;
    }

    long seed() {
        return seed;
    }

    private long word(long index) {
        return ContentHasher.mix(seed * 0xD6E8_FEB8_6659_FD93L + index + 0x632B_E59B_D9B4_E019L);
    }

    @Override
    public void copyTo(long from, byte[] dst, int off, int len) {
        int i = 0;
        // Unaligned head, then whole words (one mix per 8 bytes), then the tail.
        while (i < len && ((from + i) & 7) != 0) {
            long index = from + i;
            dst[off + i++] = (byte) (word(index >>> 3) >>> ((index & 7) << 3));
        }
        while (len - i >= 8) {
            long w = word((from + i) >>> 3);
            for (int b = 0; b < 8; b++) {
                dst[off + i++] = (byte) (w >>> (b << 3));
            }
        }
        while (i < len) {
            long index = from + i;
            dst[off + i++] = (byte) (word(index >>> 3) >>> ((index & 7) << 3));
        }
    }

    @Override
    public void hash(long from, long len, ContentHasher hasher) {
        byte[] chunk = new byte[(int) Math.min(len, 4096)];
        long done = 0;
        while (done < len) {
            int n = (int) Math.min(chunk.length, len - done);
            copyTo(from + done, chunk, 0, n);
            hasher.update(chunk, 0, n);
            done += n;
        }
    }

    @Override
    public boolean isLiteral() {
        return false;
    }
}
