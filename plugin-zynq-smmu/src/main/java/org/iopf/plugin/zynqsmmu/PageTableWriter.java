package org.iopf.plugin.zynqsmmu;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.iopf.api.mem.AddressRange;

/**
 * Builds and edits long-descriptor tables in emulated physical memory, as the ARM SMMU driver's
 * io-pgtable code does for {@code iommu_map}/{@code iommu_unmap}: allocates next-level tables on
 * demand, writes a 2 MiB block where the range allows it (if blocks are enabled) and 4 KiB pages
 * elsewhere, and splits a block into a table when only part of it is unmapped or remapped. An
 * unmap that covers the whole range of a table descriptor clears the descriptor and frees the
 * table (and every table below it), as Linux {@code drivers/iommu/io-pgtable-arm.c}
 * {@code __arm_lpae_unmap} does when the size matches the level; it reports the freed tables'
 * ranges, since those need a walk (non-leaf) invalidation, not only a leaf one.
 */
final class PageTableWriter {
    private final TableMemory tables;
    private final boolean blocks;

    PageTableWriter(TableMemory tables, boolean blocks) {
        this.tables = Objects.requireNonNull(tables, "tables is null");
        this.blocks = blocks;
    }

    /** Maps {@code [iova, iova+length)} to {@code [pa, pa+length)}; all page aligned. */
    void map(WalkConfig config, long iova, long pa, long length, boolean writable) {
        checkAligned(iova, length);
        if ((pa & (Lpae.GRANULE - 1)) != 0) {
            throw new IllegalArgumentException("pa must be 4 KiB aligned: 0x" + Long.toHexString(pa));
        }
        long end = iova + length;
        long va = iova;
        while (va < end) {
            va += mapOne(config, va, pa + (va - iova), end - va, writable);
        }
    }

    private long mapOne(WalkConfig config, long va, long pa, long remaining, boolean writable) {
        long table = config.root();
        for (int level = config.startLevel(); level <= 3; level++) {
            long size = Lpae.entrySize(level);
            long slot = table + 8L * Lpae.index(va, level);
            boolean leafFits = level == 3 || (blocks && level == 2 && (va & (size - 1)) == 0
                    && (pa & (size - 1)) == 0 && remaining >= size);
            if (leafFits) {
                tables.write(slot, config.stage2() ? Lpae.stage2Leaf(pa, level, writable)
                        : Lpae.stage1Leaf(pa, level, writable));
                return size;
            }
            table = nextTable(slot, level);
        }
        throw new AssertionError("level 3 always maps");
    }

    /**
     * Unmaps {@code [iova, iova+length)}; unmapped parts of the range are skipped.
     *
     * @return the input ranges of the tables freed (each the range of the descriptor that pointed to it)
     */
    List<AddressRange> unmap(WalkConfig config, long iova, long length) {
        checkAligned(iova, length);
        List<AddressRange> freed = new ArrayList<>();
        long end = iova + length;
        long va = iova;
        while (va < end) {
            va += unmapOne(config, va, end - va, freed);
        }
        return freed;
    }

    private long unmapOne(WalkConfig config, long va, long remaining, List<AddressRange> freed) {
        long table = config.root();
        for (int level = config.startLevel(); level <= 3; level++) {
            long size = Lpae.entrySize(level);
            long slot = table + 8L * Lpae.index(va, level);
            long d = tables.read(slot);
            long toBoundary = size - (va & (size - 1));
            if ((d & Lpae.VALID) == 0) {
                return Math.min(toBoundary, remaining);
            }
            boolean whole = (va & (size - 1)) == 0 && remaining >= size;
            if (!Lpae.isTable(d, level)) {
                if (whole) {
                    tables.write(slot, 0);
                    return size;
                }
                table = split(slot, d, level);
                continue;
            }
            if (whole) {
                // The size matches this level: clear the table descriptor, then free the table.
                tables.write(slot, 0);
                freeTree(d & Lpae.ADDRESS_MASK, level + 1);
                freed.add(new AddressRange(va, size));
                return size;
            }
            table = d & Lpae.ADDRESS_MASK;
        }
        throw new AssertionError("level 3 always unmaps");
    }

    /** Frees a table of {@code level} and every table below it. */
    private void freeTree(long table, int level) {
        if (level < 3) {
            for (int i = 0; i < 512; i++) {
                long d = tables.read(table + 8L * i);
                if ((d & Lpae.VALID) != 0 && Lpae.isTable(d, level)) {
                    freeTree(d & Lpae.ADDRESS_MASK, level + 1);
                }
            }
        }
        tables.freeTable(table);
    }

    /** The table below {@code slot}, allocated if absent, a block split into one if present. */
    private long nextTable(long slot, int level) {
        long d = tables.read(slot);
        if ((d & Lpae.VALID) == 0) {
            long table = tables.allocateTable();
            tables.write(slot, Lpae.table(table));
            return table;
        }
        if (Lpae.isTable(d, level)) {
            return d & Lpae.ADDRESS_MASK;
        }
        return split(slot, d, level);
    }

    /** Replaces a block by a table of the next level that maps the same range with the same attributes. */
    private long split(long slot, long block, int level) {
        long table = tables.allocateTable();
        long childSize = Lpae.entrySize(level + 1);
        long attributes = block & ~Lpae.ADDRESS_MASK;
        if (level + 1 == 3) {
            attributes |= Lpae.TABLE_OR_PAGE;
        }
        long base = block & Lpae.ADDRESS_MASK;
        for (int i = 0; i < 512; i++) {
            tables.write(table + 8L * i, ((base + i * childSize) & Lpae.ADDRESS_MASK) | attributes);
        }
        tables.write(slot, Lpae.table(table));
        return table;
    }

    private static void checkAligned(long iova, long length) {
        if ((iova & (Lpae.GRANULE - 1)) != 0 || (length & (Lpae.GRANULE - 1)) != 0 || length < 0) {
            throw new IllegalArgumentException(String.format(
                    "iova 0x%x and length %d must be 4 KiB aligned", iova, length));
        }
    }
}
