package org.iopf.plugin.infinibandnpf;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.iopf.api.nic.CompletionQueue;
import org.iopf.api.nic.WorkCompletion;

/** A fixed-capacity completion queue of the HCA; a completion that finds it full is an overflow. */
final class HcaCompletionQueue implements CompletionQueue {
    private final int capacity;
    private final ArrayDeque<WorkCompletion> entries = new ArrayDeque<>();
    private Runnable listener;
    private long overflows;

    HcaCompletionQueue(int capacity) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("capacity must be > 0: " + capacity);
        }
        this.capacity = capacity;
    }

    /** Adds a completion; false (and an overflow counted) when full. */
    boolean add(WorkCompletion completion) {
        if (entries.size() >= capacity) {
            overflows++;
            return false;
        }
        boolean wasEmpty = entries.isEmpty();
        entries.addLast(completion);
        if (wasEmpty && listener != null) {
            listener.run();
        }
        return true;
    }

    @Override
    public int capacity() {
        return capacity;
    }

    @Override
    public int size() {
        return entries.size();
    }

    @Override
    public List<WorkCompletion> poll(int max) {
        List<WorkCompletion> out = new ArrayList<>(Math.min(max, entries.size()));
        while (out.size() < max && !entries.isEmpty()) {
            out.add(entries.pollFirst());
        }
        return out;
    }

    @Override
    public void setListener(Runnable onNotEmpty) {
        this.listener = onNotEmpty;
    }

    @Override
    public long overflows() {
        return overflows;
    }
}
