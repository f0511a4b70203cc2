package org.iopf.core.observe;

import static org.assertj.core.api.Assertions.assertThat;

import org.iopf.api.observe.Histogram;
import org.junit.jupiter.api.Test;

final class HistogramExtremesTest {
    private final Histogram h = new MetricRegistry().histogram("h", "ns");

    @Test
    void minMaxAndMeanAreExactAndPercentilesStayWithinThem() {
        h.record(20_001);
        h.record(10_001);

        // HdrHistogram alone would report the edges of their buckets: min 10 000 and max 20 015.
        assertThat(h.max()).isEqualTo(20_001);
        assertThat(h.min()).isEqualTo(10_001);
        assertThat(h.mean()).isEqualTo(15_001.0);
        assertThat(h.percentile(100)).isEqualTo(20_001);
        assertThat(h.percentile(0)).isEqualTo(10_001);
    }

    @Test
    void aSingleValueIsEveryPercentile() {
        h.record(2_501);

        assertThat(h.percentile(50)).isEqualTo(2_501);
        assertThat(h.percentile(99.9)).isEqualTo(2_501);
    }
}
