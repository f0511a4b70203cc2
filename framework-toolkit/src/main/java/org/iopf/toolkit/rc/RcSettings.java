package org.iopf.toolkit.rc;

import java.util.OptionalLong;

/**
 * A NIC's transport settings shared by its queue pairs.
 *
 * @param mtu the path MTU in bytes, a power of two up to 4 KiB
 * @param ackTimeoutNanos the local ACK timeout ({@link LocalAckTimeout}), or empty for no timer
 * @param rnrTimer the RNR timer code the NIC's responders put in RNR NAKs, 0..31 ({@link RnrTimer})
 */
public record RcSettings(long mtu, OptionalLong ackTimeoutNanos, int rnrTimer) {
    /** Checks the settings. */
    public RcSettings {
        if (mtu <= 0 || Long.bitCount(mtu) != 1 || mtu > 4096) {
            throw new IllegalArgumentException("mtu must be a power of two up to 4 KiB: " + mtu);
        }
        if (ackTimeoutNanos == null) {
            throw new IllegalArgumentException("ackTimeoutNanos is null");
        }
        if (ackTimeoutNanos.isPresent() && ackTimeoutNanos.getAsLong() <= 0) {
            throw new IllegalArgumentException("ackTimeoutNanos must be > 0: " + ackTimeoutNanos.getAsLong());
        }
        RnrTimer.nanos(rnrTimer);
    }
}
