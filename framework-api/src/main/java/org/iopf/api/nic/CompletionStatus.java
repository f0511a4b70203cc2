package org.iopf.api.nic;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * The status of a work completion (after ibv_wc_status).
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public enum CompletionStatus {
    /** The operation completed. */
    SUCCESS,
    /** The local buffer is outside its memory region or the key is wrong. */
    LOCAL_PROTECTION_ERROR,
    /** An incoming SEND is longer than the receive buffer posted for it. */
    LOCAL_LENGTH_ERROR,
    /** The remote side refused the access (bad rkey, range or permission). */
    REMOTE_ACCESS_ERROR,
    /** The receiver was not ready more often than {@code rnr_retry} allows. */
    RNR_RETRY_EXCEEDED,
    /** No acknowledgement within the timeout more often than {@code retry_cnt} allows. */
    TRANSPORT_RETRY_EXCEEDED,
    /** Flushed because the queue pair went to the error state. */
    WORK_REQUEST_FLUSHED,
    /** A page fault on the local side could not be resolved. */
    LOCAL_FAULT_ERROR
}
