package org.iopf.testkit;

import java.util.List;

/**
 * One message on its way from node {@code node1} to node {@code node2} through a NIC's own transfer
 * path, as {@link NicContract#transfer} starts it: what the receiving side has reported so far, and
 * the receiving process's memory where the message lands. {@link NicContract} runs the bench and
 * then judges the transfer from this handle alone: the deliveries cover the message once, in order,
 * and the destination holds the message's bytes, or an error was reported; the surroundings of the
 * destination are as they were before.
 *
 * <p>A verbs NIC gets a transfer for free (a SEND into a posted receive); a NIC without verbs
 * implements this interface over its own path (a stream, a ring) in its contract test.
 *
 * @since 0.1
 */
public interface NicTransfer {
    /**
     * A stretch of the message the receiving side reported as handed to the application.
     *
     * @param offset the stretch's first byte within the message, {@code >= 0}
     * @param length its length in bytes, {@code > 0}
     * @since 0.1
     */
    record Delivery(long offset, long length) {
        /** Checks arguments. */
        public Delivery {
            if (offset < 0 || length <= 0) {
                throw new IllegalArgumentException("need offset >= 0 and length > 0: " + offset + ", " + length);
            }
        }
    }

    /**
     * The deliveries reported so far, in the order they were reported. A stretch reported twice is
     * reported twice here: the contract fails on it.
     */
    List<Delivery> deliveries();

    /**
     * The errors the transfer path reported so far (an error completion's status, a reset), in the
     * order they were reported; empty while there is none.
     */
    List<String> errors();

    /**
     * The receiving process's bytes at the destination now: as many bytes as the message has, from
     * the address its first byte lands at. Called after the run.
     */
    byte[] received();

    /**
     * The receiving process's bytes around the destination now (a guard region before and after it
     * that the transfer must not touch). Called once before anything runs and once after the run,
     * and the two must be equal; reading them must not change what the transfer does (read only
     * pages that the transfer does not use).
     */
    byte[] surroundings();
}
