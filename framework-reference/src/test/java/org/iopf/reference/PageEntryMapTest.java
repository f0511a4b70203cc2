package org.iopf.reference;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

final class PageEntryMapTest {
    /** Property: after any mix of puts and removes (clustered keys, growth), it answers as a HashMap does. */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4})
    void answersAsAHashMapDoes(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        PageEntryMap map = new PageEntryMap();
        Map<Long, Long> reference = new HashMap<>();
        for (int step = 0; step < 20_000; step++) {
            long page = random.nextInt(3000) + (random.nextBoolean() ? 0 : 1L << 40);
            if (random.nextInt(3) == 0) {
                map.remove(page);
                reference.remove(page);
            } else {
                long value = random.nextLong(1L << 50);
                map.put(page, value);
                reference.put(page, value);
            }
            long probe = random.nextInt(3000) + (random.nextBoolean() ? 0 : 1L << 40);
            assertThat(map.get(probe)).isEqualTo(reference.getOrDefault(probe, -1L));
        }
        assertThat(map.size()).isEqualTo(reference.size());
        for (Map.Entry<Long, Long> e : reference.entrySet()) {
            assertThat(map.get(e.getKey())).isEqualTo(e.getValue());
        }
    }
}
