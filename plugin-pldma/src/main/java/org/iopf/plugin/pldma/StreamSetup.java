package org.iopf.plugin.pldma;

import org.iopf.api.mem.PageSize;

/**
 * The traffic of one phase of a PLDMA workload: {@code streams} concurrent streams, each its own
 * process (and protection domain) on both nodes, each moving {@code messages} requests of
 * {@code messageSize} with {@code concurrency} in flight; the first {@code faultingStreams} use
 * memory that is not resident — with {@code freshPerMessage} a fresh buffer for every request, so
 * they fault continuously, otherwise {@code concurrency} slots that fault on first use only — the
 * others memory that is resident and mapped; all registered pinned or unpinned.
 *
 * @param messageSize bytes per request, {@code > 0}
 * @param messages requests per stream, {@code > 0}
 * @param concurrency requests in flight per stream, {@code > 0}
 * @param operation write or read
 * @param pinned register pinned (the comparison) rather than unpinned
 * @param streams streams, {@code > 0}
 * @param faultingStreams streams on non-resident memory, {@code 0..streams}
 * @param freshPerMessage whether a faulting stream uses fresh memory for every request
 */
record StreamSetup(long messageSize, int messages, int concurrency, RdmaOperation operation, boolean pinned,
        int streams, int faultingStreams, boolean freshPerMessage) {
    /** Checks what no single declaration covers (the ranges are declared in {@link PldmaStreamWorkloadType}). */
    StreamSetup {
        if (faultingStreams > streams) {
            throw new IllegalArgumentException("faultingStreams must be in [0, streams]: " + faultingStreams);
        }
        java.util.Objects.requireNonNull(operation, "operation is null");
    }

    /** The requests of the phase: {@code messages} per stream. */
    long requests() {
        return (long) streams * messages;
    }

    /**
     * Bytes of the buffer stream {@code index} maps on each node: its slots of {@code messageSize},
     * whole pages; a slot per request for a faulting stream with fresh memory, else one per request
     * in flight.
     */
    long span(int index) {
        boolean fresh = index < faultingStreams && freshPerMessage;
        long slots = fresh ? messages : Math.min(concurrency, messages);
        return PageSize.BASE.alignUp(Math.multiplyExact(messageSize, slots));
    }

    /** Bytes the phase maps on each node: the spans of all its streams. */
    long bytesPerNode() {
        long total = 0;
        for (int i = 0; i < streams; i++) {
            total = Math.addExact(total, span(i));
        }
        return total;
    }

    /** The same traffic with every stream on resident memory. */
    StreamSetup withoutFaults() {
        return new StreamSetup(messageSize, messages, concurrency, operation, pinned, streams, 0, freshPerMessage);
    }

    /**
     * Only the streams that do not fault, on resident memory: stream {@code i} of the result is
     * stream {@code faultingStreams + i} of this traffic. The reference of FIDELITY A8 — the same
     * stream running without the faulting ones.
     */
    StreamSetup nonFaultingOnly() {
        if (faultingStreams == streams) {
            throw new IllegalArgumentException("reference: alone needs at least one stream that does not fault");
        }
        return new StreamSetup(messageSize, messages, concurrency, operation, pinned, streams - faultingStreams, 0,
                freshPerMessage);
    }

    /**
     * The same traffic registered pinned or not. The faulting streams keep their layout (fresh
     * memory for every request); pinned, registration makes all of it resident, so they do not fault.
     */
    StreamSetup withPinned(boolean on) {
        return new StreamSetup(messageSize, messages, concurrency, operation, on, streams, faultingStreams,
                freshPerMessage);
    }
}
