package org.iopf.plugin.dmaplane;

/**
 * The dual credits of one RDMA connection (seed 004 §4.2, E6): a send work request takes a send
 * credit, given back when its completion is polled; a WRITE WITH IMMEDIATE also takes a receive
 * credit, one of the receives the peer pre-posted, given back when the peer re-posts it. Neither
 * count ever goes below zero or above its limit, so the send queue, the peer's receive queue and
 * both completion queues, sized from the limits, can never overflow.
 */
final class CreditFlow {
    private final int maxSend;
    private final int maxReceive;
    private int send;
    private int receive;

    CreditFlow(int maxSend, int maxReceive) {
        if (maxSend <= 0 || maxReceive <= 0) {
            throw new IllegalArgumentException("credits must be > 0: " + maxSend + ", " + maxReceive);
        }
        this.maxSend = maxSend;
        this.maxReceive = maxReceive;
        this.send = maxSend;
        this.receive = maxReceive;
    }

    int sendCredits() {
        return send;
    }

    int receiveCredits() {
        return receive;
    }

    int maxSend() {
        return maxSend;
    }

    int maxReceive() {
        return maxReceive;
    }

    /** Whether a WRITE WITH IMMEDIATE may be posted now. */
    boolean canPost() {
        return send > 0 && receive > 0;
    }

    /** Why a post must wait, or null if it need not. */
    String stallReason() {
        if (send == 0) {
            return "send_credits";
        }
        return receive == 0 ? "recv_credits" : null;
    }

    /** Takes one credit of each kind for a post. */
    void take() {
        if (!canPost()) {
            throw new IllegalStateException("no credit to post: send " + send + ", receive " + receive);
        }
        send--;
        receive--;
    }

    /** A send completion was polled. */
    void returnSend() {
        if (send >= maxSend) {
            throw new IllegalStateException("more send credits returned than taken");
        }
        send++;
    }

    /** The peer re-posted {@code n} receives. */
    void returnReceive(int n) {
        if (n <= 0 || receive + n > maxReceive) {
            throw new IllegalStateException("bad receive-credit return " + n + " with " + receive + " of " + maxReceive);
        }
        receive += n;
    }
}
