package org.iopf.plugin.pldma;

/**
 * The R5 firmware's state of one 16 KiB block (seed 000 §3.1: the firmware manages the transfer
 * state machine and controls retransmission).
 *
 * @since 0.1
 */
public enum BlockState {
    /** Waiting for the PLDMA to have room. */
    QUEUED,
    /** Programmed into the PLDMA and moving. */
    ACTIVE,
    /** Paused by a page fault (here or at the destination). */
    FAULTED,
    /** Moving again after a fault was resolved, or submitted again after a timeout. */
    RETRYING,
    /** Every byte arrived. */
    DONE,
    /** Ended without arriving: a terminated fault, or the retry limit reached. */
    FAILED
}
