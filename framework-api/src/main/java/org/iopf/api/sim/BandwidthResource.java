package org.iopf.api.sim;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * A resource that serializes bytes at a rate: a link, a PCIe port, a memory controller, a DMA
 * engine's data path. Requests are served first come, first served; each occupies the resource for
 * {@code rate.nanosFor(bytes)} after the previous one ends.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface BandwidthResource {
    /** The resource's name, unique within its node (for metrics: {@code node1.pcie}). */
    String name();

    /** The rate at which it moves bytes. */
    DataRate rate();

    /**
     * Queues a transfer of {@code bytes} and fires {@code onDone} when its last byte has been
     * moved.
     *
     * @param bytes bytes to move, {@code >= 0}
     * @param onDone fired at the completion time, may be null for a fire-and-forget reservation
     * @return the absolute completion time in ns
     */
    long transfer(long bytes, Event onDone);

    /** The time at which the resource becomes idle if nothing else is queued (ns, absolute). */
    long busyUntil();

    /** Total bytes moved or queued so far. */
    long bytesTransferred();

    /** Total busy time so far in ns (queued work counts up to its completion time). */
    long busyNanos();

    /**
     * Fraction of the time since the start of the run during which the resource was busy, in
     * [0, 1]; queued work that has not yet been served counts only up to now.
     */
    double utilisation();
}
