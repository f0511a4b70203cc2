package org.iopf.core.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import org.iopf.api.observe.Counter;
import org.iopf.api.sim.Time;
import org.junit.jupiter.api.Test;

final class CounterSeriesTest {
    private final AtomicLong now = new AtomicLong();
    private final MetricRegistry registry = new MetricRegistry(now::get);

    @Test
    void incrementsLandInOneMicrosecondBucketsAtFirst() {
        Counter bytes = registry.counter("workload.bytes", "bytes");
        bytes.add(10);
        now.set(Time.nanos(999));
        bytes.add(5);
        now.set(Time.micros(3) + 1);
        bytes.add(7);
        bytes.add(0);

        TimeSeries series = registry.series("workload.bytes").orElseThrow();

        assertThat(series.unit()).isEqualTo("bytes");
        assertThat(series.bucketNanos()).isEqualTo(Time.micros(1));
        assertThat(series.values()).containsExactly(15, 0, 0, 7);
        assertThat(series.startNanos(3)).isEqualTo(Time.micros(3));
        assertThat(series.total()).isEqualTo(bytes.value()).isEqualTo(22);
    }

    @Test
    void pastTheLastBucketPairsMergeAndTheWidthDoublesKeepingTheTotalExact() {
        Counter c = registry.counter("c", "x");
        long expected = 0;
        for (int i = 0; i < 1024; i++) {
            now.set(Time.micros(i));
            c.add(i + 1);
            expected += i + 1;
        }
        assertThat(registry.series("c").orElseThrow().bucketNanos()).isEqualTo(Time.micros(1));

        now.set(Time.micros(1024));
        c.add(1000);
        expected += 1000;
        TimeSeries once = registry.series("c").orElseThrow();
        assertThat(once.bucketNanos()).isEqualTo(Time.micros(2));
        assertThat(once.size()).isEqualTo(513);
        assertThat(once.value(0)).isEqualTo(1 + 2);
        assertThat(once.value(511)).isEqualTo(1023 + 1024);
        assertThat(once.value(512)).isEqualTo(1000);

        now.set(Time.millis(100)); // 100 000 us: 2 us x 2^k >= 100 000 / 1024 us -> 128 us buckets
        c.add(1);
        expected += 1;
        TimeSeries far = registry.series("c").orElseThrow();
        assertThat(far.bucketNanos()).isEqualTo(Time.micros(128));
        assertThat(far.size()).isEqualTo((int) (Time.millis(100) / Time.micros(128)) + 1);
        assertThat(far.size()).isLessThanOrEqualTo(1024);
        assertThat(far.total()).isEqualTo(c.value()).isEqualTo(expected);
        assertThat(Arrays.stream(far.values()).sum()).isEqualTo(expected);
        assertThat(far.value(0)).isEqualTo(Arrays.stream(once.values()).limit(64).sum());
    }

    @Test
    void onlyCountersOfARegistryWithAClockHaveASeries() {
        registry.histogram("h", "ns").record(4);
        registry.gauge("g", "x", () -> 1);
        MetricRegistry clockless = new MetricRegistry();
        clockless.counter("c", "x").add(1);

        assertThat(registry.series("h")).isEmpty();
        assertThat(registry.series("g")).isEmpty();
        assertThat(registry.series("missing")).isEmpty();
        assertThat(clockless.series("c")).isEmpty();
    }

    @Test
    void seriesAreValues() {
        assertThat(new TimeSeries("b", 5, new long[] {1, 2})).isEqualTo(new TimeSeries("b", 5, new long[] {1, 2}))
                .hasSameHashCodeAs(new TimeSeries("b", 5, new long[] {1, 2}))
                .isNotEqualTo(new TimeSeries("b", 10, new long[] {1, 2}));
    }
}
