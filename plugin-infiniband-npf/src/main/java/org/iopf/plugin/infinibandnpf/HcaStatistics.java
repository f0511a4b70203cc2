package org.iopf.plugin.infinibandnpf;

import java.util.List;
import org.iopf.api.observe.StatisticSpec;

/**
 * The statistics of an {@code ib-npf-hca} (names under {@code NODE.NIC.}): each declared once
 * here, listed by {@code iopf components ib-npf-hca} and registered from its declaration by
 * {@link NpfHca} and its {@link NpfEngine}.
 */
final class HcaStatistics {
    static final StatisticSpec NPF_FAULTS = StatisticSpec.counter("npf.faults", "faults", "network page faults raised");
    static final StatisticSpec NPF_JOINED = StatisticSpec.counter("npf.joined", "misses",
            "translation misses that joined a fault in progress");
    static final StatisticSpec NPF_ENTRIES = StatisticSpec.counter("npf.entries", "entries",
            "translation-table entries filled by faults");
    static final StatisticSpec NPF_RETRIES = StatisticSpec.counter("npf.retries", "retries",
            "memory preparations run again after a racing invalidation");
    static final StatisticSpec NPF_FAILED = StatisticSpec.counter("npf.failed", "faults",
            "faults the OS could not resolve");
    static final StatisticSpec NPF_QUEUED = StatisticSpec.histogram("npf.queued", "ns",
            "wait behind other faults of the same fault-handling context");
    static final StatisticSpec NPF_DETECTION = StatisticSpec.histogram("npf.detection", "ns",
            "detection phase: miss detected, QP suspended (HCA)");
    static final StatisticSpec NPF_INTERRUPT = StatisticSpec.histogram("npf.interrupt", "ns",
            "interrupt phase: page-fault event, MSI-X and the host's ISR");
    static final StatisticSpec NPF_DRIVER = StatisticSpec.histogram("npf.driver", "ns",
            "driver phase: the host's page-fault handler");
    static final StatisticSpec NPF_MEMORY = StatisticSpec.histogram("npf.memory", "ns",
            "memory phase: pages faulted in, got and mapped, table space prepared");
    static final StatisticSpec NPF_PAGE_TABLE = StatisticSpec.histogram("npf.pagetable", "ns",
            "page-table phase: entries written, update executed, caches coherent");
    static final StatisticSpec NPF_RESUME = StatisticSpec.histogram("npf.resume", "ns",
            "resume phase: the suspended transfer resumed (HCA firmware)");
    static final StatisticSpec NPF_LATENCY = StatisticSpec.histogram("npf.latency", "ns",
            "detection start to transfer resumed: the cost of one fault");
    static final StatisticSpec NPF_HCA = StatisticSpec.histogram("npf.hca", "ns", "HCA time of each fault");
    static final StatisticSpec NPF_HOST = StatisticSpec.histogram("npf.host", "ns", "host time of each fault");
    static final StatisticSpec NPF_HCA_PERCENT = StatisticSpec.gauge("npf.hcaPercent", "percent",
            "HCA share of the time of all faults");
    static final StatisticSpec NPF_RECOVERY_TIME = StatisticSpec.gauge("npf.recoveryTime", "ns",
            "first fault raised to last fault resolved (the cold-start recovery window)");
    static final StatisticSpec TIMEOUTS = StatisticSpec.counter("timeouts", "timeouts",
            "local ACK timeouts of the requester");
    static final StatisticSpec TX_BYTES = StatisticSpec.counter("tx.bytes", "bytes",
            "payload sent, retransmissions included");
    static final StatisticSpec RX_UNKNOWN_QP = StatisticSpec.counter("rx.unknownQp", "packets",
            "packets for no queue pair of this HCA");
    static final StatisticSpec RNR_NAKS_SENT = StatisticSpec.counter("rnr.naksSent", "naks",
            "RNR NAKs sent by the responder on a fault");
    static final StatisticSpec RNR_NAKS_RECEIVED = StatisticSpec.counter("rnr.naksReceived", "naks",
            "RNR NAKs received by the requester");
    static final StatisticSpec READ_FAULT_DROPS = StatisticSpec.counter("read.faultDrops", "requests",
            "READ requests dropped because the responder's pages faulted");
    static final StatisticSpec READ_RESPONSE_DROPS = StatisticSpec.counter("read.responseDrops", "packets",
            "READ responses dropped because the requester's destination faulted");
    static final StatisticSpec INVALIDATIONS = StatisticSpec.counter("invalidations", "ranges",
            "MMU-notifier invalidations that hit a region");
    static final StatisticSpec INVALIDATED_ENTRIES = StatisticSpec.counter("invalidatedEntries", "entries",
            "translation entries dropped by invalidations");
    static final StatisticSpec PREFETCHED_PAGES = StatisticSpec.counter("prefetchedPages", "pages",
            "pages prefetched into on-demand registrations (prefetch: true)");
    static final StatisticSpec ADVISE_PAGES = StatisticSpec.counter("advise.pages", "entries",
            "translation entries mapped by ibv_advise_mr prefetches");
    static final StatisticSpec ODP_PAGE_FAULTS = StatisticSpec.counter("odp.{mr}.page_faults", "pages",
            "per on-demand region (mrKEY): pages mapped by network page faults (mlx5 page_faults)");
    static final StatisticSpec ODP_FAULTS_HANDLED = StatisticSpec.counter("odp.{mr}.page_faults_handled", "faults",
            "per on-demand region: network page faults handled (mlx5 page_faults_handled)");
    static final StatisticSpec ODP_INVALIDATIONS = StatisticSpec.counter("odp.{mr}.page_invalidations", "pages",
            "per on-demand region: translation entries dropped by MMU-notifier invalidations (mlx5 page_invalidations)");
    static final StatisticSpec ODP_INVALIDATIONS_HANDLED = StatisticSpec.counter("odp.{mr}.page_invalidations_handled",
            "invalidations", "per on-demand region: invalidations handled while it had entries (mlx5 "
                    + "page_invalidations_handled)");
    static final StatisticSpec ODP_PREFETCH = StatisticSpec.counter("odp.{mr}.page_prefetch", "pages",
            "per on-demand region: pages mapped by prefetches, advise or at registration (mlx5 page_prefetch)");
    static final StatisticSpec IMPLICIT_CHILDREN = StatisticSpec.counter("implicit.children", "children",
            "1 GiB child regions of implicit on-demand regions created by their first fault or prefetch");
    static final StatisticSpec IMPLICIT_CHILDREN_DESTROYED = StatisticSpec.counter("implicit.childrenDestroyed",
            "children", "child regions destroyed when an invalidation left them without entries");
    static final StatisticSpec RX_FAULT_STALL = StatisticSpec.histogram("rx.faultStall", "ns",
            "responder: fault detected to the retried packet or READ accepted");

    /** Every statistic an {@code ib-npf-hca} records. */
    static final List<StatisticSpec> DECLARED = List.of(NPF_FAULTS, NPF_JOINED, NPF_ENTRIES, NPF_RETRIES,
            NPF_FAILED, NPF_LATENCY, NPF_DETECTION, NPF_INTERRUPT, NPF_DRIVER, NPF_MEMORY, NPF_PAGE_TABLE, NPF_RESUME,
            NPF_HCA, NPF_HOST, NPF_HCA_PERCENT, NPF_QUEUED, NPF_RECOVERY_TIME, RX_FAULT_STALL, RNR_NAKS_SENT,
            RNR_NAKS_RECEIVED, TIMEOUTS, READ_FAULT_DROPS, READ_RESPONSE_DROPS, INVALIDATIONS, INVALIDATED_ENTRIES,
            PREFETCHED_PAGES, ADVISE_PAGES, ODP_PAGE_FAULTS, ODP_FAULTS_HANDLED,
            ODP_INVALIDATIONS, ODP_INVALIDATIONS_HANDLED, ODP_PREFETCH, IMPLICIT_CHILDREN,
            IMPLICIT_CHILDREN_DESTROYED, TX_BYTES, RX_UNKNOWN_QP);

    private HcaStatistics() {
    }
}
