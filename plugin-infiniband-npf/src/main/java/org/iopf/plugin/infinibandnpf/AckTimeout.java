package org.iopf.plugin.infinibandnpf;

import java.util.OptionalLong;
import org.iopf.toolkit.rc.LocalAckTimeout;

/**
 * The requester's transport (local ACK) timeout: the InfiniBand value 4.096 us x 2^exponent
 * ({@link LocalAckTimeout}; 0 = no timer), but never below the HCA's minimum timer period (the
 * firmware's {@code TIMEOUT_PERIOD}, seed 001 §2.2: 200 ms by default, tunable down to 1 ms).
 *
 * @since 0.1
 */
public final class AckTimeout {
    private AckTimeout() {
    }

    /**
     * The timeout in ns.
     *
     * @param exponent the QP's {@code timeout} attribute, 0..31 (0 = no timer)
     * @param minimumNanos the HCA's minimum timer period in ns, {@code >= 0}
     * @return the timeout, or empty for no timer
     */
    public static OptionalLong nanos(int exponent, long minimumNanos) {
        if (minimumNanos < 0) {
            throw new IllegalArgumentException("minimum timeout must be >= 0: " + minimumNanos);
        }
        OptionalLong spec = LocalAckTimeout.nanos(exponent);
        return spec.isEmpty() ? spec : OptionalLong.of(Math.max(spec.getAsLong(), minimumNanos));
    }
}
