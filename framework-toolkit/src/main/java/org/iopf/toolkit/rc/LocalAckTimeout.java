package org.iopf.toolkit.rc;

import java.util.OptionalLong;

/**
 * The requester's local ACK timeout (transport timer), a 5-bit QP attribute: 4.096 µs × 2^value,
 * and 0 means no timer at all (IBA Vol. 1 §9.7 "Reliable service", the requester's transport
 * timer, and the QP attribute "Local Ack Timeout" of ch. 11; rdma-core's {@code ibv_modify_qp(3)},
 * attribute {@code timeout}: "The value 0 means infinite"). A component declares the parameter with the range 0..31, so a value outside
 * five bits is refused at validation.
 */
public final class LocalAckTimeout {
    /** The base of the formula, ns. */
    public static final long BASE_NANOS = 4_096;
    /** The largest value of the 5-bit field. */
    public static final int MAX_EXPONENT = 31;

    private LocalAckTimeout() {
    }

    /**
     * The timeout of {@code exponent}.
     *
     * @param exponent the attribute, 0..31
     * @return 4.096 µs × 2^exponent in ns, or empty for 0 (no timer)
     * @throws IllegalArgumentException outside 0..31
     */
    public static OptionalLong nanos(int exponent) {
        if (exponent < 0 || exponent > MAX_EXPONENT) {
            throw new IllegalArgumentException("local ACK timeout must be in 0..31: " + exponent);
        }
        return exponent == 0 ? OptionalLong.empty() : OptionalLong.of(BASE_NANOS << exponent);
    }
}
