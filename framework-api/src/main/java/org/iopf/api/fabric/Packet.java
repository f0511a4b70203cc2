package org.iopf.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.Objects;
import org.apiguardian.api.API;
import org.iopf.api.mem.Payload;

/**
 * A packet on the fabric. The header is the sending protocol's own object (a PSN, an opcode); the
 * payload is real content captured from memory, {@link Payload#empty()} for a control packet (an
 * ACK); it is never null ({@code null} given to the constructor is taken as empty, as API 0.1 plugins
 * pass it).
 *
 * @param source where it comes from
 * @param destination where it goes
 * @param headerBytes bytes of headers on the wire, {@code >= 0}
 * @param header the protocol's header object, not null
 * @param payload the contents, {@link Payload#empty()} for none
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record Packet(Endpoint source, Endpoint destination, int headerBytes, Object header, Payload payload) {
    /** Checks arguments. */
    public Packet {
        Objects.requireNonNull(source, "source is null");
        Objects.requireNonNull(destination, "destination is null");
        Objects.requireNonNull(header, "header is null");
        if (headerBytes < 0) {
            throw new IllegalArgumentException("headerBytes must be >= 0: " + headerBytes);
        }
        if (payload == null) {
            payload = Payload.empty();
        }
    }

    /** Bytes of payload, 0 for a control packet. */
    public long payloadBytes() {
        return payload.length();
    }

    /** Bytes on the wire: headers plus payload. */
    public long wireBytes() {
        return headerBytes + payloadBytes();
    }
}
