package org.iopf.plugin.pldma;

/**
 * Told by the PLDMA when one of its transfers pauses on a fault and when it moves again, so that
 * the R5 firmware's per-transfer state machine shows FAULTED and RETRYING.
 */
interface TransferObserver {
    /** Ignores everything. */
    TransferObserver NONE = new TransferObserver() {
        @Override
        public void faulted(WireKey key) {
        }

        @Override
        public void resumed(WireKey key) {
        }
    };

    /** A packet of the transfer faulted (here or at the remote end); the transfer is paused. */
    void faulted(WireKey key);

    /** The fault was resolved; the transfer sends again. */
    void resumed(WireKey key);
}
