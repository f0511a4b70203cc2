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

    @Test
    void mergedHistogramsSummariseAllTheirValuesTogether() {
        MetricRegistry registry = new MetricRegistry();
        for (int v = 1; v <= 90; v++) {
            registry.histogram("node1.r", "ns").record(v);
        }
        for (int v = 91; v <= 100; v++) {
            registry.histogram("node2.r", "ns").record(v);
        }
        registry.counter("node3.r", "ns").add(1_000);

        MetricValue.HistogramSummary s = registry.mergedHistogram(
                java.util.List.of("node1.r", "node2.r", "node3.r", "none"), "ns").orElseThrow();

        assertThat(s.count()).isEqualTo(100);
        assertThat(s.min()).isEqualTo(1);
        assertThat(s.max()).isEqualTo(100);
        assertThat(s.p50()).isEqualTo(50);
        assertThat(s.p99()).isEqualTo(99);
        assertThat(s.mean()).isEqualTo(50.5);
        assertThat(registry.mergedHistogram(java.util.List.of("node3.r"), "ns")).isEmpty();
    }
}
