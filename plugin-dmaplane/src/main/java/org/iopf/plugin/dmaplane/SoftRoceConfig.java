package org.iopf.plugin.dmaplane;

import java.util.Objects;
import java.util.random.RandomGenerator;
import org.iopf.api.sim.ServiceTime;
import org.iopf.api.sim.DataRate;

/**
 * Costs of the built-in Soft-RoCE transport (seed 004 §4.3, E7).
 *
 * @param mtu payload bytes per packet, a power of two from 256 B to 4 KiB
 * @param headerBytes bytes of headers on the wire per packet
 * @param wrCost requester CPU time per work request (drawn per request)
 * @param packetCost CPU ns per packet on each side
 * @param copyRate per-byte CPU rate (copy plus ICRC) on each side
 * @param ackCost CPU time to build or process an ACK (drawn per ACK)
 * @param localAckTimeout the local ACK timeout exponent (4.096 us x 2^n; 0 = no timer)
 * @param minRnrTimer the RNR timer code its responders put in RNR NAKs
 */
record SoftRoceConfig(long mtu, int headerBytes, ServiceTime wrCost, ServiceTime packetCost, DataRate copyRate,
        ServiceTime ackCost,
        int localAckTimeout, int minRnrTimer) {
    SoftRoceConfig {
        Objects.requireNonNull(copyRate, "copyRate is null");
        Objects.requireNonNull(packetCost, "packetCost is null");
        Objects.requireNonNull(wrCost, "wrCost is null");
        Objects.requireNonNull(ackCost, "ackCost is null");
        if (Long.bitCount(mtu) != 1) {
            throw new IllegalArgumentException("rxeMtu must be a power of two from 256 B to 4 KiB: " + mtu);
        }
    }

    /**
     * CPU ns to push or take in one packet of {@code payload} bytes: the per-packet cost drawn
     * from {@code random} (a constant unless {@code rxePacketCost} is a distribution) plus the
     * payload at the copy rate.
     */
    long packetNanos(long payload, RandomGenerator random) {
        return packetCost.draw(random) + (payload == 0 ? 0 : copyRate.nanosFor(payload));
    }
}
