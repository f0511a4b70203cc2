package org.iopf.plugin.infinibandnpf;

import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Metrics;

/**
 * The on-demand-paging statistics of one region, as mlx5 keeps them in {@code mr->odp_stats} and
 * reports them through rdma netlink ({@code fill_stat_mr_entry}, Linux
 * {@code drivers/infiniband/hw/mlx5/restrack.c}): pages mapped by faults and the faults handled,
 * pages invalidated and the invalidations handled, pages prefetched. Registered as
 * {@code odp.mrKEY.page_faults} etc. under the HCA.
 */
final class OdpStats {
    private final Counter pageFaults;
    private final Counter faultsHandled;
    private final Counter invalidations;
    private final Counter invalidationsHandled;
    private final Counter prefetch;

    OdpStats(Metrics metrics, int key) {
        String mr = "mr" + key;
        pageFaults = HcaStatistics.ODP_PAGE_FAULTS.counter(metrics, mr);
        faultsHandled = HcaStatistics.ODP_FAULTS_HANDLED.counter(metrics, mr);
        invalidations = HcaStatistics.ODP_INVALIDATIONS.counter(metrics, mr);
        invalidationsHandled = HcaStatistics.ODP_INVALIDATIONS_HANDLED.counter(metrics, mr);
        prefetch = HcaStatistics.ODP_PREFETCH.counter(metrics, mr);
    }

    /** A fault handled that mapped {@code pages} entries ({@code mlx5_update_odp_stats_with_handled(mr, faults, ret)}). */
    void faultHandled(long pages) {
        pageFaults.add(pages);
        faultsHandled.increment();
    }

    /** An MMU-notifier invalidation that dropped {@code pages} entries. */
    void invalidationHandled(long pages) {
        invalidations.add(pages);
        invalidationsHandled.increment();
    }

    /** {@code pages} entries mapped by a prefetch ({@code mlx5_update_odp_stats(mr, prefetch, ret)}). */
    void prefetched(long pages) {
        prefetch.add(pages);
    }

    long pageFaults() {
        return pageFaults.value();
    }

    long faultsHandled() {
        return faultsHandled.value();
    }

    long invalidations() {
        return invalidations.value();
    }

    long invalidationsHandled() {
        return invalidationsHandled.value();
    }

    long prefetch() {
        return prefetch.value();
    }
}
