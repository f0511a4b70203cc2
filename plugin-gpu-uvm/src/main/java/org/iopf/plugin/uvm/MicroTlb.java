package org.iopf.plugin.uvm;

import java.util.HashSet;
import java.util.Set;

/**
 * One SM's µTLB as far as faults go: the 4 KiB pages it has an outstanding fault for, at most
 * {@code limit} of them. A miss on a page it already has a fault for waits on that fault (the µTLB
 * coalesces it); a miss beyond the limit raises nothing and waits for the next replay. A replay
 * clears the outstanding faults: every waiting access is re-issued.
 */
final class MicroTlb {
    /** What a miss does. */
    enum Miss {
        /** A new fault was recorded for the page. */
        NEW_FAULT,
        /** The page already has an outstanding fault here. */
        COALESCED,
        /** The µTLB has {@code limit} outstanding faults: nothing is recorded. */
        THROTTLED
    }

    private final int limit;
    private final Set<Long> outstanding = new HashSet<>();

    MicroTlb(int limit) {
        this.limit = limit;
    }

    Miss miss(long page) {
        if (outstanding.contains(page)) {
            return Miss.COALESCED;
        }
        if (outstanding.size() >= limit) {
            return Miss.THROTTLED;
        }
        outstanding.add(page);
        return Miss.NEW_FAULT;
    }

    void replay() {
        outstanding.clear();
    }

    int outstanding() {
        return outstanding.size();
    }
}
