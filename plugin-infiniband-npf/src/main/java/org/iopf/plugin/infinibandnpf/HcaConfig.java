package org.iopf.plugin.infinibandnpf;

import java.util.Objects;
import java.util.OptionalLong;
import org.iopf.api.platform.Parameters;
import org.iopf.api.sim.DataRate;

/**
 * The HCA's parameters, read once from their declarations (see {@link NpfHcaType} for their documentation).
 *
 * @param rate port rate
 * @param mtu path MTU in bytes: a power of two from 256 B to 4 KiB
 * @param ackTimeoutNanos the effective local ACK timeout ({@link AckTimeout}), empty for none
 * @param minRnrTimer the RNR timer code this HCA's responders put in RNR NAKs (0..31)
 * @param maxPrefetch bytes a fault maps at most from the faulting page on (Long.MAX_VALUE: the whole operation,
 *     faultScope operation)
 * @param costs the NPF phase costs
 * @param driverCore the host core running the driver, empty for the node's first core
 * @param prefetch ODP registrations are prefetched (advise WILL_NEED and the table filled)
 * @param hugePages ODP registrations are advised MADV_HUGEPAGE and mapped in 2 MiB entries
 * @param pdIsolation one fault-handling context per protection domain instead of one per HCA
 * @since 0.1
 */
public record HcaConfig(DataRate rate, long mtu, OptionalLong ackTimeoutNanos, int minRnrTimer,
        long maxPrefetch, NpfCosts costs, String driverCore, boolean prefetch, boolean hugePages, boolean pdIsolation) {
    /** Checks arguments; the ranges are the declaration's ({@link NpfHcaType}), checked at validation. */
    public HcaConfig {
        Objects.requireNonNull(rate, "rate is null");
        Objects.requireNonNull(ackTimeoutNanos, "ackTimeoutNanos is null");
        Objects.requireNonNull(costs, "costs is null");
        Objects.requireNonNull(driverCore, "driverCore is null");
        if (Long.bitCount(mtu) != 1) {
            throw new IllegalArgumentException("mtu must be a power of two from 256 B to 4 KiB: " + mtu);
        }
    }

    /** Reads the parameters of an {@code ib-npf-hca}. */
    static HcaConfig from(Parameters p) {
        NpfCosts costs = new NpfCosts(p.get(NpfHcaType.DETECTION_LATENCY), p.get(NpfHcaType.DETECTION_PER_PAGE),
                p.get(NpfHcaType.INTERRUPT_LATENCY), p.get(NpfHcaType.ISR_CPU), p.get(NpfHcaType.DRIVER_CPU),
                p.get(NpfHcaType.DRIVER_PER_PAGE), p.get(NpfHcaType.MEMORY_FIRMWARE),
                p.get(NpfHcaType.ALLOCATION_CPU), p.get(NpfHcaType.ALLOCATION_PER_PAGE),
                p.get(NpfHcaType.TABLE_UPDATE_LATENCY), p.get(NpfHcaType.TABLE_UPDATE_PER_PAGE),
                p.get(NpfHcaType.RESUME_LATENCY));
        return new HcaConfig(p.get(NpfHcaType.RATE), p.get(NpfHcaType.MTU),
                AckTimeout.nanos(p.get(NpfHcaType.LOCAL_ACK_TIMEOUT), p.get(NpfHcaType.MIN_ACK_TIMEOUT)),
                p.get(NpfHcaType.MIN_RNR_TIMER),
                "operation".equals(p.get(NpfHcaType.FAULT_SCOPE)) ? Long.MAX_VALUE : p.get(NpfHcaType.MAX_PREFETCH),
                costs, p.get(NpfHcaType.DRIVER_CORE),
                p.get(NpfHcaType.PREFETCH), p.get(NpfHcaType.HUGE_PAGES), p.get(NpfHcaType.PD_ISOLATION));
    }
}
