package org.iopf.api.nic;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A ready-made {@link CompletionQueue} of fixed capacity for NIC implementations: the NIC
 * {@link #add adds} completions, the consumer polls them. A completion that finds the queue full is
 * not stored and is counted as an overflow; the NIC decides what that means (a real HCA moves the
 * queue pair to the error state). The listener is called when the queue goes from empty to
 * non-empty.
 *
 * <p>Not thread-safe; a simulation runs on one thread.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public final class BoundedCompletionQueue implements CompletionQueue {
    private final int capacity;
    private final ArrayDeque<WorkCompletion> entries = new ArrayDeque<>();
    private Runnable listener;
    private long overflows;

    /**
     * Creates an empty queue.
     *
     * @param capacity the most completions it holds, {@code > 0}
     */
    public BoundedCompletionQueue(int capacity) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("capacity must be > 0: " + capacity);
        }
        this.capacity = capacity;
    }

    /**
     * Adds a completion.
     *
     * @param completion the completion, not null
     * @return {@code false} if the queue was full: the completion is dropped and an overflow counted
     */
    public boolean add(WorkCompletion completion) {
        Objects.requireNonNull(completion, "completion is null");
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
