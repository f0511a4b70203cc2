package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * Contents captured from memory for moving elsewhere: what a DMA read or a packet carries. In
 * {@link ContentMode#BYTES} it holds the bytes; in {@link ContentMode#FINGERPRINT} an exact
 * description of them. Either way, writing it back reproduces the source contents exactly.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface Payload {
    /** Number of bytes the payload stands for. */
    long length();

    /**
     * A 64-bit fingerprint of the contents: equal contents described alike (bytes, or runs of the
     * same generated content) give equal fingerprints in both modes. Equal bytes described differently (generated content and a literal copy of its bytes) may
     * fingerprint differently; {@link PhysicalMemory#holds} compares exactly.
     */
    long fingerprint();

    /** The payload restricted to {@code [offset, offset+length)} of itself. */
    Payload slice(long offset, long length);

    /**
     * The bytes, materialized from the description where the payload holds one (fingerprint mode).
     *
     * @throws UnsupportedOperationException if the payload is longer than an array can hold
     */
    byte[] bytes();

    /**
     * No content, length 0: what a control packet (an ACK, a NAK, a credit update) carries, so that a
     * packet's payload is never null. Every memory writes it as nothing.
     *
     * @return the one empty payload
     * @since 0.2
     */
    @API(status = EXPERIMENTAL, since = "0.2")
    static Payload empty() {
        return EmptyPayload.INSTANCE;
    }
}
