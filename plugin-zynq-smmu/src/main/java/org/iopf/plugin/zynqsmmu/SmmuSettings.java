package org.iopf.plugin.zynqsmmu;

import org.iopf.api.platform.Parameters;

/**
 * The parameters of a {@code zynq-smmu} component, read once (names and defaults in
 * {@link ZynqSmmuType}).
 *
 * @param contextBanks context banks, one per protection domain (16, FIDELITY A2)
 * @param streamMatchGroups SMR/S2CR pairs (48)
 * @param tlbEntries TLB entries
 * @param tlbWays TLB associativity
 * @param tlbHitLatency ns of a translation that hits in the TLB (and of a bypass)
 * @param walkAccessLatency ns of one descriptor read of a table walk
 * @param stall whether the driver programs stall mode (SCTLR.CFCFG) rather than terminate
 * @param stage2 whether the driver uses stage-2 banks rather than stage-1 banks
 * @param pipelining whether other transactions go on while one is stalled (HUPCF; A10)
 * @param negativeCaching whether a walk that ends in a translation fault is cached (seed 000 §5.2.2)
 * @param blockMappings whether map writes 2 MiB blocks where aligned
 * @param faultLogSize faults kept in the fault log
 */
record SmmuSettings(int contextBanks, int streamMatchGroups, int tlbEntries, int tlbWays, long tlbHitLatency,
        long walkAccessLatency, boolean stall, boolean stage2, boolean pipelining, boolean negativeCaching,
        boolean blockMappings, int faultLogSize) {
    SmmuSettings {
        if (contextBanks < 1 || contextBanks > 128) {
            throw new IllegalArgumentException("contextBanks must be 1..128: " + contextBanks);
        }
        if (streamMatchGroups < 1 || streamMatchGroups > 128) {
            throw new IllegalArgumentException("streamMatchGroups must be 1..128: " + streamMatchGroups);
        }
        if (tlbWays < 1 || tlbEntries < tlbWays || tlbEntries % tlbWays != 0) {
            throw new IllegalArgumentException("tlbEntries (" + tlbEntries
                    + ") must be a positive multiple of tlbWays (" + tlbWays + ")");
        }
        if (tlbHitLatency < 0 || walkAccessLatency < 0) {
            throw new IllegalArgumentException("latencies must be >= 0");
        }
        if (faultLogSize < 0) {
            throw new IllegalArgumentException("faultLogSize must be >= 0: " + faultLogSize);
        }
    }

    static SmmuSettings from(Parameters p) {
        return new SmmuSettings(p.intValue(ZynqSmmuType.CONTEXT_BANKS), p.intValue(ZynqSmmuType.STREAM_MATCH_GROUPS),
                p.intValue(ZynqSmmuType.TLB_ENTRIES), p.intValue(ZynqSmmuType.TLB_WAYS),
                p.duration(ZynqSmmuType.TLB_HIT_LATENCY), p.duration(ZynqSmmuType.WALK_ACCESS_LATENCY),
                p.string(ZynqSmmuType.FAULT_MODE).equals("stall"), p.string(ZynqSmmuType.STAGE).equals("stage2"),
                p.flag(ZynqSmmuType.PIPELINING), p.flag(ZynqSmmuType.NEGATIVE_CACHING),
                p.flag(ZynqSmmuType.BLOCK_MAPPINGS), p.intValue(ZynqSmmuType.FAULT_LOG_SIZE));
    }
}
