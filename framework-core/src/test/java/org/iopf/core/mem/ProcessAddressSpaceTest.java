package org.iopf.core.mem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.iopf.api.mem.PageSize;
import org.junit.jupiter.api.Test;

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

    @Test
    void anEntryNotAlignedToItsSizeIsRefused() {
        assertThatThrownBy(() -> space.putSlot(new PageTableSlot(space, 4 * MIB + 4096, PageSize.HUGE_2M, true)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unaligned");
        assertThatThrownBy(() -> space.putSlot(new PageTableSlot(space, 100, PageSize.BASE, true)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(space.slot(4 * MIB + 4096)).isNull();
    }
}
