package org.iopf.api.nic;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One entry of a completion queue.
 *
 * @param wrId the id of the work request it completes
 * @param qpn the queue pair's number
 * @param opcode what it completes
 * @param status how it ended
 * @param byteLength bytes transferred (received, for receives)
 * @param immediate the immediate, for {@link CompletionOpcode#RECV_RDMA_WITH_IMM}
 * @param timeNanos when the completion was written
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record WorkCompletion(long wrId, int qpn, CompletionOpcode opcode, CompletionStatus status, long byteLength,
        int immediate, long timeNanos) {
    /** Checks arguments. */
    public WorkCompletion {
        Objects.requireNonNull(opcode, "opcode is null");
        Objects.requireNonNull(status, "status is null");
    }

    /** Whether the operation succeeded. */
    public boolean isSuccess() {
        return status == CompletionStatus.SUCCESS;
    }
}
