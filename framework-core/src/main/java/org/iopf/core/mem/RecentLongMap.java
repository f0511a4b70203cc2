package org.iopf.core.mem;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;

/**
 * A map from non-negative {@code long} keys to objects that remembers the answers of its last two
 * lookups, absent keys included, and keeps them true through its own changes. The memory model
 * keeps one object per 2 MiB region in such maps (content chunks, page-table regions): walks go
 * region after region, and a copy goes back and forth between its source's and its destination's,
 * so most lookups skip the hash.
 *
 * @param <V> the values; null means absent
 */
final class RecentLongMap<V> {
    private static final long NONE = -1;

    private final Long2ObjectOpenHashMap<V> map = new Long2ObjectOpenHashMap<>();
    private long lastKey = NONE;
    private V last;
    private long otherKey = NONE;
    private V other;

    /** The value of {@code key}, or null. */
    V get(long key) {
        if (key != lastKey) {
            V v = key == otherKey ? other : map.get(key);
            otherKey = lastKey;
            other = last;
            lastKey = key;
            last = v;
        }
        return last;
    }

    /** Makes {@code value} (not null) the value of {@code key}. */
    void put(long key, V value) {
        map.put(key, value);
        remember(key, value);
    }

    /** Removes {@code key}'s value, if any. */
    void remove(long key) {
        map.remove(key);
        remember(key, null);
    }

    private void remember(long key, V value) {
        if (key == lastKey) {
            last = value;
        } else if (key == otherKey) {
            other = value;
        }
    }
}
