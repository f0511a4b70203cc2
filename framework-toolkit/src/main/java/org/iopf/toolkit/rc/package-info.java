/**
 * One reliable-connection (RC) transport engine for RDMA NICs: requester and responder of an
 * InfiniBand RC queue pair (IBA Vol. 1, ch. 9 "Transport layer", §9.7 "Reliable service"), with
 * 24-bit PSNs, cumulative ACKs, go-back-N on a sequence NAK or the local ACK timeout, RNR NAKs
 * carrying the responder's 5-bit timer code, retry counts and RDMA READ responses. A NIC supplies
 * its port ({@link org.iopf.toolkit.rc.RcLink}) and its memory ({@link org.iopf.toolkit.rc.RcMemory}:
 * pinned regions, or on-demand regions that fault), and keeps only what differs.
 */
package org.iopf.toolkit.rc;
