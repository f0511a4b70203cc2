package org.iopf.plugin.zynqsmmu;

import static org.iopf.plugin.zynqsmmu.SmmuRegisters.SCTLR_HUPCF;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.iopf.api.fault.FaultResolution;
import org.iopf.api.platform.ComponentContext;

/**
 * The transactions an SMMU keeps waiting: per context bank the stalled ones (a fault in stall mode,
 * waiting for a RESUME), and the held ones (behind a stalled fault: in the same bank without
 * SCTLR.HUPCF, or in any bank with {@code pipelining} off), which hear RETRY once nothing holds them.
 */
final class StallQueues {
    private final ComponentContext context;
    private final ContextBank[] banks;
    private final boolean pipelining;
    private final List<ArrayDeque<StalledTransaction>> stalled = new ArrayList<>();
    private final ArrayDeque<StalledTransaction> held = new ArrayDeque<>();
    private boolean releaseScheduled;

    StallQueues(ComponentContext context, ContextBank[] banks, boolean pipelining) {
        this.context = context;
        this.banks = banks;
        this.pipelining = pipelining;
        for (int i = 0; i < banks.length; i++) {
            stalled.add(new ArrayDeque<>());
        }
    }

    /** Whether a new transaction of {@code bank} must wait behind a stalled one. */
    boolean mustHold(int bank) {
        return !stalled.get(bank).isEmpty() && (banks[bank].sctlr & SCTLR_HUPCF) == 0
                || !pipelining && anyStalled();
    }

    private boolean anyStalled() {
        for (ArrayDeque<StalledTransaction> q : stalled) {
            if (!q.isEmpty()) {
                return true;
            }
        }
        return false;
    }

    void stall(StalledTransaction t) {
        stalled.get(t.bank()).addLast(t);
        trace();
    }

    void hold(StalledTransaction t) {
        held.addLast(t);
    }

    /** The oldest stalled transaction of {@code bank} (the one a RESUME answers), or null. */
    StalledTransaction head(int bank) {
        return stalled.get(bank).peekFirst();
    }

    /** Takes a resumed transaction off its bank's queue; returns whether the bank has none left. */
    boolean remove(StalledTransaction t) {
        ArrayDeque<StalledTransaction> queue = stalled.get(t.bank());
        queue.remove(t);
        return queue.isEmpty();
    }

    /** Transactions of {@code bank} stalled and waiting for a RESUME. */
    int stalledIn(int bank) {
        return stalled.get(bank).size();
    }

    /** The {@code stalled} counter track: transactions waiting for a RESUME, over every bank. */
    void trace() {
        if (context.tracer().enabled()) {
            long n = 0;
            for (ArrayDeque<StalledTransaction> q : stalled) {
                n += q.size();
            }
            context.tracer().counter(context.path(), "stalled", n);
        }
    }

    /** In a later event at the same time, lets every held transaction that nothing holds any more go on (RETRY). */
    void scheduleRelease() {
        if (held.isEmpty() || releaseScheduled) {
            return;
        }
        releaseScheduled = true;
        context.scheduler().schedule(0, () -> {
            releaseScheduled = false;
            int n = held.size();
            for (int i = 0; i < n; i++) {
                StalledTransaction t = held.pollFirst();
                if (mustHold(t.bank())) {
                    held.addLast(t);
                } else {
                    t.end(FaultResolution.RETRY, context.scheduler().now());
                }
            }
        });
    }
}
