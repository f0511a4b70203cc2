package org.iopf.plugin.zynqsmmu;

import java.util.List;
import org.iopf.api.observe.StatisticSpec;

/**
 * The statistics of an {@code exanest-faults} fault path (names under {@code NODE.COMPONENT.}): the
 * handler's, its Netlink channel's and its user library's, each declared once here, listed by
 * {@code iopf components exanest-faults} and registered from its declaration.
 */
final class ExanestStatistics {
    static final StatisticSpec HANDLED = StatisticSpec.counter("handled", "faults", "faults raised to the handler");
    static final StatisticSpec RESOLVED = StatisticSpec.counter("resolved", "faults",
            "faults resolved and resumed with RESUME retry");
    static final StatisticSpec TERMINATED = StatisticSpec.counter("terminated", "faults",
            "faults resumed with RESUME terminate (unrecoverable, unresolvable or abandoned)");
    static final StatisticSpec UNRECOVERABLE = StatisticSpec.counter("unrecoverable", "faults",
            "faults the tasklet terminated at once: not a translation fault, or no process");
    static final StatisticSpec NOTIFICATIONS = StatisticSpec.counter("notifications", "messages",
            "PF_NOTIFY_REQUEST notifications sent (first ones, watchdog resends, after PF_RESP_RETRY)");
    static final StatisticSpec ACKS = StatisticSpec.counter("acks", "messages", "PF_RESP_ACK answers received");
    static final StatisticSpec RETRIES = StatisticSpec.counter("retries", "messages",
            "PF_RESP_RETRY answers received (the library ran out of memory)");
    static final StatisticSpec JOINED = StatisticSpec.counter("joined", "faults",
            "faults on a page already requested, joined to that request");
    static final StatisticSpec WATCHDOG = StatisticSpec.counter("watchdog.recoveries", "notifications",
            "notifications the watchdog sent again because no answer came");
    static final StatisticSpec REPEATED = StatisticSpec.counter("repeatedFaults", "faults",
            "faults on a page this handler had already resolved");
    static final StatisticSpec REPEATED_DETECTED = StatisticSpec.counter("repeatedFaults.detected", "pages",
            "detections of repeated faults at repeatedFaultThreshold, each recovered with a full invalidation");
    static final StatisticSpec NOTIFIER_UNMAPS = StatisticSpec.counter("notifier.unmaps", "ranges",
            "ranges the MMU notifier unmapped from a domain before reclaim or unmap");
    static final StatisticSpec ABANDONED = StatisticSpec.counter("abandoned", "requests",
            "requests given up after maxAttempts notifications (their faults terminated)");
    static final StatisticSpec RECOVERY = StatisticSpec.histogram("recovery", "ns",
            "time from a fault's detection to its RESUME retry");
    static final StatisticSpec STEP_ISR = StatisticSpec.histogram("step.isr", "ns",
            "time from detection to the end of the ISR");
    static final StatisticSpec STEP_TASKLET = StatisticSpec.histogram("step.tasklet", "ns",
            "time from the ISR handing the fault on to the tasklet dispatching it (queueing included)");
    static final StatisticSpec STEP_PAGETABLE = StatisticSpec.histogram("step.pagetable", "ns",
            "time of a request's page-table update, the wait for the mmap lock included");
    static final StatisticSpec STEP_INVALIDATE = StatisticSpec.histogram("step.invalidate", "ns",
            "time of a request's IOTLB invalidation");
    static final StatisticSpec STEP_RESUME = StatisticSpec.histogram("step.resume", "ns",
            "time to write RESUME for a request's faults");
    static final StatisticSpec BATCH_PAGES = StatisticSpec.histogram("batch.pages", "pages",
            "pages one notification covers");
    static final StatisticSpec MMAP_LOCK_CONTENDED = StatisticSpec.gauge("mmapLock.contended", "acquisitions",
            "mmap-lock acquisitions that had to wait, over every process");
    static final StatisticSpec NETLINK_SENT = StatisticSpec.counter("netlink.sent", "messages",
            "kernel-to-library Netlink messages sent");
    static final StatisticSpec NETLINK_LOST = StatisticSpec.counter("netlink.lost", "messages",
            "notifications lost (netlinkLoss)");
    static final StatisticSpec NETLINK_DROPPED = StatisticSpec.counter("netlink.dropped", "messages",
            "messages dropped because the library's socket was full (netlinkBacklog)");
    static final StatisticSpec NETLINK_REPLIES = StatisticSpec.counter("netlink.replies", "messages",
            "library-to-kernel messages (PF_RESP_ACK, SOLVED, RETRY)");
    static final StatisticSpec STEP_NETLINK = StatisticSpec.histogram("step.netlink", "ns",
            "time from sending a message to the library receiving it");
    static final StatisticSpec NETLINK_MAX_QUEUED = StatisticSpec.gauge("netlink.maxQueued", "messages",
            "most messages queued at once in the library's socket");
    static final StatisticSpec POOL_TAKEN = StatisticSpec.counter("pool.taken", "pages",
            "pages the library took from its pool");
    static final StatisticSpec POOL_MISSES = StatisticSpec.counter("pool.misses", "pages",
            "pages the library allocated without the pool (pool off or empty)");
    static final StatisticSpec POOL_REFILLS = StatisticSpec.counter("pool.refills", "refills",
            "refills of the pool at its low-water mark");
    static final StatisticSpec NETLINK_DUPLICATES = StatisticSpec.counter("netlink.duplicates", "messages",
            "notifications the library received for a request it had already answered");
    static final StatisticSpec STEP_LIBRARY = StatisticSpec.histogram("step.library", "ns",
            "time from a notification reaching the library to its PF_RESP_SOLVED or RETRY");
    static final StatisticSpec POOL_AVAILABLE = StatisticSpec.gauge("pool.available", "pages",
            "pages left in the pool");

    /** Every statistic an {@code exanest-faults} records. */
    static final List<StatisticSpec> DECLARED = List.of(HANDLED, RESOLVED, TERMINATED, UNRECOVERABLE, NOTIFICATIONS,
            ACKS, RETRIES, JOINED, WATCHDOG, REPEATED, REPEATED_DETECTED, NOTIFIER_UNMAPS, ABANDONED, RECOVERY,
            STEP_ISR, STEP_TASKLET, STEP_PAGETABLE, STEP_INVALIDATE, STEP_RESUME, BATCH_PAGES, MMAP_LOCK_CONTENDED,
            NETLINK_SENT, NETLINK_LOST, NETLINK_DROPPED, NETLINK_REPLIES, STEP_NETLINK, NETLINK_MAX_QUEUED, POOL_TAKEN,
            POOL_MISSES, POOL_REFILLS, NETLINK_DUPLICATES, STEP_LIBRARY, POOL_AVAILABLE);

    private ExanestStatistics() {
    }
}
