package org.iopf.plugin.smmuv3pri;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A fully associative TLB of 4 KiB translations tagged by ASID, least recently used out: the
 * SMMU's TLB (IHI 0070 §3.17 TLB tagging), and with another owner the endpoint's Address
 * Translation Cache (PCIe ATS) tagged by PASID. Only successful translations are cached.
 */
final class Tlb {
    /** A cached translation: the frame and whether it may be written. */
    record Entry(long frame, boolean writable) {
    }

    private final int capacity;
    private final LinkedHashMap<Long, Entry> entries;
    private long evictions;

    Tlb(int capacity) {
        this.capacity = capacity;
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, Entry> eldest) {
                boolean evict = size() > Tlb.this.capacity;
                if (evict) {
                    evictions++;
                }
                return evict;
            }
        };
    }

    private static long key(int tag, long va) {
        return ((long) tag << 36) | (va >>> 12);
    }

    Entry lookup(int tag, long va) {
        return capacity == 0 ? null : entries.get(key(tag, va));
    }

    void fill(int tag, long va, long frame, boolean writable) {
        if (capacity > 0) {
            entries.put(key(tag, va), new Entry(frame & ~0xfffL, writable));
        }
    }

    /** Drops {@code tag}'s entries over {@code [va, va+length)}; returns how many. */
    int invalidate(int tag, long va, long length) {
        long first = key(tag, va);
        long last = key(tag, va + Math.max(length, 1) - 1);
        int before = entries.size();
        entries.keySet().removeIf(k -> k >= first && k <= last);
        return before - entries.size();
    }

    /** Drops every entry of {@code tag}; returns how many. */
    int invalidateTag(int tag) {
        int before = entries.size();
        entries.keySet().removeIf(k -> (k >>> 36) == tag);
        return before - entries.size();
    }

    int occupied() {
        return entries.size();
    }

    long evictions() {
        return evictions;
    }
}
