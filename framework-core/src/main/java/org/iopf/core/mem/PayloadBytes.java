package org.iopf.core.mem;

import org.iopf.api.mem.Payload;

/** Reads the bytes of any payload piece by piece, without materializing the whole payload. */
final class PayloadBytes {
    /** Bytes compared per step of {@link #equal}. */
    static final int STEP = 4096;

    private PayloadBytes() {
    }

    /** Copies bytes {@code [from, from+len)} of {@code p} into {@code dst[0..len)}. */
    static void copy(Payload p, long from, byte[] dst, int len) {
        if (p instanceof BytesPayload b) {
            b.copyTo((int) from, dst, 0, len);
        } else if (p instanceof FingerprintPayload f) {
            f.runs().copyTo(from, dst, 0, len);
        } else {
            System.arraycopy(p.slice(from, len).bytes(), 0, dst, 0, len);
        }
    }

    /** Whether two payloads of the same length hold the same bytes (compared {@link #STEP} at a time). */
    static boolean equal(Payload a, Payload b) {
        long length = a.length();
        if (b.length() != length) {
            return false;
        }
        byte[] x = new byte[(int) Math.min(STEP, length)];
        byte[] y = new byte[x.length];
        for (long done = 0; done < length; done += x.length) {
            int n = (int) Math.min(x.length, length - done);
            copy(a, done, x, n);
            copy(b, done, y, n);
            if (!java.util.Arrays.equals(x, 0, n, y, 0, n)) {
                return false;
            }
        }
        return true;
    }
}
