package org.iopf.api.nic;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * The operation of a send work request.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public enum Opcode {
    /** Two-sided send into a posted receive. */
    SEND,
    /** One-sided write into a remote memory region. */
    RDMA_WRITE,
    /** One-sided write that also consumes a remote receive and delivers a 32-bit immediate. */
    RDMA_WRITE_WITH_IMM,
    /** One-sided read from a remote memory region. */
    RDMA_READ
}
