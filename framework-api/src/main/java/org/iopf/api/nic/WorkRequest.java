package org.iopf.api.nic;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A send-queue work request.
 *
 * @param wrId the poster's id, echoed in the completion
 * @param opcode the operation
 * @param localAddress local virtual address (source, or destination for a read)
 * @param lkey key of the local memory region
 * @param length bytes, {@code >= 0}
 * @param remoteAddress remote virtual address (one-sided operations)
 * @param rkey key of the remote memory region (one-sided operations)
 * @param immediate the 32-bit immediate of {@link Opcode#RDMA_WRITE_WITH_IMM}
 * @param signaled whether a successful completion is reported (errors always are)
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record WorkRequest(long wrId, Opcode opcode, long localAddress, int lkey, long length, long remoteAddress,
        int rkey, int immediate, boolean signaled) {
    /** Checks arguments. */
    public WorkRequest {
        Objects.requireNonNull(opcode, "opcode is null");
        if (length < 0) {
            throw new IllegalArgumentException("length must be >= 0: " + length);
        }
    }

    /** A signaled RDMA WRITE. */
    public static WorkRequest write(long wrId, MemoryRegion local, long localAddress, long length,
            long remoteAddress, int rkey) {
        return new WorkRequest(wrId, Opcode.RDMA_WRITE, localAddress, local.lkey(), length, remoteAddress, rkey, 0,
                true);
    }

    /** A signaled RDMA WRITE WITH IMMEDIATE. */
    public static WorkRequest writeWithImmediate(long wrId, MemoryRegion local, long localAddress, long length,
            long remoteAddress, int rkey, int immediate) {
        return new WorkRequest(wrId, Opcode.RDMA_WRITE_WITH_IMM, localAddress, local.lkey(), length, remoteAddress,
                rkey, immediate, true);
    }

    /** A signaled RDMA READ into local memory. */
    public static WorkRequest read(long wrId, MemoryRegion local, long localAddress, long length,
            long remoteAddress, int rkey) {
        return new WorkRequest(wrId, Opcode.RDMA_READ, localAddress, local.lkey(), length, remoteAddress, rkey, 0,
                true);
    }

    /** A signaled SEND. */
    public static WorkRequest send(long wrId, MemoryRegion local, long localAddress, long length) {
        return new WorkRequest(wrId, Opcode.SEND, localAddress, local.lkey(), length, 0, 0, 0, true);
    }
}
