/**
 * The baseline reliable-connected RDMA NIC: pinned memory regions under the toolkit's RC transport
 * engine ({@code org.iopf.toolkit.rc}: PSN-ordered packets split at MTU boundaries, cumulative ACKs,
 * go-back-N retransmission on timeout or sequence NAK, RNR NAK when no receive is posted, carrying
 * the NIC's timer code), and completion queues that detect overflow.
 */
package org.iopf.reference.rc;
