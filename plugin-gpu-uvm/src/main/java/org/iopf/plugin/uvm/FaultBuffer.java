package org.iopf.plugin.uvm;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.iopf.api.fault.FaultRecord;

/**
 * The GPU's hardware replayable fault buffer: a ring of fixed-size entries that the GPU writes at
 * {@code put} and the driver reads at {@code get}. One slot is always left empty, so the ring is
 * full when {@code put + 1 == get} (mod size); a fault that finds it full is not written: the
 * overflow flag is set and the fault is dropped, to be re-issued by the GPU after the next replay.
 * The driver reads an entry only once its valid bit is set (in {@code uvm_gpu_replayable_faults.c},
 * {@code fetch_fault_buffer_entries} spins on {@code entry_is_valid}); here an entry is valid once the
 * driver has been handed its fault through the node's fault queue.
 */
final class FaultBuffer {
    /** One entry: the fault the GPU recorded and the µTLB that raised it. */
    record Entry(FaultRecord record, int utlb) {
    }

    private final Entry[] ring;
    private int put;
    private int get;
    private boolean overflow;
    private long written;
    private long dropped;

    FaultBuffer(int entries) {
        if (entries < 2) {
            throw new IllegalArgumentException("a fault buffer needs at least 2 entries: " + entries);
        }
        this.ring = new Entry[entries];
    }

    /** Writes an entry at {@code put}; false (and the overflow flag set) when the ring is full. */
    boolean write(Entry entry) {
        int next = (put + 1) % ring.length;
        if (next == get) {
            overflow = true;
            dropped++;
            return false;
        }
        ring[put] = entry;
        put = next;
        written++;
        return true;
    }

    /**
     * Reads up to {@code max} entries from {@code get}, stopping at the first whose valid bit is not
     * set yet, and advances {@code get} past them.
     */
    List<Entry> fetch(int max, Predicate<Entry> valid) {
        List<Entry> out = new ArrayList<>();
        while (get != put && out.size() < max && valid.test(ring[get])) {
            out.add(ring[get]);
            ring[get] = null;
            get = (get + 1) % ring.length;
        }
        return out;
    }

    /** Skips every entry between {@code get} and {@code put} (a flush), returning them. */
    List<Entry> flush() {
        return fetch(Integer.MAX_VALUE, e -> true);
    }

    /** Entries written and not yet read. */
    int pending() {
        return Math.floorMod(put - get, ring.length);
    }

    boolean isEmpty() {
        return put == get;
    }

    /** Whether a fault was dropped since the flag was last cleared. */
    boolean overflow() {
        return overflow;
    }

    /** Clears the overflow flag (the driver does after reading it). */
    void clearOverflow() {
        overflow = false;
    }

    int capacity() {
        return ring.length;
    }

    int putIndex() {
        return put;
    }

    int getIndex() {
        return get;
    }

    long written() {
        return written;
    }

    long dropped() {
        return dropped;
    }
}
