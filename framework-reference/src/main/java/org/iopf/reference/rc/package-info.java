/**
 * The baseline reliable-connected RDMA NIC: pinned memory regions, PSN-ordered packets split at
 * MTU boundaries, cumulative ACKs, go-back-N retransmission on timeout or sequence NAK, RNR NAK
 * when no receive is posted, and completion queues that detect overflow.
 */
package org.iopf.reference.rc;
