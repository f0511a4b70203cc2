package org.iopf.benchmarks;

import java.util.SplittableRandom;

/**
 * Pre-generated exponential delays for the hold model, from a fixed seed, so that every
 * implementation draws the same delays and the random-number cost is one array read.
 */
final class HoldDelays {
    /** Number of delays; a power of two so that the index wraps with a mask. */
    static final int COUNT = 1 << 20;
    static final int MASK = COUNT - 1;
    /** Mean delay in ns. */
    static final double MEAN_NANOS = 1_000.0;
    /** Events measured per benchmark invocation. */
    static final int BATCH = 100_000;

    private static final long[] NANOS = generate();

    private HoldDelays() {
    }

    /** The delays in ns, as longs (for the kernels with integer time). */
    static long[] nanos() {
        return NANOS.clone();
    }

    /** The same delays in ns, as doubles (for SSJ's double time). */
    static double[] nanosAsDoubles() {
        double[] result = new double[COUNT];
        for (int i = 0; i < COUNT; i++) {
            result[i] = NANOS[i];
        }
        return result;
    }

    private static long[] generate() {
        SplittableRandom random = new SplittableRandom(0x5EED_10FFL);
        long[] result = new long[COUNT];
        for (int i = 0; i < COUNT; i++) {
            result[i] = Math.round(-MEAN_NANOS * Math.log(1.0 - random.nextDouble()));
        }
        return result;
    }
}
