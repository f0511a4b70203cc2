package org.iopf.plugin.uvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import org.junit.jupiter.api.Test;

/** The density prefetcher of uvm_perf_prefetch.c: the largest subregion above the threshold, whole. */
final class TreePrefetcherTest {
    private final TreePrefetcher prefetcher = new TreePrefetcher(51);

    private static BitSet pages(int from, int to) {
        BitSet b = new BitSet();
        b.set(from, to);
        return b;
    }

    @Test
    void exactlyHalfASubregionIsNotEnoughAtThreshold51() {
        // 8 faulted pages of 16: 50% is not more than 51%
        assertThat(prefetcher.prefetch(new BitSet(), pages(0, 8))).matches(BitSet::isEmpty, "empty");
    }

    @Test
    void threeQuartersOfA32PageSubregionPrefetchesItsLastQuarter() {
        BitSet out = prefetcher.prefetch(pages(0, 16), pages(16, 24));
        assertThat(out).isEqualTo(pages(24, 32));
    }

    @Test
    void justOverHalfTheBlockPrefetchesTheWholeBlock() {
        BitSet out = prefetcher.prefetch(pages(0, 256), pages(256, 264));
        assertThat(out).isEqualTo(pages(264, 512));
    }

    @Test
    void aLowerThresholdPrefetchesMoreAndASparseFaultNothing() {
        assertThat(new TreePrefetcher(25).prefetch(new BitSet(), pages(0, 8))).isEqualTo(pages(8, 16));
        BitSet lone = new BitSet();
        lone.set(300);
        assertThat(prefetcher.prefetch(new BitSet(), lone)).matches(BitSet::isEmpty, "empty");
    }
}
