package org.iopf.plugin.pldma;

import org.iopf.api.dma.DmaStatus;
import org.iopf.api.fault.FaultRecord;

/**
 * What an {@link OutboundTransfer} tells the engine that carries it: the engine gives it turns on
 * the port, counts and traces its faults, resumes and retransmissions, and completes it. The only
 * way a transfer reaches back into its engine.
 */
interface TransferEvents {
    /** A transfer that holds a channel is activating: whether it sticks (A11 fault injection). */
    boolean sticksOnActivation();

    /** A packet of {@code transfer} is prepared: give it a turn on the port. */
    void ready(OutboundTransfer transfer);

    /** A source translation of {@code transfer} faulted here; the transfer is paused. */
    void sourceFaulted(OutboundTransfer transfer, FaultRecord fault);

    /** The receiver's destination faulted (NACK FAULT); the transfer is paused. */
    void destinationFaulted(OutboundTransfer transfer);

    /** The fault that paused {@code transfer} was resolved ({@code faultId} 0 for a remote one). */
    void resumed(OutboundTransfer transfer, long faultId);

    /** A packet was sent again. */
    void retransmitted();

    /** {@code transfer}'s retransmission timer expired. */
    void timedOut(OutboundTransfer transfer);

    /** {@code transfer} ended by itself (OK or failed). */
    void finished(OutboundTransfer transfer, DmaStatus status);
}
