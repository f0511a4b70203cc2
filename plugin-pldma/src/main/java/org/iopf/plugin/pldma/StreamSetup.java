package org.iopf.plugin.pldma;

/**
 * The traffic of one phase of a PLDMA workload: {@code streams} concurrent streams, each its own
 * process (and protection domain) on both nodes, each moving {@code messages} requests of
 * {@code messageSize} with {@code concurrency} in flight; the first {@code faultingStreams} use
 * memory that is not resident (a fresh destination for every request, so they fault continuously),
 * the others memory that is resident and mapped; all registered pinned or unpinned.
 *
 * @param messageSize bytes per request, {@code > 0}
 * @param messages requests per stream, {@code > 0}
 * @param concurrency requests in flight per stream, {@code > 0}
 * @param operation write or read
 * @param pinned register pinned (the comparison) rather than unpinned
 * @param streams streams, {@code > 0}
 * @param faultingStreams streams on non-resident memory, {@code 0..streams}
 */
record StreamSetup(long messageSize, int messages, int concurrency, RdmaOperation operation, boolean pinned,
        int streams, int faultingStreams) {
    StreamSetup {
        if (messageSize <= 0 || messages <= 0 || concurrency <= 0 || streams <= 0) {
            throw new IllegalArgumentException("messageSize, messages, concurrency and streams must be > 0");
        }
        if (faultingStreams < 0 || faultingStreams > streams) {
            throw new IllegalArgumentException("faultingStreams must be in [0, streams]: " + faultingStreams);
        }
        java.util.Objects.requireNonNull(operation, "operation is null");
    }

    /** The same traffic with every stream on resident memory. */
    StreamSetup withoutFaults() {
        return new StreamSetup(messageSize, messages, concurrency, operation, pinned, streams, 0);
    }

    /** The same traffic registered pinned or not. */
    StreamSetup withPinned(boolean on) {
        return new StreamSetup(messageSize, messages, concurrency, operation, on, streams, on ? 0 : faultingStreams);
    }
}
