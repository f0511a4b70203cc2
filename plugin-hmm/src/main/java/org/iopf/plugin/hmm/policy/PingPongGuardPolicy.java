package org.iopf.plugin.hmm.policy;

import java.util.TreeMap;
import org.iopf.api.hmm.MigrationPolicy;
import org.iopf.api.mem.AddressRange;

/**
 * Detects ping-pong from per-range access history (seed 003: "the driver can track such accesses
 * when it runs long enough, and then not migrate the page to the device when the CPU accesses
 * it"). Each tracking granule of each process remembers whether it is on the device since its last
 * CPU fault-back; a fault-back on a granule that was migrated since is one round trip. Once a
 * granule has made {@code threshold} round trips it is never migrated again: the device reaches it
 * over PCIe instead.
 */
final class PingPongGuardPolicy implements MigrationPolicy {
    /** What the policy remembers of one granule. */
    private static final class History {
        boolean migratedSinceFaultBack;
        int roundTrips;
    }

    private final long granularity;
    private final int threshold;
    private final TreeMap<Integer, TreeMap<Long, History>> byProcess = new TreeMap<>();
    private long blocked;

    PingPongGuardPolicy(long granularity, int threshold) {
        this.granularity = granularity;
        this.threshold = threshold;
    }

    @Override
    public boolean shouldMigrate(int pid, AddressRange range, long nowNanos) {
        History h = history(pid, range.start(), false);
        return h == null || h.roundTrips < threshold;
    }

    @Override
    public void migrated(int pid, AddressRange range, long nowNanos) {
        for (long g = granule(range.start()); g < range.end(); g += granularity) {
            history(pid, g, true).migratedSinceFaultBack = true;
        }
    }

    @Override
    public void faultedBack(int pid, long va, long nowNanos) {
        History h = history(pid, va, true);
        if (h.migratedSinceFaultBack) {
            h.migratedSinceFaultBack = false;
            if (++h.roundTrips == threshold) {
                blocked++;
            }
        }
    }

    @Override
    public long blockedRanges() {
        return blocked;
    }

    private long granule(long va) {
        return va - Math.floorMod(va, granularity);
    }

    private History history(int pid, long va, boolean create) {
        TreeMap<Long, History> granules = byProcess.get(pid);
        if (granules == null) {
            if (!create) {
                return null;
            }
            granules = new TreeMap<>();
            byProcess.put(pid, granules);
        }
        long key = granule(va);
        History h = granules.get(key);
        if (h == null && create) {
            h = new History();
            granules.put(key, h);
        }
        return h;
    }
}
