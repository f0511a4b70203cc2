package org.iopf.api.fault;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * The fault-handler role: receives the node's faults, resolves them through the OS memory manager,
 * updates translations, and resumes or terminates each one. A handler models its own latency
 * (interrupt, bottom half, user-space help) by spending time on CPU cores.
 *
 * <p>Contract: every fault handed to {@link #handle} ends with exactly one call of
 * {@link PageFault#retry()} or {@link PageFault#terminate()}, some time later; non-recoverable
 * kinds are terminated.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface FaultHandler {
    /** Takes responsibility for one fault. Called by the node, never re-entrantly. */
    void handle(PageFault fault);

    /** Faults handled so far that ended in a retry. */
    long resolved();

    /** Faults handled so far that ended in termination. */
    long terminated();
}
