package org.iopf.plugin.zynqsmmu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.iopf.plugin.zynqsmmu.SmmuRegisters.*;

import java.util.Map;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.iommu.Translation;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.PageSize;
import org.junit.jupiter.api.Test;

/**
 * The driver's unmap against io-pgtable-arm.c {@code __arm_lpae_unmap}: an unmap of a whole 2 MiB
 * region frees its level-3 table, and what the walk cache then holds depends on the invalidation
 * that follows — TLBIVA of the freed table's range ({@code unmapInvalidation: walk}, Linux) or
 * only the leaves' TLBIVAL ({@code leaf}), which leaves the walk cache pointing at the freed table.
 */
final class TableFreeTest {
    private static final StreamId STREAM = new StreamId(3);
    private static final DomainId DOMAIN = new DomainId(5);
    private static final long REGION = PageSize.HUGE_2M.bytes();

    private SmmuNode n;
    private AddressSpace space;
    private long va;

    private void node(String unmapInvalidation) {
        n = SmmuNode.terminating(Map.of("walkCacheEntries", "16", "unmapInvalidation", unmapInvalidation,
                "faultMode", "terminate", "blockMappings", "false"));
        space = n.mm.createAddressSpace("app");
        va = n.mm.mmap(space, REGION, MapOptions.DEFAULT);
        n.smmu.attach(STREAM, DOMAIN, space);
    }

    private long level2Slot() {
        long table = n.reg(cb(0, CB_TTBR0)) & Lpae.ADDRESS_MASK;
        for (int level = 0; level < 2; level++) {
            table = n.tables.read(table + 8L * Lpae.index(va, level)) & Lpae.ADDRESS_MASK;
        }
        return table + 8L * Lpae.index(va, 2);
    }

    private Translation read(long address) {
        Translation t = n.smmu.translate(STREAM, address, Access.READ, n.listener);
        n.sim.kernel().run();
        return t;
    }

    /** Maps two pages, reads one (filling the walk cache), unmaps the whole region; returns the freed table. */
    private long mapReadAndFree() {
        n.smmu.map(DOMAIN, va, 0x4000_0000L, 2 * 4096, true);
        assertThat(read(va).address().getAsLong()).isEqualTo(0x4000_0000L);
        long level3 = n.tables.read(level2Slot()) & Lpae.ADDRESS_MASK;

        n.smmu.unmap(DOMAIN, va, REGION);

        assertThat(n.tables.read(level2Slot())).as("the table descriptor is cleared").isZero();
        assertThat(n.tables.read(level3 + 8L * Lpae.index(va, 3))).as("the freed frame reads zero").isZero();
        // Another owner takes the freed frame (the lowest free one) before the remap allocates its table; were
        // the remap's new table that very frame, the stale walk-cache entry would happen to point right.
        assertThat(n.frame()).isEqualTo(level3);
        return level3;
    }

    @Test
    void anUnmapOfAWholeRegionFreesItsTableAndAPartialOneDoesNot() {
        node("walk");
        n.smmu.map(DOMAIN, va, 0x4000_0000L, 2 * 4096, true);
        long slot = level2Slot();
        long table = n.tables.read(slot);

        n.smmu.unmap(DOMAIN, va, 4096);
        assertThat(n.tables.read(slot)).as("a 4 KiB unmap clears a leaf only").isEqualTo(table);

        n.smmu.unmap(DOMAIN, va, REGION);
        assertThat(n.tables.read(slot)).isZero();
    }

    @Test
    void withTheWalkInvalidationARemapIsSeenAtOnce() {
        node("walk");
        mapReadAndFree();

        n.smmu.map(DOMAIN, va, 0x5000_0000L, 4096, true);

        assertThat(read(va).address().getAsLong()).isEqualTo(0x5000_0000L);
    }

    @Test
    void withALeafOnlyInvalidationTheStaleWalkCacheEntryMakesTheRemappedAddressFaultAgainAndAgain() {
        node("leaf");
        mapReadAndFree();

        n.smmu.map(DOMAIN, va, 0x5000_0000L, 4096, true);

        for (int i = 0; i < 3; i++) {
            Translation t = read(va);
            assertThat(t.isFault()).isTrue();
            assertThat(n.reg(cb(0, CB_FSYNR0)) & FSYNR0_PLVL).as("at level 3 of the freed table").isEqualTo(3);
            n.smmu.writeRegister(cb(0, CB_FSR), FSR_FAULT | FSR_MULTI);
        }
        // A leaf-only invalidation of the page does not help; a range invalidation (TLBIVA) does.
        n.smmu.writeRegister(cb(0, CB_TLBIVAL), ((long) DOMAIN.value() << 48) | (va >>> 12));
        assertThat(read(va).isFault()).isTrue();
        n.smmu.invalidate(DOMAIN, new AddressRange(va, 4096));
        assertThat(read(va).address().getAsLong()).isEqualTo(0x5000_0000L);
    }

    @Test
    void aContextInvalidationEndsTheStaleEntryToo() {
        node("leaf");
        mapReadAndFree();
        n.smmu.map(DOMAIN, va, 0x5000_0000L, 4096, true);
        assertThat(read(va).isFault()).isTrue();

        n.smmu.invalidateAll(DOMAIN);

        assertThat(read(va).address().getAsLong()).isEqualTo(0x5000_0000L);
    }
}
