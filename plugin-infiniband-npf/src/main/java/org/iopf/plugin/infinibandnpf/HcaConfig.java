package org.iopf.plugin.infinibandnpf;

import java.util.Objects;
import java.util.OptionalLong;
import org.iopf.api.mem.PageSize;
import org.iopf.api.platform.Parameters;
import org.iopf.api.sim.DataRate;
import org.iopf.toolkit.rc.RnrTimer;

/**
 * The HCA's parameters, read and checked once (see {@link NpfHcaType} for their documentation).
 *
 * @param rate port rate
 * @param mtu path MTU in bytes: a power of two from 256 B to 4 KiB
 * @param ackTimeoutNanos the effective local ACK timeout ({@link AckTimeout}), empty for none
 * @param minRnrTimer the RNR timer code this HCA's responders put in RNR NAKs (0..31)
 * @param maxPrefetch bytes a fault maps at most from the faulting page on
 * @param costs the NPF phase costs
 * @param driverCore the host core running the driver, empty for the node's first core
 * @param prefetch ODP registrations are prefetched (advise WILL_NEED and the table filled)
 * @param hugePages ODP registrations are advised MADV_HUGEPAGE and mapped in 2 MiB entries
 * @param pdIsolation one fault-handling context per protection domain instead of one per HCA
 * @since 0.1
 */
public record HcaConfig(DataRate rate, long mtu, OptionalLong ackTimeoutNanos, int minRnrTimer,
        long maxPrefetch, NpfCosts costs, String driverCore, boolean prefetch, boolean hugePages, boolean pdIsolation) {
    /** Checks arguments. */
    public HcaConfig {
        Objects.requireNonNull(rate, "rate is null");
        Objects.requireNonNull(costs, "costs is null");
        Objects.requireNonNull(driverCore, "driverCore is null");
        if (mtu < 256 || mtu > PageSize.BASE.bytes() || Long.bitCount(mtu) != 1) {
            throw new IllegalArgumentException("mtu must be a power of two from 256 B to 4 KiB: " + mtu);
        }
        Objects.requireNonNull(ackTimeoutNanos, "ackTimeoutNanos is null");
        if (ackTimeoutNanos.isPresent() && ackTimeoutNanos.getAsLong() <= 0) {
            throw new IllegalArgumentException("ackTimeoutNanos must be > 0: " + ackTimeoutNanos.getAsLong());
        }
        RnrTimer.nanos(minRnrTimer);
        if (maxPrefetch < PageSize.BASE.bytes()) {
            throw new IllegalArgumentException("maxPrefetch must be at least one page: " + maxPrefetch);
        }
    }

    /** Reads the parameters of an {@code ib-npf-hca}. */
    static HcaConfig from(Parameters p) {
        NpfCosts costs = new NpfCosts(p.duration("detectionLatency"), p.duration("detectionPerPage"),
                p.duration("interruptLatency"), p.duration("isrCpu"), p.duration("driverCpu"),
                p.duration("driverPerPage"), p.duration("memoryFirmware"), p.duration("allocationCpu"),
                p.duration("allocationPerPage"), p.duration("tableUpdateLatency"), p.duration("tableUpdatePerPage"),
                p.duration("resumeLatency"));
        return new HcaConfig(p.rate("rate"), p.bytes("mtu"),
                AckTimeout.nanos(p.intValue("localAckTimeout"), p.duration("minAckTimeout")),
                p.intValue("minRnrTimer"), p.bytes("maxPrefetch"), costs, p.string("driverCore"),
                p.flag("prefetch"), p.flag("hugePages"), p.flag("pdIsolation"));
    }
}
