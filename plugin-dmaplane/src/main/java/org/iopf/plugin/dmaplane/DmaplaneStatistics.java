package org.iopf.plugin.dmaplane;

import java.util.List;
import org.iopf.api.observe.StatisticSpec;

/**
 * The statistics of a {@code dmaplane} (names under {@code NODE.COMPONENT.}): each declared once
 * here, listed by {@code iopf components dmaplane} and registered from its declaration by the part
 * that records it (buffers, channels, locks, GPU, RDMA engine, Soft-RoCE).
 */
final class DmaplaneStatistics {
    static final StatisticSpec BUFFERS_LOCAL = StatisticSpec.counter("buffer.numa.local", "buffers",
            "data buffers placed on the requested NUMA node");
    static final StatisticSpec BUFFERS_FALLBACK = StatisticSpec.counter("buffer.numa.fallback", "buffers",
            "data buffers placed on another node by distance (NEAREST, ANY)");
    static final StatisticSpec BUFFERS_SPREAD = StatisticSpec.counter("buffer.numa.spread", "buffers",
            "data buffers spread over nodes (ANY, no node had room)");
    static final StatisticSpec BUFFERS_REFUSED = StatisticSpec.counter("buffer.refused", "buffers",
            "allocations refused");
    static final StatisticSpec BUFFERS_RESERVED = StatisticSpec.gauge("buffer.reserved", "bytes",
            "bytes of the live buffers");
    static final StatisticSpec BUFFERS_LIVE = StatisticSpec.gauge("buffer.buffers", "buffers", "live buffers");
    static final StatisticSpec LLC_HITS = StatisticSpec.gauge("llc.hits", "frames",
            "4 KiB frames a worker thread found in its last-level cache");
    static final StatisticSpec LLC_MISSES = StatisticSpec.gauge("llc.misses", "frames",
            "4 KiB frames it had to fill from memory");
    static final StatisticSpec LOCK_ORDER_VIOLATIONS = StatisticSpec.counter("lockOrderViolations", "violations",
            "lock acquisitions refused for breaking dev_mutex -> rdma_sem -> buf_lock -> mr_lock");
    static final StatisticSpec CHANNEL_SUBMITTED = StatisticSpec.counter("{channel}.submitted", "descriptors",
            "descriptors submitted to the channel (ch0, ch1, ...)");
    static final StatisticSpec CHANNEL_COMPLETED = StatisticSpec.counter("{channel}.completed", "descriptors",
            "descriptors the channel's worker completed");
    static final StatisticSpec CHANNEL_STALLS = StatisticSpec.counter("{channel}.stalls", "stalls",
            "times the worker stopped on a full completion ring");
    static final StatisticSpec CHANNEL_BYTES = StatisticSpec.counter("{channel}.bytes", "bytes",
            "bytes the channel's worker copied");
    static final StatisticSpec GPU_REVOCATIONS = StatisticSpec.counter("gpu.revocations", "pins",
            "GPU pins revoked by the unpin callback");
    static final StatisticSpec GPU_CLEANUPS = StatisticSpec.counter("gpu.cleanups", "pins",
            "deferred cleanups run after an unpin");
    static final StatisticSpec RDMA_POSTS = StatisticSpec.counter("rdma.posts", "work requests",
            "work requests posted by the RDMA engine");
    static final StatisticSpec RDMA_COMPLETIONS = StatisticSpec.counter("rdma.completions", "completions",
            "completions polled");
    static final StatisticSpec RDMA_STALLS = StatisticSpec.counter("rdma.stalls", "stalls",
            "flow stalls: no send credit, no receive credit");
    static final StatisticSpec RDMA_ERRORS = StatisticSpec.counter("rdma.errors", "work requests",
            "work requests completed with an error");
    static final StatisticSpec RDMA_REGISTRATIONS = StatisticSpec.counter("rdma.registrations", "regions",
            "memory regions registered");
    static final StatisticSpec RDMA_CQ_OVERFLOWS = StatisticSpec.gauge("rdma.cqOverflows", "overflows",
            "completion-queue overflows of the engine's queue pairs");
    static final StatisticSpec RXE_PACKETS = StatisticSpec.counter("rxe.packets", "packets",
            "packets sent by the built-in Soft-RoCE transport");
    static final StatisticSpec RXE_RNR_NAKS = StatisticSpec.counter("rxe.rnrNaks", "naks",
            "RNR NAKs its requesters received and waited out (the peer had no receive posted)");
    static final StatisticSpec RXE_TIMEOUTS = StatisticSpec.counter("rxe.timeouts", "timeouts",
            "local ACK timeouts that sent unacknowledged packets again (go-back-N)");
    static final StatisticSpec RXE_UNKNOWN_QP = StatisticSpec.counter("rxe.unknownQp", "packets",
            "packets for no queue pair, dropped");

    /** Every statistic a {@code dmaplane} records. */
    static final List<StatisticSpec> DECLARED = List.of(BUFFERS_LOCAL, BUFFERS_FALLBACK, BUFFERS_SPREAD,
            BUFFERS_REFUSED, BUFFERS_RESERVED, BUFFERS_LIVE, LLC_HITS, LLC_MISSES, LOCK_ORDER_VIOLATIONS,
            CHANNEL_SUBMITTED, CHANNEL_COMPLETED, CHANNEL_STALLS, CHANNEL_BYTES, GPU_REVOCATIONS, GPU_CLEANUPS,
            RDMA_POSTS, RDMA_COMPLETIONS, RDMA_STALLS, RDMA_ERRORS, RDMA_REGISTRATIONS, RDMA_CQ_OVERFLOWS,
            RXE_PACKETS, RXE_RNR_NAKS, RXE_TIMEOUTS, RXE_UNKNOWN_QP);

    private DmaplaneStatistics() {
    }
}
