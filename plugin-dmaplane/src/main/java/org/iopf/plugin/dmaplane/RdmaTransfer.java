package org.iopf.plugin.dmaplane;

import java.util.Objects;
import java.util.function.Consumer;
import org.iopf.api.nic.CompletionStatus;

/**
 * One WRITE WITH IMMEDIATE a user of the RDMA engine asks for: {@code length} bytes at
 * {@code offset} of a registered local buffer into the peer's registered buffer at
 * {@code remoteOffset}, with a 31-bit immediate.
 *
 * @param local the registered local buffer
 * @param offset byte offset in it
 * @param length bytes, {@code >= 0}
 * @param remote the peer's registered buffer
 * @param remoteOffset byte offset in it
 * @param immediate the immediate, {@code 0 <= immediate < 2^31} (the top bit marks credit updates)
 * @param onDone called with the completion status once the send completion is polled
 */
record RdmaTransfer(RegisteredBuffer local, long offset, long length, RegisteredBuffer remote, long remoteOffset,
        int immediate, Consumer<CompletionStatus> onDone) {
    RdmaTransfer {
        Objects.requireNonNull(local, "local is null");
        Objects.requireNonNull(remote, "remote is null");
        Objects.requireNonNull(onDone, "onDone is null");
        if (offset < 0 || length < 0 || remoteOffset < 0 || immediate < 0) {
            throw new IllegalArgumentException("offsets, length and immediate must be >= 0");
        }
    }
}
