package org.iopf.plugin.zynqsmmu;

/**
 * The SMMU's TLB: set-associative, {@code entries} entries in sets of {@code ways}, least recently
 * used replacement within a set. An entry caches one 4 KiB page of one context (bank and ASID):
 * its output frame and permissions, or — with negative caching — the fact that its walk ended in a
 * translation fault (seed 000 §5.2.2: without an invalidation after the page-table update the same
 * address faults again and again). Invalidation by VA range, by ASID, by context and all.
 */
final class IoTlb {
    /** A lookup that found nothing. */
    static final long MISS = -1;
    /** Entry flag: reads allowed. */
    static final long READABLE = 1;
    /** Entry flag: writes allowed. */
    static final long WRITABLE = 2;
    /** Entry flag: a cached translation fault. */
    static final long NEGATIVE = 4;
    /** Shift of the level the entry came from (2 bits). */
    static final int LEVEL_SHIFT = 3;

    private final int ways;
    private final int sets;
    private final boolean[] valid;
    private final int[] context;
    private final long[] page;
    private final long[] value;
    private final long[] lastUse;
    private long clock;
    private int occupied;

    /**
     * @param entries total entries, a positive multiple of {@code ways}
     * @param ways associativity, {@code >= 1}
     */
    IoTlb(int entries, int ways) {
        if (ways < 1 || entries < ways || entries % ways != 0) {
            throw new IllegalArgumentException("TLB entries (" + entries + ") must be a positive multiple of its ways ("
                    + ways + ")");
        }
        this.ways = ways;
        this.sets = entries / ways;
        this.valid = new boolean[entries];
        this.context = new int[entries];
        this.page = new long[entries];
        this.value = new long[entries];
        this.lastUse = new long[entries];
    }

    /** The context tag of a bank and ASID (or VMID). */
    static int context(int bank, int asid) {
        return (bank << 16) | (asid & 0xffff);
    }

    /** The bank of a context tag. */
    static int bankOf(int contextTag) {
        return contextTag >>> 16;
    }

    /** Packs a frame address, its flags and the walk level into an entry value. */
    static long entry(long frame, long flags, int level) {
        return (frame & Lpae.ADDRESS_MASK) | flags | ((long) level << LEVEL_SHIFT);
    }

    /** The frame of an entry value. */
    static long frame(long entry) {
        return entry & Lpae.ADDRESS_MASK;
    }

    /** The walk level of an entry value. */
    static int level(long entry) {
        return (int) ((entry >>> LEVEL_SHIFT) & 0x3);
    }

    private int set(int contextTag, long vpn) {
        long h = vpn * 0x9E3779B97F4A7C15L + contextTag * 0xC2B2AE3D27D4EB4FL;
        return (int) Long.remainderUnsigned(h ^ (h >>> 29), sets);
    }

    /** The entry for {@code va} in a context, or {@link #MISS}; a hit becomes the most recently used. */
    long lookup(int contextTag, long va) {
        long vpn = va >>> 12;
        int base = set(contextTag, vpn) * ways;
        for (int i = base; i < base + ways; i++) {
            if (valid[i] && page[i] == vpn && context[i] == contextTag) {
                lastUse[i] = ++clock;
                return value[i];
            }
        }
        return MISS;
    }

    /** Caches an entry for the page of {@code va}, evicting the least recently used entry of its set. */
    void insert(int contextTag, long va, long entry) {
        long vpn = va >>> 12;
        int base = set(contextTag, vpn) * ways;
        int victim = base;
        for (int i = base; i < base + ways; i++) {
            if (valid[i] && page[i] == vpn && context[i] == contextTag) {
                victim = i;
                break;
            }
            if (!valid[i]) {
                if (valid[victim]) {
                    victim = i;
                }
            } else if (valid[victim] && lastUse[i] < lastUse[victim]) {
                victim = i;
            }
        }
        if (!valid[victim]) {
            occupied++;
        }
        valid[victim] = true;
        context[victim] = contextTag;
        page[victim] = vpn;
        value[victim] = entry;
        lastUse[victim] = ++clock;
    }

    /** Invalidates the pages of {@code [start, start+length)} in a context; returns entries dropped. */
    int invalidateRange(int contextTag, long start, long length) {
        if (length <= 0) {
            return 0;
        }
        long first = start >>> 12;
        long last = (start + length - 1) >>> 12;
        int dropped = 0;
        if (last - first + 1 <= sets) {
            for (long vpn = first; vpn <= last; vpn++) {
                int base = set(contextTag, vpn) * ways;
                for (int i = base; i < base + ways; i++) {
                    if (valid[i] && page[i] == vpn && context[i] == contextTag) {
                        drop(i);
                        dropped++;
                    }
                }
            }
            return dropped;
        }
        for (int i = 0; i < valid.length; i++) {
            if (valid[i] && context[i] == contextTag && page[i] >= first && page[i] <= last) {
                drop(i);
                dropped++;
            }
        }
        return dropped;
    }

    /** Invalidates every entry of one context tag (TLBIASID). */
    int invalidateContext(int contextTag) {
        int dropped = 0;
        for (int i = 0; i < valid.length; i++) {
            if (valid[i] && context[i] == contextTag) {
                drop(i);
                dropped++;
            }
        }
        return dropped;
    }

    /** Invalidates every entry of a bank, whatever its ASID (TLBIALL of a context bank). */
    int invalidateBank(int bank) {
        int dropped = 0;
        for (int i = 0; i < valid.length; i++) {
            if (valid[i] && bankOf(context[i]) == bank) {
                drop(i);
                dropped++;
            }
        }
        return dropped;
    }

    /** Invalidates everything (TLBIALLNSNH). */
    int invalidateAll() {
        int dropped = occupied;
        java.util.Arrays.fill(valid, false);
        occupied = 0;
        return dropped;
    }

    private void drop(int i) {
        valid[i] = false;
        occupied--;
    }

    /** Valid entries. */
    int occupied() {
        return occupied;
    }

    /** Total entries. */
    int capacity() {
        return valid.length;
    }
}
