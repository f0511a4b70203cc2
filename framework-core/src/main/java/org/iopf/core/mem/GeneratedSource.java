package org.iopf.core.mem;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Deterministic pseudo-random content of unbounded length: byte {@code i} is byte {@code i % 8}
 * (little-endian) of {@code mix(seed, i / 8)}. Costs no storage however long it is.
 *
 * <p>Its fingerprint is not a hash of those bytes: in the {@link ContentHasher} polynomial, byte
 * {@code i} of the stream stands as the symbol {@code G R^i} (modulo 2^61-1, with {@code G} and
 * {@code R} drawn from the seed), whose sum over any run {@code [a, a+n)} has the closed form
 * {@code G R^a (B^n - R^n) / (B - R)}: a run of any length is fingerprinted in O(log n) from the
 * seed and the offset, and still composes with the runs around it, zeros and literal bytes alike.
 * Two runs of the same seed and offsets fingerprint alike however they were cut or moved; runs of
 * other seeds or offsets, zeros and literal bytes differ from them (but for a 2^-61 chance). The
 * price: the same bytes held as a literal copy fingerprint differently, so an exact comparison
 * falls back to the bytes when fingerprints differ ({@link SparsePhysicalMemory#holds}).
 */
final class GeneratedSource implements ContentSource {
    /** Stores a word as its 8 bytes, little-endian: byte {@code b} is {@code word >>> 8b}. */
    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final long seed;
    /** {@code R^(2^k)}, {@code G} and {@code 1/(B - R)}, computed on the first fingerprint. */
    private long[] ratioPowers;
    private long scale;
    private long inverseGap;

    GeneratedSource(long seed) {
        this.seed = seed;
    }

    private void prepareSymbols() {
        long r = ContentHasher.mix(seed ^ 0x5851_F42D_4C95_7F2DL) & ContentHasher.MOD;
        while (r < 2 || r >= ContentHasher.MOD || r == ContentHasher.BASE) {
            r = ContentHasher.mix(r + 1) & ContentHasher.MOD;
        }
        long g = ContentHasher.mix(seed + 0x2545_F491_4F6C_DD1DL) & ContentHasher.MOD;
        while (g == 0 || g >= ContentHasher.MOD) {
            g = ContentHasher.mix(g + 1) & ContentHasher.MOD;
        }
        scale = g;
        inverseGap = ContentHasher.inverse(ContentHasher.subMod(ContentHasher.BASE, r));
        ratioPowers = ContentHasher.powersOfTwo(r);
    }

    /** The polynomial of stream symbols {@code [from, from+len)}: {@code G R^from (B^len - R^len) / (B - R)}. */
    long runPolynomial(long from, long len) {
        if (ratioPowers == null) {
            prepareSymbols();
        }
        long rFrom = ContentHasher.powFromTable(ratioPowers, from);
        long gap = ContentHasher.subMod(ContentHasher.basePow(len), ContentHasher.powFromTable(ratioPowers, len));
        return ContentHasher.mulMod(ContentHasher.mulMod(scale, rFrom), ContentHasher.mulMod(gap, inverseGap));
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
            WORDS.set(dst, off + i, word((from + i) >>> 3));
            i += 8;
        }
        while (i < len) {
            long index = from + i;
            dst[off + i++] = (byte) (word(index >>> 3) >>> ((index & 7) << 3));
        }
    }

    /** Adds the run's symbols in O(log len), from the seed and the offset (see the class comment). */
    @Override
    public void hash(long from, long len, ContentHasher hasher) {
        hasher.append(runPolynomial(from, len), len);
    }

    @Override
    public boolean isLiteral() {
        return false;
    }
}
