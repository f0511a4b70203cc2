package org.iopf.plugin.infinibandnpf;

/**
 * The requester's transport (local ACK) timeout: the InfiniBand value 4.096 us x 2^exponent, but
 * never below the HCA's minimum timer period (the firmware's {@code TIMEOUT_PERIOD}, seed 001
 * §2.2: 200 ms by default, tunable down to 1 ms).
 *
 * @since 0.1
 */
public final class AckTimeout {
    /** The base of the IB timeout formula, ns. */
    public static final long BASE_NANOS = 4_096;

    private AckTimeout() {
    }

    /**
     * The timeout in ns.
     *
     * @param exponent the QP's {@code timeout} attribute, 1..31
     * @param minimumNanos the HCA's minimum timer period in ns, {@code >= 0}
     */
    public static long nanos(int exponent, long minimumNanos) {
        if (exponent < 1 || exponent > 31) {
            throw new IllegalArgumentException("local ACK timeout exponent must be in 1..31: " + exponent);
        }
        if (minimumNanos < 0) {
            throw new IllegalArgumentException("minimum timeout must be >= 0: " + minimumNanos);
        }
        return Math.max(BASE_NANOS << exponent, minimumNanos);
    }
}
