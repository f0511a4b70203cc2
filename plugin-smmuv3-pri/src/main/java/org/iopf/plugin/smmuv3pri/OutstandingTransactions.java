package org.iopf.plugin.smmuv3pri;

import java.util.ArrayDeque;
import java.util.PriorityQueue;

/**
 * The translation buffer unit's limit on outstanding transactions (an MMU-500-class TBU holds at
 * most 128): a transaction occupies a slot from its arrival until its translation is answered, and
 * a stalled one until CMD_RESUME. A transaction that finds every slot taken waits for the first
 * translation in progress to finish; if every slot holds a stalled transaction it is held itself
 * (back-pressure), and is told to retry when a stall is resumed.
 */
final class OutstandingTransactions {
    private final int capacity;
    private final PriorityQueue<Long> inFlightUntil = new PriorityQueue<>();
    private final ArrayDeque<Runnable> held = new ArrayDeque<>();
    private int stalled;

    OutstandingTransactions(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        }
        this.capacity = capacity;
    }

    /**
     * Admits a transaction arriving at {@code now}.
     *
     * @return the time it waits for a slot, or -1 if every slot holds a stalled transaction
     */
    long admit(long now) {
        while (!inFlightUntil.isEmpty() && inFlightUntil.peek() <= now) {
            inFlightUntil.poll();
        }
        if (inFlightUntil.size() + stalled < capacity) {
            return 0;
        }
        if (inFlightUntil.isEmpty()) {
            return -1;
        }
        return inFlightUntil.poll() - now;
    }

    /** The admitted transaction's translation is answered at {@code at}. */
    void answeredAt(long at) {
        inFlightUntil.add(at);
    }

    /** The admitted transaction stalled: it keeps its slot until {@link #resumed}. */
    void stalled() {
        stalled++;
    }

    /** A transaction held for want of a slot; {@code retry} runs when a stall is resumed. */
    void hold(Runnable retry) {
        held.add(retry);
    }

    /** CMD_RESUME freed a stalled transaction's slot: the oldest held transaction is told to retry. */
    void resumed() {
        if (stalled > 0) {
            stalled--;
        }
        Runnable next = held.poll();
        if (next != null) {
            next.run();
        }
    }

    int occupied(long now) {
        int inFlight = 0;
        for (long until : inFlightUntil) {
            if (until > now) {
                inFlight++;
            }
        }
        return inFlight + stalled;
    }

    int heldCount() {
        return held.size();
    }
}
