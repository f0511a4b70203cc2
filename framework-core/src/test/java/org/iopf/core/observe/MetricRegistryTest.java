package org.iopf.core.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.concurrent.atomic.AtomicLong;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Histogram;
import org.iopf.api.observe.Metrics;
import org.junit.jupiter.api.Test;

final class MetricRegistryTest {
    private final MetricRegistry registry = new MetricRegistry();

    @Test
    void scopesPrefixNamesWithDots() {
        Metrics smmu = registry.scope("node1").scope("smmu");
        assertThat(registry.prefix()).isEmpty();
        assertThat(smmu.prefix()).isEqualTo("node1.smmu");

        smmu.counter("tlb.hits", "hits").add(3);

        assertThat(registry.snapshot()).containsOnlyKeys("node1.smmu.tlb.hits");
        assertThat(registry.counter("node1.smmu.tlb.hits", "hits").value()).isEqualTo(3);
    }

    @Test
    void theSameNameGivesTheSameMetric() {
        Counter a = registry.scope("node1").counter("faults", "faults");
        Counter b = registry.scope("node1").counter("faults", "faults");
        a.increment();
        b.add(2);

        assertThat(a).isSameAs(b);
        assertThat(a.value()).isEqualTo(3);
        assertThat(registry.scope("node1.x").histogram("lat", "ns"))
                .isSameAs(registry.scope("node1").scope("x").histogram("lat", "ns"));
    }

    @Test
    void aNameCannotChangeKindOrUnit() {
        registry.counter("node1.faults", "faults");
        assertThatThrownBy(() -> registry.histogram("node1.faults", "ns"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("node1.faults");
        assertThatThrownBy(() -> registry.counter("node1.faults", "bytes"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bytes");
        assertThatThrownBy(() -> registry.gauge("node1.faults", "x", () -> 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void rejectsMalformedNamesAndDecreasingCounters() {
        for (String bad : new String[] {"", ".a", "a.", "a..b", "a b"}) {
            assertThatThrownBy(() -> registry.counter(bad, "x")).isInstanceOf(IllegalArgumentException.class);
        }
        assertThatThrownBy(() -> registry.counter("c", "x").add(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> registry.histogram("h", "ns").record(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void histogramPercentilesAreWithinThreeSignificantDigits() {
        Histogram latency = registry.scope("node1").histogram("fault.latency", "ns");
        assertThat(latency.percentile(99)).isZero();
        assertThat(latency.max()).isZero();

        for (long v = 1; v <= 100_000; v++) {
            latency.record(v * 1_000); // 1 us .. 100 ms, uniform
        }

        assertThat(latency.count()).isEqualTo(100_000);
        assertThat(latency.min()).isEqualTo(1_000);
        assertThat((double) latency.percentile(50)).isCloseTo(50_000_000, within(50_000.0));
        assertThat((double) latency.percentile(99)).isCloseTo(99_000_000, within(99_000.0));
        assertThat((double) latency.max()).isCloseTo(100_000_000, within(100_000.0));
        assertThat(latency.mean()).isCloseTo(50_000_500, within(50_000.0));
    }

    @Test
    void histogramsResizeForHugeValues() {
        Histogram h = registry.histogram("big", "ns");
        h.record(1);
        h.record(Long.MAX_VALUE / 4);
        assertThat(h.count()).isEqualTo(2);
        assertThat((double) h.max()).isCloseTo(Long.MAX_VALUE / 4.0, within(Long.MAX_VALUE / 4000.0));
    }

    @Test
    void snapshotIsSortedAndReadsGaugesNow() {
        AtomicLong depth = new AtomicLong(4);
        registry.scope("node2").gauge("queue.depth", "entries", depth::get);
        registry.counter("node1.b", "x").add(7);
        registry.histogram("node1.a", "ns").record(10);
        depth.set(9);

        var snapshot = registry.snapshot();

        assertThat(snapshot.keySet()).containsExactly("node1.a", "node1.b", "node2.queue.depth");
        assertThat(snapshot.get("node1.b")).isEqualTo(new MetricValue.CounterValue("x", 7));
        assertThat(snapshot.get("node2.queue.depth")).isEqualTo(new MetricValue.GaugeValue("entries", 9));
        assertThat(snapshot.get("node1.a")).isInstanceOfSatisfying(MetricValue.HistogramSummary.class, s -> {
            assertThat(s.count()).isEqualTo(1);
            assertThat(s.p50()).isEqualTo(10);
            assertThat(s.unit()).isEqualTo("ns");
        });
    }
}
