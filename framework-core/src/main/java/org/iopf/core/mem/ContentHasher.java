package org.iopf.core.mem;

/**
 * An incremental 64-bit content hash: a polynomial hash of the bytes modulo the Mersenne prime
 * 2^61-1, finished with the length. A zero byte adds nothing to the polynomial, so a run of
 * {@code n} zeros is one multiplication by {@code BASE^n}: never-written memory hashes in
 * O(log n). The hash depends only on the byte sequence, never on where it is stored, so the same
 * content gives the same fingerprint in every mode and at every address.
 */
final class ContentHasher {
    private static final long MOD = (1L << 61) - 1;
    private static final long BASE = 0x0F3D_5B79_A3C1_E5A7L % MOD;

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
            hash = mulMod(hash, powMod(BASE, n));
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

    private static long addMod(long a, long b) {
        long r = a + b;
        return r >= MOD ? r - MOD : r;
    }

    private static long mulMod(long a, long b) {
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
