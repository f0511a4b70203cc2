package org.iopf.plugin.smmuv3pri;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Finds a stream's STE in the stream table (linear, or two-level through an L1 descriptor with
 * SPLIT bits of the StreamID per level-2 table; IHI 0070 §3.3) and the CD of a substream in the
 * STE's linear CD table (S1Fmt 0, at most 2^S1CDMax entries), from memory, and caches what it
 * decoded until a CMD_CFGI_* drops it (the configuration cache of §3.3.2).
 */
final class ConfigFetch {
    private final ModelledMemory memory;
    private final Map<Long, StreamConfig> cache = new HashMap<>();
    private long base;
    private long baseCfg;

    ConfigFetch(ModelledMemory memory) {
        this.memory = Objects.requireNonNull(memory, "memory is null");
    }

    /** Takes STRTAB_BASE and STRTAB_BASE_CFG as programmed. */
    void program(long strtabBase, long strtabBaseCfg) {
        this.base = strtabBase & Regs.STE_S1CTXPTR_MASK;
        this.baseCfg = strtabBaseCfg;
        cache.clear();
    }

    /** The configuration of {@code (sid, ssid)}; {@code ssid} -1 for a transaction without PASID. */
    StreamConfig lookup(int sid, int ssid) {
        long key = ((long) sid << 21) | (ssid + 1);
        StreamConfig hit = cache.get(key);
        if (hit != null) {
            return new StreamConfig(hit.event(), hit.steWord1(), hit.ttb0(), hit.asid(), hit.stall(),
                    hit.inputBits(), 0);
        }
        StreamConfig fetched = fetch(sid, Math.max(ssid, 0));
        if (fetched.valid()) {
            cache.put(key, fetched);
        }
        return fetched;
    }

    /** CMD_CFGI_STE (and its CDs). */
    void invalidateStream(int sid) {
        cache.keySet().removeIf(k -> (k >>> 21) == sid);
    }

    /** CMD_CFGI_ALL. */
    void invalidateAll() {
        cache.clear();
    }

    private StreamConfig fetch(int sid, int ssid) {
        int log2size = (int) Regs.field(baseCfg, 5, 0);
        if (sid >= (1L << log2size)) {
            return StreamConfig.error(Regs.EVT_C_BAD_STREAMID, 0);
        }
        int reads = 0;
        long ste;
        if (Regs.field(baseCfg, 17, Regs.STRTAB_FMT_SHIFT) == Regs.STRTAB_FMT_2LVL) {
            int split = (int) Regs.field(baseCfg, 10, Regs.STRTAB_SPLIT_SHIFT);
            long l1 = memory.read(base + (long) Regs.L1STD_BYTES * (sid >>> split));
            reads++;
            int span = (int) Regs.field(l1, 4, 0);
            int low = sid & ((1 << split) - 1);
            if (span == 0 || low >= (1 << (span - 1))) {
                return StreamConfig.error(Regs.EVT_C_BAD_STREAMID, reads);
            }
            ste = (l1 & Regs.STE_S1CTXPTR_MASK) + (long) Regs.STE_BYTES * low;
        } else {
            ste = base + (long) Regs.STE_BYTES * sid;
        }
        long w0 = memory.read(ste);
        long w1 = memory.read(ste + 8);
        reads += 2;
        if ((w0 & 1) == 0 || Regs.field(w0, 3, Regs.STE_CONFIG_SHIFT) != Regs.STE_CONFIG_S1) {
            return StreamConfig.error(Regs.EVT_C_BAD_STE, reads);
        }
        int cdMax = (int) Regs.field(w0, 63, Regs.STE_S1CDMAX_SHIFT);
        if (ssid >= (1 << cdMax)) {
            return StreamConfig.error(Regs.EVT_C_BAD_SUBSTREAMID, reads);
        }
        long cd = (w0 & Regs.STE_S1CTXPTR_MASK) + (long) Regs.CD_BYTES * ssid;
        long c0 = memory.read(cd);
        long c1 = memory.read(cd + 8);
        reads += 2;
        if ((c0 & Regs.CD0_V) == 0 || (c0 & Regs.CD0_AA64) == 0 || (c0 & Regs.CD0_EPD0) != 0) {
            return StreamConfig.error(Regs.EVT_C_BAD_CD, reads);
        }
        int t0sz = (int) Regs.field(c0, 5, 0);
        return new StreamConfig(0, w1, c1 & Regs.CD1_TTB0_MASK, (int) Regs.field(c0, 63, Regs.CD0_ASID_SHIFT),
                (c0 & Regs.CD0_S) != 0, 64 - t0sz, reads);
    }
}
