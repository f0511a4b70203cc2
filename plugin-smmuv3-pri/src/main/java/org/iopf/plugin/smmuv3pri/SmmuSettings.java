package org.iopf.plugin.smmuv3pri;

import org.iopf.api.platform.Parameters;
import org.iopf.api.sim.ServiceTime;

/**
 * The smmuv3 component's parameters, read once from their declarations in {@link Smmuv3Type}. The
 * hardware times are service times: {@link Smmuv3Hardware} draws each occurrence from the SMMU's
 * random stream (a constant, the default, draws nothing).
 */
record SmmuSettings(boolean twoLevelStreamTable, int sidBits, int ssidBits, int cmdqLog2, int evtqLog2, int priqLog2,
        int stallModel, boolean stallFaults, int tlbEntries, int walkCacheEntries, int parallelWalks, int outstandingTransactions,
        ServiceTime tlbHit, ServiceTime walkAccess, ServiceTime command, ServiceTime pcie, long atcTimeoutNanos, PageRequestFormat format) {
    static SmmuSettings from(Parameters p) {
        String model = p.get(Smmuv3Type.STALL_MODEL);
        int stallModel = switch (model) {
            case "terminate-only" -> 1;
            case "stall-forced" -> 2;
            default -> 0;
        };
        PageRequestFormat format = PageRequestFormat.of(p.get(Smmuv3Type.PAGE_REQUESTS));
        int priqLog2 = p.get(Smmuv3Type.PRIQ_LOG2) == 0 ? format.driverLog2() : p.get(Smmuv3Type.PRIQ_LOG2);
        return new SmmuSettings("2-level".equals(p.get(Smmuv3Type.STREAM_TABLE)), p.get(Smmuv3Type.SID_BITS),
                p.get(Smmuv3Type.SSID_BITS), p.get(Smmuv3Type.CMDQ_LOG2), p.get(Smmuv3Type.EVTQ_LOG2),
                priqLog2, stallModel, p.get(Smmuv3Type.STALL_FAULTS), p.get(Smmuv3Type.TLB_ENTRIES),
                p.get(Smmuv3Type.WALK_CACHE_ENTRIES), p.get(Smmuv3Type.PARALLEL_WALKS),
                p.get(Smmuv3Type.OUTSTANDING_TRANSACTIONS), p.get(Smmuv3Type.TLB_HIT_LATENCY),
                p.get(Smmuv3Type.WALK_ACCESS_LATENCY), p.get(Smmuv3Type.COMMAND_LATENCY), p.get(Smmuv3Type.PCIE_LATENCY),
                p.get(Smmuv3Type.ATC_TIMEOUT), format);
    }

    /** IDR0.STALL_MODEL allows stalling (0b00 stall and terminate, 0b10 stall forced). */
    boolean canStall() {
        return stallModel != 1;
    }
}
