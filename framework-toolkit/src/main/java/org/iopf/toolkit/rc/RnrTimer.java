package org.iopf.toolkit.rc;

/**
 * The 5-bit RNR NAK timer code a responder puts in the AETH of an RNR NAK, and the wait it asks of
 * the requester (IBA Vol. 1 §9.7 "Reliable service", the table "Encoding for RNR NAK Timer Field";
 * also rdma-core's {@code ibv_modify_qp(3)}, attribute {@code min_rnr_timer}): 0.01 ms (code 1) to
 * 491.52 ms (code 31); code 0 is the longest, 655.36 ms.
 */
public final class RnrTimer {
    /** Codes are five bits. */
    public static final int CODES = 32;

    /** Wait of each code in µs, index = code. */
    private static final long[] MICROS = {
        655_360, 10, 20, 30, 40, 60, 80, 120, 160, 240, 320, 480, 640, 960, 1_280, 1_920, 2_560, 3_840, 5_120,
        7_680, 10_240, 15_360, 20_480, 30_720, 40_960, 61_440, 81_920, 122_880, 163_840, 245_760, 327_680,
        491_520};

    private RnrTimer() {
    }

    /**
     * The wait that {@code code} stands for, in ns.
     *
     * @param code the 5-bit field, 0..31
     * @return the wait in ns
     * @throws IllegalArgumentException outside 0..31
     */
    public static long nanos(int code) {
        if (code < 0 || code >= CODES) {
            throw new IllegalArgumentException("RNR timer code must be in 0..31: " + code);
        }
        return MICROS[code] * 1_000;
    }
}
