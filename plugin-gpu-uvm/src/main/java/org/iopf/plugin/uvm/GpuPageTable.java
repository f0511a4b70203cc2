package org.iopf.plugin.uvm;

import java.util.Map;
import java.util.TreeMap;

/**
 * The GPU's page table for one VA space, at 4 KiB granularity: a page maps either to a frame of the
 * GPU's own memory ({@link Aperture#VID}) or, where the driver mapped it remotely, to a frame of
 * system memory reached over the host link ({@link Aperture#SYS}). A lookup of an unmapped page
 * misses, and the miss is what raises a far fault.
 */
final class GpuPageTable {
    /** Where a mapped page lives. */
    enum Aperture {
        /** The GPU's own memory. */
        VID,
        /** System memory, over the host link. */
        SYS
    }

    /** A mapping: the frame of the 4 KiB page and its aperture. */
    record Pte(long pa, Aperture aperture, boolean writable) {
    }

    static final long PAGE = 4096;

    private final TreeMap<Long, Pte> entries = new TreeMap<>();

    /** Maps {@code [va, va+length)} to {@code [pa, pa+length)}, page by page. */
    void map(long va, long pa, long length, Aperture aperture, boolean writable) {
        for (long off = 0; off < length; off += PAGE) {
            entries.put(va + off, new Pte(pa + off, aperture, writable));
        }
    }

    /** Unmaps every page of {@code [va, va+length)}; returns how many were mapped. */
    int unmap(long va, long length) {
        Map<Long, Pte> range = entries.subMap(va, true, va + length - 1, true);
        int n = range.size();
        range.clear();
        return n;
    }

    /** The entry of the page holding {@code va}, or null (a miss). */
    Pte lookup(long va) {
        return entries.get(va - Math.floorMod(va, PAGE));
    }

    /** Pages mapped with aperture {@code aperture} in {@code [va, va+length)}. */
    int mapped(long va, long length, Aperture aperture) {
        int n = 0;
        for (Pte p : entries.subMap(va, true, va + length - 1, true).values()) {
            if (p.aperture() == aperture) {
                n++;
            }
        }
        return n;
    }

    int size() {
        return entries.size();
    }
}
