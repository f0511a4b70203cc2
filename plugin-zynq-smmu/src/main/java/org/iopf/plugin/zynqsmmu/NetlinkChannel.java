package org.iopf.plugin.zynqsmmu;

import java.util.Objects;
import java.util.random.RandomGenerator;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Histogram;
import org.iopf.api.observe.Metrics;
import org.iopf.api.observe.Tracer;
import org.iopf.api.sim.Scheduler;
import org.iopf.api.sim.ServiceTime;

/**
 * The {@code NETLINK_RDMA_PF} socket between the ExaNeSt driver and the user-space library (seed
 * 000 §3.3). A kernel message reaches the library's receive queue after {@code netlinkLatency};
 * a library that polls picks it up at its next poll tick. The queue holds at most
 * {@code netlinkBacklog} messages not yet received — more are dropped, as a full Netlink socket
 * drops with ENOBUFS — and a notification may be lost with probability {@code netlinkLoss}
 * (fault injection, FIDELITY A11). Library → kernel messages run the kernel's input callback
 * synchronously in the sender's system call, so they are delivered at once.
 */
final class NetlinkChannel {
    private final Scheduler scheduler;
    private final RandomGenerator random;
    private final Tracer tracer;
    private final String track;
    private final ServiceTime latency;
    /** When the last message reaches the socket: a socket is FIFO, so none overtakes it. */
    private long lastArrival;
    private final int backlog;
    private final double loss;
    private final long pollInterval;
    private final Counter sent;
    private final Counter lost;
    private final Counter dropped;
    private final Counter replies;
    private final Histogram delivery;
    private int queued;
    private int maxQueued;

    NetlinkChannel(Scheduler scheduler, RandomGenerator random, Tracer tracer, String track, Metrics metrics,
            ExanestSettings settings) {
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler is null");
        this.random = Objects.requireNonNull(random, "random is null");
        this.tracer = Objects.requireNonNull(tracer, "tracer is null");
        this.track = Objects.requireNonNull(track, "track is null");
        this.latency = settings.netlinkLatency();
        this.backlog = settings.netlinkBacklog();
        this.loss = settings.netlinkLoss();
        this.pollInterval = settings.pollInterval();
        this.sent = ExanestStatistics.NETLINK_SENT.counter(metrics);
        this.lost = ExanestStatistics.NETLINK_LOST.counter(metrics);
        this.dropped = ExanestStatistics.NETLINK_DROPPED.counter(metrics);
        this.replies = ExanestStatistics.NETLINK_REPLIES.counter(metrics);
        this.delivery = ExanestStatistics.STEP_NETLINK.histogram(metrics);
        ExanestStatistics.NETLINK_MAX_QUEUED.gauge(metrics, () -> maxQueued);
    }

    /**
     * Sends a kernel → library message; {@code onReceive} runs when it reaches the library (which
     * must then call {@link #received()} once it has taken it off the queue).
     *
     * @return whether it was queued (false: lost or dropped)
     */
    boolean toUser(PfMessage type, long flowId, Runnable onReceive) {
        if (!type.toUser()) {
            throw new IllegalArgumentException(type + " goes from the library to the kernel");
        }
        sent.increment();
        if (type == PfMessage.PF_NOTIFY_REQUEST && loss > 0 && random.nextDouble() < loss) {
            lost.increment();
            return false;
        }
        if (queued >= backlog) {
            dropped.increment();
            return false;
        }
        queued++;
        maxQueued = Math.max(maxQueued, queued);
        long sentAt = scheduler.now();
        long arrival = Math.max(sentAt + latency.draw(random), lastArrival);
        lastArrival = arrival;
        if (pollInterval > 0) {
            arrival = (arrival + pollInterval - 1) / pollInterval * pollInterval;
        }
        scheduler.scheduleAt(arrival, () -> {
            if (type == PfMessage.PF_NOTIFY_REQUEST) {
                delivery.record(scheduler.now() - sentAt);
            }
            if (tracer.enabled()) {
                // the request is on the fault's critical path; a RESOLVED/FAILED notice after it is not
                tracer.slice(track, type == PfMessage.PF_NOTIFY_REQUEST ? "exanest/netlink" : "exanest/notice",
                        sentAt, scheduler.now() - sentAt, flowId);
            }
            onReceive.run();
        });
        return true;
    }

    /** The library took one message off its receive queue. */
    void received() {
        if (queued > 0) {
            queued--;
        }
    }

    /** Messages in the library's receive queue. */
    int queued() {
        return queued;
    }

    /** A library → kernel message: the kernel's input callback runs now, in the sender's syscall. */
    void toKernel(PfMessage type, Runnable kernelInput) {
        if (type.toUser()) {
            throw new IllegalArgumentException(type + " goes from the kernel to the library");
        }
        replies.increment();
        kernelInput.run();
    }
}
