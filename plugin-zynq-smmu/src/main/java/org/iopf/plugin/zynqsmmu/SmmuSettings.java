package org.iopf.plugin.zynqsmmu;

import org.iopf.api.platform.Parameters;
import org.iopf.api.sim.ServiceTime;

/**
 * The parameters of a {@code zynq-smmu} component, read once (names and defaults in
 * {@link ZynqSmmuType}).
 *
 * @param contextBanks context banks, one per protection domain (16, FIDELITY A2)
 * @param streamMatchGroups SMR/S2CR pairs (48)
 * @param tlbEntries TLB entries
 * @param tlbWays TLB associativity
 * @param tlbHitLatency time of a translation that hits in the TLB (and of a bypass), drawn per translation
 * @param walkAccessLatency time of one descriptor read of a table walk, drawn per read
 * @param stall whether the driver programs stall mode (SCTLR.CFCFG) rather than terminate
 * @param stage2 whether the driver uses stage-2 banks rather than stage-1 banks
 * @param pipelining whether other transactions go on while one is stalled (HUPCF; A10)
 * @param negativeCaching whether a walk that ends in a translation fault is cached (seed 000 §5.2.2)
 * @param blockMappings whether map writes 2 MiB blocks where aligned
 * @param walkCacheEntries walk-cache entries (0: none)
 * @param walkInvalidationOnUnmap whether an unmap invalidates a freed table's range at all levels (TLBIVA)
 *     rather than at the last level only
 * @param faultLogSize faults kept in the fault log
 */
record SmmuSettings(int contextBanks, int streamMatchGroups, int tlbEntries, int tlbWays, ServiceTime tlbHitLatency,
        ServiceTime walkAccessLatency, boolean stall, boolean stage2, boolean pipelining, boolean negativeCaching,
        boolean blockMappings, int walkCacheEntries, boolean walkInvalidationOnUnmap,
        int faultLogSize) {
    /** Checks what no single declaration covers (ranges are declared, and checked, in {@link ZynqSmmuType}). */
    SmmuSettings {
        if (tlbWays < 1 || tlbEntries < tlbWays || tlbEntries % tlbWays != 0) {
            throw new IllegalArgumentException("tlbEntries (" + tlbEntries
                    + ") must be a positive multiple of tlbWays (" + tlbWays + ")");
        }
    }

    /** Reads the validated parameters. */
    static SmmuSettings from(Parameters p) {
        return new SmmuSettings(p.get(ZynqSmmuType.CONTEXT_BANKS), p.get(ZynqSmmuType.STREAM_MATCH_GROUPS),
                p.get(ZynqSmmuType.TLB_ENTRIES), p.get(ZynqSmmuType.TLB_WAYS),
                p.get(ZynqSmmuType.TLB_HIT_LATENCY), p.get(ZynqSmmuType.WALK_ACCESS_LATENCY),
                p.get(ZynqSmmuType.FAULT_MODE).equals("stall"), p.get(ZynqSmmuType.STAGE).equals("stage2"),
                p.get(ZynqSmmuType.PIPELINING), p.get(ZynqSmmuType.NEGATIVE_CACHING),
                p.get(ZynqSmmuType.BLOCK_MAPPINGS), p.get(ZynqSmmuType.WALK_CACHE_ENTRIES),
                p.get(ZynqSmmuType.UNMAP_INVALIDATION).equals("walk"),
                p.get(ZynqSmmuType.FAULT_LOG_SIZE));
    }
}
