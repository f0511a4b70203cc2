package org.iopf.plugin.smmuv3pri;

import java.util.Objects;

/**
 * One bound address space's page table as arm64 Linux keeps it and SVA shares it with the SMMU:
 * four levels of VMSAv8-64 4 KiB-granule tables in modelled memory, whose root is the CD's TTB0.
 * The CPU side writes it: a page made present by {@code handle_mm_fault} (or present when the
 * process was bound) gets a user page descriptor (AP[1] = EL0 access, AP[2] for read-only, AF);
 * an invalidation from the OS clears it before the MMU notifier's TLBI and ATC_INV.
 */
final class SvaTable {
    private final ModelledMemory memory;
    private final long root;

    SvaTable(ModelledMemory memory) {
        this.memory = Objects.requireNonNull(memory, "memory is null");
        this.root = memory.frame();
    }

    long root() {
        return root;
    }

    /** Writes the level-3 descriptor of the page at {@code va}, allocating tables as needed. */
    void set(long va, long pa, boolean writable) {
        long leaf = Stage1Walker.DESC_VALID | Stage1Walker.DESC_TABLE | Stage1Walker.DESC_AP_EL0
                | Stage1Walker.DESC_AF | (pa & Stage1Walker.DESC_OA) | (writable ? 0 : Stage1Walker.DESC_AP_RO);
        memory.write(slot(va, true), leaf);
    }

    /** Clears the level-3 descriptor of the page at {@code va}, if its tables exist. */
    void clear(long va) {
        long slot = slot(va, false);
        if (slot >= 0) {
            memory.write(slot, 0);
        }
    }

    /** The level-3 slot of {@code va}; -1 if a table is missing and {@code allocate} is false. */
    private long slot(long va, boolean allocate) {
        long table = root;
        for (int level = 0; level < 3; level++) {
            long at = table + 8L * Stage1Walker.index(va, level);
            long d = memory.read(at);
            if ((d & Stage1Walker.DESC_VALID) == 0) {
                if (!allocate) {
                    return -1;
                }
                long next = memory.frame();
                memory.write(at, next | Stage1Walker.DESC_TABLE | Stage1Walker.DESC_VALID);
                table = next;
            } else {
                table = d & Stage1Walker.DESC_OA;
            }
        }
        return table + 8L * Stage1Walker.index(va, 3);
    }
}
