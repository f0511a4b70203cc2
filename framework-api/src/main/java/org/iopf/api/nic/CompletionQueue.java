package org.iopf.api.nic;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.List;
import org.apiguardian.api.API;

/**
 * A completion queue of fixed capacity. A completion that finds the queue full is an overflow: it
 * is counted and the queue's pairs go to the error state, as on real hardware.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface CompletionQueue {
    /** Entries the queue holds at most. */
    int capacity();

    /** Entries waiting to be polled. */
    int size();

    /** Removes and returns up to {@code max} entries, oldest first. */
    List<WorkCompletion> poll(int max);

    /**
     * Sets the listener called (in the event that adds an entry) whenever the queue goes from
     * empty to non-empty: the completion-channel notification. Null removes it.
     */
    void setListener(Runnable onNotEmpty);

    /** Completions lost because the queue was full. */
    long overflows();
}
