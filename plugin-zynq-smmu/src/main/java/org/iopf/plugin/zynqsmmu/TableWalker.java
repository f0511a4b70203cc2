package org.iopf.plugin.zynqsmmu;

import java.util.Objects;
import org.iopf.api.mem.Access;

/**
 * The SMMU's table walker: ARMv8 long-descriptor walks with the 4 KiB granule over tables in
 * emulated physical memory, for stage 1, stage 2, and stage 1 nested in stage 2 (every stage-1
 * table address and the stage-1 output are themselves translated by the stage-2 walk). Checks
 * the input range (an address outside T0SZ's range is a translation fault), the output address size,
 * descriptor validity, the access flag and AP/S2AP permissions, hierarchical
 * APTable[1] (read-only below) and APTable[0] (no unprivileged access below) included. Devices are
 * unprivileged data accessors, so XN never applies.
 */
final class TableWalker {
    private final TableMemory tables;
    private WalkCache cache;
    private int cacheContext;

    TableWalker(TableMemory tables) {
        this.tables = Objects.requireNonNull(tables, "tables is null");
    }

    /** Walks one stage. */
    WalkResult walk(WalkConfig config, long input, Access access) {
        return walk(config, null, input, access);
    }

    /**
     * Walks one stage (or nested, uncached) using and filling {@code walkCache} under
     * {@code context}: the walk starts below the deepest cached table descriptor.
     */
    WalkResult walk(WalkConfig config, WalkConfig stage2, long input, Access access, WalkCache walkCache,
            int context) {
        this.cache = walkCache != null && walkCache.enabled() && stage2 == null ? walkCache : null;
        this.cacheContext = context;
        try {
            return walk(config, stage2, input, access);
        } finally {
            this.cache = null;
        }
    }

    /**
     * Walks stage 1 and, if {@code stage2} is not null, translates each stage-1 table address and
     * the stage-1 output through stage 2.
     */
    WalkResult walk(WalkConfig config, WalkConfig stage2, long input, Access access) {
        int reads = 0;
        if (config.inputBits() < 64 && (input >>> config.inputBits()) != 0 || config.walksDisabled()) {
            // Outside the range TTBR0 covers (T0SZ), with no TTBR1 region (EPD1 set, or TTBR1 not modelled):
            // no table selects the address, a translation fault at level 0 (VMSAv8-64; QEMU hw/arm/smmu-common.c
            // select_tt returns no table, smmu_ptw_64_s1 reports SMMU_PTW_ERR_TRANSLATION). TCR.EPD0 set
            // disables the TTBR0 walks too.
            return WalkResult.fault(HardwareFault.TRANSLATION, 0, reads);
        }
        long table = config.root();
        boolean tableReadOnly = false;
        boolean tableNoUnprivileged = false;
        int first = config.startLevel();
        if (cache != null && stage2 == null) {
            // Start below the deepest cached table descriptor of this region. APTable bits of cached
            // descriptors are not kept: the walk cache serves only regions whose tables carry none.
            for (int level = 2; level >= config.startLevel(); level--) {
                long cached = cache.lookup(cacheContext, level, input);
                if (cached >= 0) {
                    table = cached;
                    first = level + 1;
                    break;
                }
            }
        }
        for (int level = first; level <= 3; level++) {
            long descriptorAddress = table + 8L * Lpae.index(input, level);
            if (stage2 != null) {
                WalkResult s2 = walk(stage2, null, descriptorAddress, Access.READ);
                reads += s2.reads();
                if (s2.isFault()) {
                    return s2.plusReads(reads - s2.reads()).inStage2(true);
                }
                descriptorAddress = s2.address();
            }
            if (!tables.contains(descriptorAddress)) {
                return WalkResult.fault(HardwareFault.EXTERNAL, level, reads);
            }
            long d = tables.read(descriptorAddress);
            reads++;
            if ((d & Lpae.VALID) == 0) {
                return WalkResult.fault(HardwareFault.TRANSLATION, level, reads);
            }
            if (Lpae.isTable(d, level)) {
                boolean apTable = !config.stage2() && (d & (Lpae.APTABLE_RDONLY | Lpae.APTABLE_NO_UNPRIV)) != 0;
                if (apTable) {
                    tableReadOnly |= (d & Lpae.APTABLE_RDONLY) != 0;
                    tableNoUnprivileged |= (d & Lpae.APTABLE_NO_UNPRIV) != 0;
                }
                table = d & Lpae.ADDRESS_MASK;
                if (cache != null && stage2 == null && !apTable && !tableReadOnly && !tableNoUnprivileged) {
                    cache.insert(cacheContext, level, input, table);
                }
                continue;
            }
            if (level == 0 || (level == 3 && (d & Lpae.TABLE_OR_PAGE) == 0)) {
                return WalkResult.fault(HardwareFault.TRANSLATION, level, reads);
            }
            long size = Lpae.entrySize(level);
            long output = (d & Lpae.ADDRESS_MASK & ~(size - 1)) | (input & (size - 1));
            if (config.outputBits() < 64 && (output >>> config.outputBits()) != 0) {
                return WalkResult.fault(HardwareFault.ADDRESS_SIZE, level, reads);
            }
            if (config.accessFlagFaults() && (d & Lpae.AF) == 0) {
                return WalkResult.fault(HardwareFault.ACCESS_FLAG, level, reads);
            }
            boolean readable;
            boolean writable;
            if (config.stage2()) {
                readable = (d & Lpae.S2AP_READ) != 0;
                writable = (d & Lpae.S2AP_WRITE) != 0;
            } else {
                readable = (d & Lpae.AP_UNPRIV) != 0 && !tableNoUnprivileged;
                writable = readable && (d & Lpae.AP_RDONLY) == 0 && !tableReadOnly;
            }
            if (!(access.isWrite() ? writable : readable)) {
                return WalkResult.fault(HardwareFault.PERMISSION, level, reads);
            }
            if (stage2 == null) {
                return WalkResult.ok(output, readable, writable, level, reads);
            }
            WalkResult s2 = walk(stage2, null, output, access);
            if (s2.isFault()) {
                return s2.plusReads(reads).inStage2(false);
            }
            return WalkResult.ok(s2.address(), readable && s2.readable(), writable && s2.writable(),
                    Math.max(level, s2.level()), reads + s2.reads());
        }
        throw new AssertionError("a 4 KiB-granule walk ends at level 3");
    }
}
