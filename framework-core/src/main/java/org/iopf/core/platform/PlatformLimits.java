package org.iopf.core.platform;

import org.iopf.api.platform.Units;
import org.iopf.api.sim.DataRate;

/**
 * The bounds of a platform's own quantities, the counterpart of the ranges component parameters
 * declare: stated bounds that keep validation and a run finite and their memory bounded (a node of
 * 10^9 cores, 10^4 NUMA nodes or 1 EiB of memory is refused, not built). The records enforce
 * them ({@link PlatformSpec}, {@link NodeSpec}, {@link MemorySpec}); the platform file reader
 * checks them first, at the value's line.
 */
public final class PlatformLimits {
    /** Nodes in a platform, at most. */
    public static final int MAX_NODES = 256;
    /** CPU cores of a node, over all its clusters, at most (a large server has 512 threads). */
    public static final int MAX_CORES = 1024;
    /** NUMA nodes of a node, at most (an 8-socket server in NPS4 has 32). */
    public static final int MAX_NUMA_NODES = 64;
    /** The largest NUMA node, as written. */
    public static final String MAX_NUMA_NODE_SIZE = "64TiB";
    /** The longest fabric latency and memory-manager fault cost, as written. */
    public static final String MAX_LATENCY = "1s";
    /** The slowest fabric link, as written. */
    public static final String MIN_LINK_RATE = "1Mbps";
    /** The fastest fabric link, as written. */
    public static final String MAX_LINK_RATE = "10Tbps";
    /**
     * The most memory a node's buffers may keep resident beyond its own memory (what would live in
     * swap), as written: each swapped-out page is a slot in the simulation's heap (about 700 B
     * today), so 16 GiB of it is about 3 GB of heap.
     */
    public static final String MAX_SWAPPED_OUT = "16GiB";

    private PlatformLimits() {
    }

    /** {@link #MAX_NUMA_NODE_SIZE} in bytes. */
    public static long maxNumaNodeBytes() {
        return Units.parseBytes(MAX_NUMA_NODE_SIZE);
    }

    /** {@link #MAX_SWAPPED_OUT} in bytes. */
    public static long maxSwappedOutBytes() {
        return Units.parseBytes(MAX_SWAPPED_OUT);
    }

    /** {@link #MAX_LATENCY} in nanoseconds. */
    public static long maxLatencyNanos() {
        return Units.parseDuration(MAX_LATENCY);
    }

    /** Whether {@code rate} is within {@link #MIN_LINK_RATE}..{@link #MAX_LINK_RATE}. */
    public static boolean isLinkRate(DataRate rate) {
        return rate.bytesPerSecond() >= Units.parseRate(MIN_LINK_RATE).bytesPerSecond()
                && rate.bytesPerSecond() <= Units.parseRate(MAX_LINK_RATE).bytesPerSecond();
    }

    /** Throws unless {@code 0 <= nanos <=} {@link #MAX_LATENCY}. */
    static void requireLatency(String what, long nanos) {
        if (nanos < 0 || nanos > maxLatencyNanos()) {
            throw new IllegalArgumentException(what + " must be within 0ns.." + MAX_LATENCY + ": " + nanos + " ns");
        }
    }
}
