package org.iopf.core.sim;

import static java.util.Objects.requireNonNull;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.iopf.api.sim.RandomStreams;

/**
 * Random streams split from the run's seed by path. The stream for a path is a
 * {@link SplittableRandom} (a fixed algorithm, SplitMix64) seeded from the run seed and a stable
 * 64-bit hash of the path's UTF-8 bytes (FNV-1a, then the SplitMix64 finalizer), so a stream
 * depends only on the seed and its own path: adding a component never changes the numbers another
 * one sees, and a run is reproducible across JVMs.
 *
 * @since 0.1
 */
public final class SplitRandomStreams implements RandomStreams {
    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;
    private static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;

    private final long seed;

    /**
     * Creates the streams of a run.
     *
     * @param seed the run's seed, any value
     */
    public SplitRandomStreams(long seed) {
        this.seed = seed;
    }

    @Override
    public long seed() {
        return seed;
    }

    /**
     * {@inheritDoc}
     *
     * @param path the component's path ({@code node1/nic0}), not null
     * @return a new generator at the start of the path's stream, never null
     */
    @Override
    public RandomGenerator stream(String path) {
        requireNonNull(path, "path is null");
        return new SplittableRandom(streamSeed(seed, path));
    }

    /** The seed of the stream for {@code path} under run seed {@code seed}. */
    static long streamSeed(long seed, String path) {
        return mix64(mix64(seed) + GOLDEN_GAMMA * mix64(fnv1a(path.getBytes(StandardCharsets.UTF_8))));
    }

    private static long fnv1a(byte[] bytes) {
        long hash = FNV_OFFSET;
        for (byte b : bytes) {
            hash = (hash ^ (b & 0xff)) * FNV_PRIME;
        }
        return hash;
    }

    /** The SplitMix64 finalizer (Stafford's variant 13). */
    private static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
