package org.iopf.api.nic;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * What a work completion completes.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public enum CompletionOpcode {
    /** A SEND. */
    SEND,
    /** An RDMA WRITE or WRITE WITH IMMEDIATE on the requester. */
    RDMA_WRITE,
    /** An RDMA READ on the requester. */
    RDMA_READ,
    /** A receive consumed by an incoming SEND. */
    RECV,
    /** A receive consumed by an incoming WRITE WITH IMMEDIATE. */
    RECV_RDMA_WITH_IMM
}
