package org.iopf.plugin.dmaplane;

/**
 * What one access to a range costs in the memory-system model.
 *
 * @param cpuNanos time the accessing core is busy (copy work plus stalls on line fills)
 * @param dramBytes bytes filled from DRAM, per NUMA node
 * @param remoteBytes of those, bytes that crossed the socket interconnect
 * @param hitBytes bytes served by the last-level cache
 */
record MemoryAccessCost(long cpuNanos, long[] dramBytes, long remoteBytes, long hitBytes) {
    MemoryAccessCost {
        dramBytes = dramBytes.clone();
        if (cpuNanos < 0 || remoteBytes < 0 || hitBytes < 0) {
            throw new IllegalArgumentException("costs must be >= 0");
        }
    }

    @Override
    public long[] dramBytes() {
        return dramBytes.clone();
    }
}
