package org.iopf.core.mem;

/**
 * An incremental 64-bit content hash: a polynomial hash of a sequence of symbols modulo the
 * Mersenne prime 2^61-1, finished with the length. A literal byte is the symbol of its value; a
 * zero byte adds nothing to the polynomial, so a run of {@code n} zeros is one multiplication by
 * {@code BASE^n}: never-written memory hashes in O(log n). The polynomial composes over
 * concatenation ({@code H(a b) = H(a) BASE^|b| + H(b)}, {@link #append}), so a run whose symbols
 * have a closed-form sum, as {@link GeneratedSource}'s do, is added in O(log n) without looking at
 * its bytes. The hash depends only on the symbol sequence, never on where it is stored: the same
 * bytes give the same fingerprint in every mode and at every address, and so does the same
 * generated run.
 */
final class ContentHasher {
    static final long MOD = (1L << 61) - 1;
    static final long BASE = 0x0F3D_5B79_A3C1_E5A7L % MOD;
    /** {@code BASE^(2^k)} for k = 0..62, so that {@code BASE^n} costs one product per set bit of n. */
    private static final long[] BASE_POWERS = powersOfTwo(BASE);

    private long hash;
    private long length;

    /** Adds one byte. */
    void update(byte b) {
        hash = addMod(mulMod(hash, BASE), b & 0xFF);
        length++;
    }

    /** Adds {@code len} bytes of {@code src} from {@code off}. */
    void update(byte[] src, int off, int len) {
        long h = hash;
        for (int i = off, end = off + len; i < end; i++) {
            h = addMod(mulMod(h, BASE), src[i] & 0xFF);
        }
        hash = h;
        length += len;
    }

    /** Adds {@code n} zero bytes. */
    void zeros(long n) {
        if (n > 0) {
            hash = mulMod(hash, basePow(n));
            length += n;
        }
    }

    /**
     * Adds {@code n} symbols whose polynomial (each symbol times {@code BASE} to the number of
     * symbols after it within the run) is {@code runPolynomial}.
     */
    void append(long runPolynomial, long n) {
        if (n > 0) {
            hash = addMod(mulMod(hash, basePow(n)), runPolynomial);
            length += n;
        }
    }

    /** The fingerprint of everything added so far. */
    long finish() {
        return mix(hash ^ mix(length + 0x9E37_79B9_7F4A_7C15L));
    }

    /** The fingerprint of {@code len} bytes of {@code src}. */
    static long of(byte[] src, int off, int len) {
        ContentHasher h = new ContentHasher();
        h.update(src, off, len);
        return h.finish();
    }

    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
        return z ^ (z >>> 31);
    }

    /** {@code BASE^n} modulo 2^61-1. */
    static long basePow(long n) {
        return powFromTable(BASE_POWERS, n);
    }

    /** {@code b^(2^k)} for k = 0..62. */
    static long[] powersOfTwo(long b) {
        long[] t = new long[63];
        t[0] = b;
        for (int k = 1; k < t.length; k++) {
            t[k] = mulMod(t[k - 1], t[k - 1]);
        }
        return t;
    }

    /** {@code b^e} for {@code e >= 0} from {@code table = powersOfTwo(b)}. */
    static long powFromTable(long[] table, long e) {
        long result = 1;
        while (e != 0) {
            int k = Long.numberOfTrailingZeros(e);
            result = mulMod(result, table[k]);
            e &= e - 1;
        }
        return result;
    }

    /** The inverse of {@code a != 0} modulo the prime 2^61-1 (Fermat). */
    static long inverse(long a) {
        return powMod(a, MOD - 2);
    }

    static long subMod(long a, long b) {
        long r = a - b;
        return r < 0 ? r + MOD : r;
    }

    static long addMod(long a, long b) {
        long r = a + b;
        return r >= MOD ? r - MOD : r;
    }

    static long mulMod(long a, long b) {
        long lo = a * b;
        long hi = Math.multiplyHigh(a, b);
        long r = (lo & MOD) + ((hi << 3) | (lo >>> 61));
        r = (r & MOD) + (r >>> 61);
        return r >= MOD ? r - MOD : r;
    }

    private static long powMod(long b, long e) {
        long result = 1;
        long x = b;
        while (e > 0) {
            if ((e & 1) != 0) {
                result = mulMod(result, x);
            }
            x = mulMod(x, x);
            e >>>= 1;
        }
        return result;
    }
}
