package org.iopf.plugin.uvm;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iopf.api.fault.PageFault;
import org.iopf.api.mem.Access;

/**
 * One fetched batch after preprocessing ({@code preprocess_fault_batch}): the entries sorted by VA
 * space, address and access, duplicates of one page coalesced into one fault (a write among them
 * makes it a write), and the unique faults grouped by 2 MiB VA block in address order, which is how
 * {@code service_fault_batch} walks them.
 */
final class FaultBatch {
    /** A unique fault: one page of one VA space, the access it needs, and every entry that asked for it. */
    record Unique(int pid, long page, Access access, List<PageFault> instances) {
        PageFault first() {
            return instances.get(0);
        }
    }

    /** The unique faults of one VA block. */
    record Block(int pid, long va, List<Unique> faults) {
        long firstId() {
            return faults.get(0).first().record().id();
        }
    }

    private final List<PageFault> entries;
    private final List<Block> blocks;
    private final int unique;

    private FaultBatch(List<PageFault> entries, List<Block> blocks, int unique) {
        this.entries = entries;
        this.blocks = blocks;
        this.unique = unique;
    }

    static FaultBatch of(List<PageFault> fetched) {
        List<PageFault> sorted = new ArrayList<>(fetched);
        sorted.sort(Comparator.<PageFault>comparingInt(f -> f.record().pid().orElse(-1))
                .thenComparingLong(f -> page(f.record().address()))
                .thenComparing(f -> f.record().access()));
        Map<Long, Block> blocks = new LinkedHashMap<>();
        Unique last = null;
        int unique = 0;
        for (PageFault f : sorted) {
            int pid = f.record().pid().orElse(-1);
            long page = page(f.record().address());
            if (last != null && last.pid() == pid && last.page() == page) {
                last.instances().add(f);
                if (f.record().access() == Access.WRITE && last.access() != Access.WRITE) {
                    Block b = blocks.get(key(pid, ChunkPool.blockOf(page)));
                    Unique merged = new Unique(pid, page, Access.WRITE, last.instances());
                    b.faults().set(b.faults().size() - 1, merged);
                    last = merged;
                }
                continue;
            }
            last = new Unique(pid, page, f.record().access(), new ArrayList<>(List.of(f)));
            unique++;
            blocks.computeIfAbsent(key(pid, ChunkPool.blockOf(page)),
                    k -> new Block(pid, ChunkPool.blockOf(page), new ArrayList<>())).faults().add(last);
        }
        return new FaultBatch(sorted, List.copyOf(blocks.values()), unique);
    }

    private static long key(int pid, long block) {
        return block ^ ((long) pid << 52);
    }

    static long page(long va) {
        return va - Math.floorMod(va, GpuPageTable.PAGE);
    }

    /** Every fetched entry's fault, sorted. */
    List<PageFault> entries() {
        return entries;
    }

    List<Block> blocks() {
        return blocks;
    }

    /** Faults left after coalescing duplicates. */
    int unique() {
        return unique;
    }
}
