package org.iopf.plugin.infinibandnpf;

import org.iopf.api.sim.Time;

/**
 * The InfiniBand 5-bit RNR NAK timer encoding (IBA table "Encoding for RNR NAK Timer Field"): the
 * wait a responder asks of a requester in an RNR NAK, from 0.01 ms (code 1) to 491.52 ms
 * (code 31); code 0 is the longest, 655.36 ms.
 *
 * @since 0.1
 */
public final class RnrTimer {
    /** Wait of each code in ns, index = code. */
    private static final long[] NANOS = {
        Time.micros(655_360), Time.micros(10), Time.micros(20), Time.micros(30), Time.micros(40),
        Time.micros(60), Time.micros(80), Time.micros(120), Time.micros(160), Time.micros(240),
        Time.micros(320), Time.micros(480), Time.micros(640), Time.micros(960), Time.micros(1_280),
        Time.micros(1_920), Time.micros(2_560), Time.micros(3_840), Time.micros(5_120), Time.micros(7_680),
        Time.micros(10_240), Time.micros(15_360), Time.micros(20_480), Time.micros(30_720), Time.micros(40_960),
        Time.micros(61_440), Time.micros(81_920), Time.micros(122_880), Time.micros(163_840),
        Time.micros(245_760), Time.micros(327_680), Time.micros(491_520)};

    /** Codes are five bits. */
    public static final int CODES = 32;

    private RnrTimer() {
    }

    /**
     * The wait that {@code code} stands for, in ns.
     *
     * @param code the 5-bit field, 0..31
     * @throws IllegalArgumentException outside 0..31
     */
    public static long nanos(int code) {
        if (code < 0 || code >= CODES) {
            throw new IllegalArgumentException("RNR timer code must be in 0..31: " + code);
        }
        return NANOS[code];
    }
}
