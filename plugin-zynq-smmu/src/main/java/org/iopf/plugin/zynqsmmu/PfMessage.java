package org.iopf.plugin.zynqsmmu;

/**
 * The Netlink message types of the ExaNeSt page-fault protocol (seed 000 §3.3, protocol
 * {@code NETLINK_RDMA_PF = 30}; FIDELITY A6).
 *
 * @since 0.1
 */
public enum PfMessage {
    /** Kernel → library: a page-fault range needs pages. */
    PF_NOTIFY_REQUEST(true),
    /** Kernel → library: the fault is resolved and the DMA resumed. */
    PF_NOTIFY_RESOLVED(true),
    /** Kernel → library: the fault could not be resolved; the transfer was terminated. */
    PF_NOTIFY_FAILED(true),
    /** Library → kernel: the notification was received. */
    PF_RESP_ACK(false),
    /** Library → kernel: the pages are in place; update the page table and resume. */
    PF_RESP_SOLVED(false),
    /** Library → kernel: no page could be had now; send the request again. */
    PF_RESP_RETRY(false);

    private final boolean toUser;

    PfMessage(boolean toUser) {
        this.toUser = toUser;
    }

    /** Whether the kernel sends it to the user-space library (rather than the library to the kernel). */
    public boolean toUser() {
        return toUser;
    }
}
