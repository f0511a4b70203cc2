package org.iopf.plugin.zynqsmmu;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The SMMU's walk cache: valid table descriptors of levels 0..2 (the address of the next-level
 * table) that earlier walks read, tagged like the TLB by context (bank and ASID/VMID), so a later
 * walk of the same region starts below them and reads fewer descriptors. Only valid table
 * descriptors are cached (the architecture caches nothing that faults). Invalidation by VA
 * (TLBIVA, the driver's range invalidation) drops the entries covering the address; a leaf-only
 * invalidation (TLBIVAL, which Linux's {@code arm_smmu_tlb_inv_leaf_s1} uses for
 * {@code tlb_add_page}) keeps them, so a table freed and replaced under a cached entry is invisible
 * until {@code tlb_flush_walk} (TLBIVA) or a context invalidation — a stale walk-cache entry.
 * Least recently used replacement over {@code capacity} entries; capacity 0 disables it.
 */
final class WalkCache {
    private final int capacity;
    private final LinkedHashMap<Key, Long> entries;

    private record Key(int context, int level, long prefix) {
    }

    WalkCache(int capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("walk cache capacity must be >= 0: " + capacity);
        }
        this.capacity = capacity;
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, Long> eldest) {
                return size() > WalkCache.this.capacity;
            }
        };
    }

    boolean enabled() {
        return capacity > 0;
    }

    /** The table at level {@code level + 1} that the cached level-{@code level} descriptor for {@code va} points to, or -1. */
    long lookup(int context, int level, long va) {
        Long table = entries.get(new Key(context, level, va >>> Lpae.shift(level)));
        return table == null ? -1 : table;
    }

    /** Caches the valid table descriptor of {@code level} for {@code va}. */
    void insert(int context, int level, long va, long nextTable) {
        if (capacity > 0) {
            entries.put(new Key(context, level, va >>> Lpae.shift(level)), nextTable);
        }
    }

    /** Drops the entries of a context that cover any address of {@code [start, start+length)}; returns how many. */
    int invalidateRange(int context, long start, long length) {
        if (length <= 0 || entries.isEmpty()) {
            return 0;
        }
        long last = start + length - 1;
        int before = entries.size();
        entries.keySet().removeIf(k -> k.context() == context && k.prefix() >= (start >>> Lpae.shift(k.level()))
                && k.prefix() <= (last >>> Lpae.shift(k.level())));
        return before - entries.size();
    }

    /** Drops every entry of one context tag (TLBIASID). */
    int invalidateContext(int context) {
        int before = entries.size();
        entries.keySet().removeIf(k -> k.context() == context);
        return before - entries.size();
    }

    /** Drops every entry of a bank (TLBIALL of a context bank). */
    int invalidateBank(int bank) {
        int before = entries.size();
        entries.keySet().removeIf(k -> IoTlb.bankOf(k.context()) == bank);
        return before - entries.size();
    }

    /** Drops everything (TLBIALLNSNH). */
    void invalidateAll() {
        entries.clear();
    }

    int occupied() {
        return entries.size();
    }
}
