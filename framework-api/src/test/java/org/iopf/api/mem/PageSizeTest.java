package org.iopf.api.mem;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

final class PageSizeTest {
    @Test
    void alignsAndCountsPages() {
        assertThat(PageSize.BASE.alignDown(4097)).isEqualTo(4096);
        assertThat(PageSize.BASE.alignUp(4097)).isEqualTo(8192);
        assertThat(PageSize.HUGE_2M.isAligned(2L << 20)).isTrue();
        assertThat(PageSize.BASE.pagesSpanned(4095, 2)).isEqualTo(2);
        assertThat(PageSize.BASE.pagesSpanned(0, 1L << 30)).isEqualTo(262_144);
        assertThat(PageSize.HUGE_2M.pagesSpanned(0, 1L << 30)).isEqualTo(512);
    }

    @Test
    void rangesOverlapOnlyWhenTheyShareAByte() {
        AddressRange a = new AddressRange(0, 4096);
        assertThat(a.overlaps(new AddressRange(4095, 1))).isTrue();
        assertThat(a.overlaps(new AddressRange(4096, 1))).isFalse();
        assertThat(a.contains(4095)).isTrue();
        assertThat(a.contains(4096)).isFalse();
    }
}
