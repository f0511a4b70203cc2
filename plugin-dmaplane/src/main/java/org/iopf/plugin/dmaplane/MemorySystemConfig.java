package org.iopf.plugin.dmaplane;

import java.util.Objects;
import org.iopf.api.sim.DataRate;

/**
 * Settings of the memory-system model (seed 004 §3, E5).
 *
 * @param llcBytes last-level cache capacity, {@code > 0}
 * @param llcWays its associativity (frames per set), {@code > 0}
 * @param cacheBandwidth one thread's streaming rate on cache hits
 * @param dramLatencyNanos local line-fill latency
 * @param parallelism line fills in flight per core, {@code > 0}
 * @param controllerBandwidth memory-controller rate per NUMA node
 * @param interconnectBandwidth rate of the link remote fills cross
 */
record MemorySystemConfig(long llcBytes, int llcWays, DataRate cacheBandwidth, long dramLatencyNanos, int parallelism,
        DataRate controllerBandwidth, DataRate interconnectBandwidth) {
    MemorySystemConfig {
        Objects.requireNonNull(cacheBandwidth, "cacheBandwidth is null");
        Objects.requireNonNull(controllerBandwidth, "controllerBandwidth is null");
        Objects.requireNonNull(interconnectBandwidth, "interconnectBandwidth is null");
    }
}
