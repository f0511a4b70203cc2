/**
 * The NIC role with a verbs-like API: protection domains, memory regions, queue pairs, work
 * requests (SEND, RDMA WRITE, WRITE WITH IMMEDIATE, RDMA READ) and completion queues.
 */
package org.iopf.api.nic;
