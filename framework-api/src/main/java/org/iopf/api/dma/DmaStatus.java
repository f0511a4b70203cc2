package org.iopf.api.dma;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * How a DMA transfer ended.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public enum DmaStatus {
    /** Every byte arrived. */
    OK,
    /** A fault on the transfer was terminated by the fault handler. */
    FAULT_TERMINATED,
    /** The transfer timed out more often than the retry limit allows. */
    TIMEOUT,
    /** The buffer was revoked while the transfer was in flight. */
    REVOKED,
    /** Any other error (bad descriptor, engine reset). */
    ERROR
}
