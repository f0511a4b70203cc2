package org.iopf.core.run;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;

/**
 * The peak heap use of a run, from the JVM's memory pools: {@link #reset()} at the start of the
 * run clears every heap pool's peak, {@link #read()} at its end sums the pools' peaks (an upper
 * bound of the heap in use at any one moment, since pools peak at different times).
 */
final class HeapPeak {
    private HeapPeak() {
    }

    /** Starts measuring: resets the peak of every heap pool to its current use. */
    static void reset() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.isValid()) {
                pool.resetPeakUsage();
            }
        }
    }

    /** The sum of the heap pools' peak use since {@link #reset()}, bytes. */
    static long read() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.isValid() && pool.getPeakUsage() != null) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum;
    }
}
