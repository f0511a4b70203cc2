package org.iopf.plugin.dmaplane;

/** Receives the data a peer wrote with WRITE WITH IMMEDIATE, as its receive completions are polled. */
@FunctionalInterface
interface RdmaReceiver {
    /**
     * One WRITE WITH IMMEDIATE has landed.
     *
     * @param immediate its immediate (31 bits)
     * @param length bytes written
     */
    void received(int immediate, long length);
}
