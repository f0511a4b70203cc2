package org.iopf.toolkit.rc;

/**
 * Packet sequence numbers as the wire carries them: 24 bits (IBA Vol. 1 §9.2 "Base transport
 * header", field PSN), compared modulo 2^24 with half the space ahead and half behind (§9.7
 * "Reliable service", PSN validation). The engine counts packets in a {@code long} that never wraps and
 * puts its low 24 bits on the wire; a receiver turns a wire PSN back into the count nearest the
 * one it expects.
 */
public final class Psn {
    /** PSNs are 24 bits. */
    public static final int BITS = 24;
    /** The mask of a wire PSN. */
    public static final int MASK = (1 << BITS) - 1;
    private static final long HALF = 1L << (BITS - 1);

    private Psn() {
    }

    /**
     * The wire PSN of a packet count.
     *
     * @param sequence the count, {@code >= 0}
     * @return its low 24 bits
     */
    public static int wire(long sequence) {
        return (int) (sequence & MASK);
    }

    /**
     * The count whose wire PSN is {@code wire} and which is nearest {@code reference}: at most
     * 2^23 - 1 behind it or 2^23 ahead of it.
     *
     * @param wire a 24-bit PSN
     * @param reference the count the receiver expects (or last acknowledged)
     * @return the count, possibly below zero when {@code reference} is near zero and {@code wire} is behind it
     */
    public static long unwrap(int wire, long reference) {
        if ((wire & ~MASK) != 0) {
            throw new IllegalArgumentException("a PSN has 24 bits: " + wire);
        }
        long delta = (wire - reference) & MASK;
        if (delta >= HALF) {
            delta -= 1L << BITS;
        }
        return reference + delta;
    }
}
