package org.iopf.plugin.pldma;

import java.util.Objects;

/**
 * The headers of the packets two PLDMA engines exchange over the fabric: MTU data packets, their
 * per-packet ACK/NACK, the RESUME that restarts a transfer paused by a fault at the receiver, and
 * the request that starts a remote read.
 */
sealed interface PldmaHeader {
    /** The transfer the packet belongs to. */
    WireKey key();

    /** Why a receiver refused a packet. */
    enum NackReason {
        /** A packet is missing before this one (loss): retransmit from the given PSN at once. */
        SEQUENCE,
        /** The destination address faulted: pause until RESUME. */
        FAULT,
        /** The transfer cannot complete (a fault was terminated): fail it. */
        FATAL
    }

    /**
     * One MTU of data.
     *
     * @param key the transfer
     * @param stream the stream the receiver translates the destination with
     * @param psn the packet's sequence number within the transfer, from 0
     * @param packets packets in the whole transfer
     * @param destination the destination I/O virtual address of this packet's first byte
     */
    record Data(WireKey key, int stream, int psn, int packets, long destination) implements PldmaHeader {
        public Data {
            Objects.requireNonNull(key, "key is null");
            if (psn < 0 || psn >= packets) {
                throw new IllegalArgumentException("psn " + psn + " outside [0, " + packets + ")");
            }
        }
    }

    /**
     * Cumulative acknowledgement: every packet before {@code received} has been written.
     *
     * @param key the transfer
     * @param received packets received in order
     */
    record Ack(WireKey key, int received) implements PldmaHeader {
    }

    /**
     * Negative acknowledgement.
     *
     * @param key the transfer
     * @param psn the first packet the receiver still needs
     * @param reason why
     */
    record Nack(WireKey key, int psn, NackReason reason) implements PldmaHeader {
    }

    /**
     * The receiver's fault on this transfer was resolved: send again from {@code psn}.
     *
     * @param key the transfer
     * @param psn the first packet the receiver still needs
     */
    record Resume(WireKey key, int psn) implements PldmaHeader {
    }

    /**
     * Asks the remote PLDMA to push {@code length} bytes from its {@code source} to the requester's
     * {@code destination} (an RDMA READ).
     *
     * @param key the transfer, allocated by the requester
     * @param stream the stream both sides translate with
     * @param source source I/O virtual address on the responder
     * @param destination destination I/O virtual address on the requester
     * @param length bytes
     */
    record ReadRequest(WireKey key, int stream, long source, long destination, long length) implements PldmaHeader {
    }
}
