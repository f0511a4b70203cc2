package org.iopf.core.mem;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seeded random gets, puts and removals over a few keys (so that most gets are answered from the
 * remembered lookups, absent keys included) read what a plain map holds.
 */
final class RecentLongMapTest {
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4})
    void everyGetReadsWhatAPlainMapHolds(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        RecentLongMap<Object> map = new RecentLongMap<>();
        Map<Long, Object> model = new HashMap<>();
        for (int step = 0; step < 5000; step++) {
            long key = random.nextInt(4);
            switch (random.nextInt(4)) {
                case 0 -> {
                    Object value = new Object();
                    map.put(key, value);
                    model.put(key, value);
                }
                case 1 -> {
                    map.remove(key);
                    model.remove(key);
                }
                default -> assertThat(map.get(key)).as("step %d key %d", step, key).isSameAs(model.get(key));
            }
        }
    }
}
