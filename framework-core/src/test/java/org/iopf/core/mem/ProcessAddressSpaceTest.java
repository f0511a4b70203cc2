package org.iopf.core.mem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.iopf.api.mem.PageSize;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

final class ProcessAddressSpaceTest {
    private static final long MIB = 1L << 20;

    private final ProcessAddressSpace space = new ProcessAddressSpace(1, "p", 64 * MIB);

    @Test
    void everyAddressOfAnEntryFindsItAndNoOtherAddressDoes() {
        PageTableSlot huge = new PageTableSlot(space, 4 * MIB, PageSize.HUGE_2M, true);
        PageTableSlot base = new PageTableSlot(space, 6 * MIB + 8192, PageSize.BASE, true);
        space.putSlot(huge);
        space.putSlot(base);

        assertThat(space.slot(4 * MIB)).isSameAs(huge);
        assertThat(space.slot(4 * MIB + 12345)).isSameAs(huge);
        assertThat(space.slot(6 * MIB - 1)).isSameAs(huge);
        assertThat(space.slot(6 * MIB + 8192)).isSameAs(base);
        assertThat(space.slot(6 * MIB + 8192 + 4095)).isSameAs(base);
        assertThat(space.slot(6 * MIB)).isNull();
        assertThat(space.slot(6 * MIB + 8192 + 4096)).isNull();
        assertThat(space.slot(4 * MIB - 1)).isNull();
        assertThat(space.slots(0, 8 * MIB)).containsExactly(huge, base);

        space.removeSlot(huge);
        assertThat(space.slot(5 * MIB)).isNull();
    }

    /**
     * Random entries of both sizes put, replaced and removed: every address finds the entry the
     * address-ordered map of the entries covers it with (the nearest start at or below it), and
     * {@link ProcessAddressSpace#slots} lists the same entries.
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4})
    void lookupsFindWhatTheOrderedEntriesCover(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        TreeMap<Long, PageTableSlot> model = new TreeMap<>();
        long span = 16 * MIB;
        for (int step = 0; step < 2000; step++) {
            boolean huge = random.nextInt(8) == 0;
            PageSize size = huge ? PageSize.HUGE_2M : PageSize.BASE;
            long va = size.alignDown(random.nextLong(span));
            if (random.nextInt(3) == 0) {
                PageTableSlot victim = model.get(va);
                PageTableSlot removed = victim != null && random.nextBoolean() ? victim
                        : new PageTableSlot(space, va, size, true);
                space.removeSlot(removed);
                if (removed == victim) {
                    model.remove(va);
                }
                continue;
            }
            for (PageTableSlot overlapping : List.copyOf(model.subMap(va - 2 * MIB + 1, va + size.bytes()).values())) {
                if (overlapping.end() > va) {
                    space.removeSlot(overlapping);
                    model.remove(overlapping.va);
                }
            }
            PageTableSlot slot = new PageTableSlot(space, va, size, true);
            space.putSlot(slot);
            model.put(va, slot);
            long probe = random.nextLong(span);
            assertThat(space.slot(probe)).as("step %d at 0x%x", step, probe).isSameAs(covering(model, probe));
        }
        for (long va = 0; va < span + MIB; va += 512 + random.nextInt(1024)) {
            assertThat(space.slot(va)).as("at 0x%x", va).isSameAs(covering(model, va));
        }
        assertThat(space.slots(0, span)).containsExactlyElementsOf(model.values());
        assertThat(space.pageTableEntries()).isEqualTo(model.size());
    }

    private static PageTableSlot covering(TreeMap<Long, PageTableSlot> model, long va) {
        Map.Entry<Long, PageTableSlot> below = model.floorEntry(va);
        return below != null && va < below.getValue().end() ? below.getValue() : null;
    }

    /** As in the address-ordered tree, an entry replaces the one that starts at its address, whatever their sizes. */
    @Test
    void anEntryReplacesTheOneStartingAtItsAddressOfEitherSize() {
        PageTableSlot huge = new PageTableSlot(space, 4 * MIB, PageSize.HUGE_2M, true);
        PageTableSlot base = new PageTableSlot(space, 4 * MIB, PageSize.BASE, true);
        space.putSlot(huge);
        space.putSlot(base);

        assertThat(space.slot(4 * MIB + 100)).isSameAs(base);
        assertThat(space.slot(5 * MIB)).isNull();
        assertThat(space.pageTableEntries()).isEqualTo(1);

        PageTableSlot again = new PageTableSlot(space, 4 * MIB, PageSize.HUGE_2M, true);
        space.putSlot(again);
        assertThat(space.slot(5 * MIB)).isSameAs(again);
        space.removeSlot(base);
        assertThat(space.slot(4 * MIB)).as("removing a replaced entry leaves its successor").isSameAs(again);
        space.removeSlot(again);
        assertThat(space.slot(4 * MIB)).isNull();
    }

    @Test
    void anEntryNotAlignedToItsSizeIsRefused() {
        assertThatThrownBy(() -> space.putSlot(new PageTableSlot(space, 4 * MIB + 4096, PageSize.HUGE_2M, true)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unaligned");
        assertThatThrownBy(() -> space.putSlot(new PageTableSlot(space, 100, PageSize.BASE, true)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(space.slot(4 * MIB + 4096)).isNull();
    }
}
