package org.iopf.plugin.smmuv3pri;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.mem.Access;

/**
 * The SMMU's stage-1 table walker over a CD's TTB0: VMSAv8-64 descriptors with the 4 KiB granule,
 * levels 0 to 3 for a 48-bit input (the format of the process's arm64 page table, which SVA
 * shares), checking validity, the access flag and AP[2:1] for an unprivileged data access. A walk
 * cache keeps, per (ASID, 2 MiB region), the address of the level-3 table, so a walk that hits it
 * reads one descriptor instead of four; TLBI commands drop its entries with the TLB's.
 */
final class Stage1Walker {
    /** Descriptor bits of VMSAv8-64 (Arm ARM D8.3). */
    static final long DESC_VALID = 1;
    static final long DESC_TABLE = 1L << 1;
    static final long DESC_AP_EL0 = 1L << 6;
    static final long DESC_AP_RO = 1L << 7;
    static final long DESC_AF = 1L << 10;
    static final long DESC_OA = 0x0000_ffff_ffff_f000L;

    /** The outcome of one walk. */
    record Result(long pa, boolean writable, FaultKind fault, int reads) {
        boolean ok() {
            return fault == null;
        }
    }

    private final ModelledMemory memory;
    private final int cacheEntries;
    private final LinkedHashMap<Long, Long> walkCache;
    private long cacheHits;

    Stage1Walker(ModelledMemory memory, int walkCacheEntries) {
        this.memory = Objects.requireNonNull(memory, "memory is null");
        this.cacheEntries = walkCacheEntries;
        this.walkCache = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, Long> eldest) {
                return size() > cacheEntries;
            }
        };
    }

    /** Index of {@code va} at {@code level} (VA bits [47:39], [38:30], [29:21], [20:12]). */
    static int index(long va, int level) {
        return (int) (va >>> (39 - 9 * level)) & 511;
    }

    Result walk(long ttb0, int asid, int inputBits, long va, Access access) {
        if (inputBits < 64 && (va >>> inputBits) != 0) {
            return new Result(-1, false, FaultKind.ACCESS, 0);
        }
        long key = ((long) asid << 36) | (va >>> 21);
        Long leafTable = cacheEntries > 0 ? walkCache.get(key) : null;
        int level = 0;
        long table = ttb0;
        if (leafTable != null) {
            cacheHits++;
            level = 3;
            table = leafTable;
        }
        int reads = 0;
        for (; level <= 3; level++) {
            long slot = table + 8L * index(va, level);
            if (!memory.contains(slot)) {
                return new Result(-1, false, FaultKind.ACCESS, reads);
            }
            long d = memory.read(slot);
            reads++;
            if ((d & DESC_VALID) == 0 || (level == 3 && (d & DESC_TABLE) == 0) || (level == 0 && (d & DESC_TABLE) == 0)) {
                return new Result(-1, false, FaultKind.TRANSLATION, reads);
            }
            if (level < 3 && (d & DESC_TABLE) != 0) {
                table = d & DESC_OA;
                if (level == 2 && cacheEntries > 0) {
                    walkCache.put(key, table);
                }
                continue;
            }
            if ((d & DESC_AF) == 0) {
                return new Result(-1, false, FaultKind.TRANSLATION, reads);
            }
            boolean writable = (d & DESC_AP_RO) == 0;
            if ((d & DESC_AP_EL0) == 0 || (access.isWrite() && !writable)) {
                return new Result(-1, false, FaultKind.PERMISSION, reads);
            }
            long size = 1L << (39 - 9 * level);
            return new Result((d & DESC_OA & ~(size - 1)) | (va & (size - 1)), writable, null, reads);
        }
        throw new AssertionError("a 4 KiB-granule walk ends at level 3");
    }

    /** Drops walk-cache entries of {@code asid} over {@code [va, va+length)}. */
    void invalidate(int asid, long va, long length) {
        long first = va >>> 21;
        long last = (va + Math.max(length, 1) - 1) >>> 21;
        walkCache.keySet().removeIf(k -> (k >>> 36) == asid && (k & ((1L << 36) - 1)) >= first
                && (k & ((1L << 36) - 1)) <= last);
    }

    /** Drops every walk-cache entry of {@code asid}. */
    void invalidateAsid(int asid) {
        walkCache.keySet().removeIf(k -> (k >>> 36) == asid);
    }

    long cacheHits() {
        return cacheHits;
    }
}
