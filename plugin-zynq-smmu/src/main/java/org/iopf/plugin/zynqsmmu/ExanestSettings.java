package org.iopf.plugin.zynqsmmu;

import org.iopf.api.platform.Parameter;
import org.iopf.api.platform.Parameters;
import org.iopf.api.sim.ServiceTime;

/**
 * The parameters of an {@code exanest-faults} component, read once, with the
 * {@code first-implementation} preset applied to every parameter the platform file left at its
 * default (names, units and defaults in {@link ExanestFaultsType}).
 *
 * @param irqCore core that takes the SMMU interrupt and runs ISR and tasklet
 * @param libraryCore core the user-space library process runs on (its syscalls too)
 * @param irqLatency ns from the SMMU raising the interrupt to the ISR starting
 * @param isrCost ns of CPU of the ISR per fault
 * @param taskletCost ns of CPU of one tasklet run
 * @param taskletPerFault ns of CPU per fault the tasklet handles
 * @param netlinkLatency ns for a kernel message to reach the library's socket and wake it
 * @param netlinkBacklog messages the library's socket queues at most (more are dropped)
 * @param netlinkLoss probability that a notification is lost
 * @param pollInterval ns between the library's polls of its socket; 0 = blocking receive
 * @param libraryRecvCost ns of library CPU to receive and decode one notification
 * @param ackCost ns of library CPU to send PF_RESP_ACK
 * @param userHandlerDelay ns the library's fault callback blocks per request (fault injection)
 * @param pool whether the library takes pages from its pre-allocated pool
 * @param poolPages pages in the pool when full
 * @param poolLowWater pages left at which the library refills the pool
 * @param poolTakeCost ns of library CPU per page taken from the pool
 * @param poolRefillCost ns of library CPU per page added to the pool
 * @param allocCost ns of library CPU per page allocated without the pool
 * @param replyCost ns of library CPU to send PF_RESP_SOLVED / RETRY (the syscall)
 * @param pageTableCost ns of kernel CPU per page-table update (under the mmap lock)
 * @param pageTablePerPage ns of kernel CPU per page updated
 * @param invalidation range, full, or none (the missing-invalidation bug)
 * @param invalidateRangeCost ns of kernel CPU of a range invalidation plus TLBSYNC
 * @param invalidateRangePerPage ns per page of a range invalidation
 * @param invalidateAllCost ns of kernel CPU of a full invalidation plus TLBSYNC
 * @param resumeCost ns of kernel CPU to write RESUME for one fault
 * @param batching whether contiguous pending faults share one notification
 * @param maxBatchPages pages one notification covers at most
 * @param watchdogTimeout ns after a notification without answer before it is sent again
 * @param repeatedFaultThreshold faults on an already resolved page that count as a repeated-fault bug
 * @param maxAttempts notifications of one request (first, watchdog resends, after PF_RESP_RETRY)
 *     before its faults are terminated
 */
record ExanestSettings(String irqCore, String libraryCore, ServiceTime irqLatency, ServiceTime isrCost, ServiceTime taskletCost,
        long taskletPerFault, ServiceTime netlinkLatency, int netlinkBacklog, double netlinkLoss, long pollInterval,
        ServiceTime libraryRecvCost, ServiceTime ackCost, ServiceTime userHandlerDelay, boolean pool, int poolPages, int poolLowWater,
        long poolTakeCost, long poolRefillCost, long allocCost, ServiceTime replyCost, ServiceTime pageTableCost,
        long pageTablePerPage, String invalidation, ServiceTime invalidateRangeCost, long invalidateRangePerPage,
        ServiceTime invalidateAllCost, long resumeCost, boolean batching, int maxBatchPages, long watchdogTimeout,
        int repeatedFaultThreshold, int maxAttempts) {
    /** Checks what no single declaration covers (ranges are declared, and checked, in {@link ExanestFaultsType}). */
    ExanestSettings {
        if (poolLowWater > poolPages) {
            throw new IllegalArgumentException("need poolLowWater (" + poolLowWater + ") <= poolPages (" + poolPages
                    + ")");
        }
    }

    /** Reads the validated parameters, applying the preset to those the platform file left at their defaults. */
    static ExanestSettings from(Parameters p) {
        boolean first = p.get(ExanestFaultsType.PRESET).equals(ExanestFaultsType.FIRST_IMPLEMENTATION);
        return new ExanestSettings(p.get(ExanestFaultsType.IRQ_CORE), p.get(ExanestFaultsType.LIBRARY_CORE),
                p.get(ExanestFaultsType.IRQ_LATENCY), p.get(ExanestFaultsType.ISR_COST),
                p.get(ExanestFaultsType.TASKLET_COST), p.get(ExanestFaultsType.TASKLET_PER_FAULT),
                p.get(ExanestFaultsType.NETLINK_LATENCY), p.get(ExanestFaultsType.NETLINK_BACKLOG),
                p.get(ExanestFaultsType.NETLINK_LOSS),
                p.get(ExanestFaultsType.POLL_INTERVAL),
                p.get(ExanestFaultsType.LIBRARY_RECV_COST), p.get(ExanestFaultsType.ACK_COST),
                p.get(ExanestFaultsType.USER_HANDLER_DELAY), preset(p, first, ExanestFaultsType.POOL, false),
                p.get(ExanestFaultsType.POOL_PAGES), p.get(ExanestFaultsType.POOL_LOW_WATER),
                p.get(ExanestFaultsType.POOL_TAKE_COST), p.get(ExanestFaultsType.POOL_REFILL_COST),
                p.get(ExanestFaultsType.ALLOC_COST), p.get(ExanestFaultsType.REPLY_COST),
                p.get(ExanestFaultsType.PAGE_TABLE_COST), p.get(ExanestFaultsType.PAGE_TABLE_PER_PAGE),
                preset(p, first, ExanestFaultsType.INVALIDATION, "full"),
                p.get(ExanestFaultsType.INVALIDATE_RANGE_COST), p.get(ExanestFaultsType.INVALIDATE_RANGE_PER_PAGE),
                p.get(ExanestFaultsType.INVALIDATE_ALL_COST), p.get(ExanestFaultsType.RESUME_COST),
                preset(p, first, ExanestFaultsType.BATCHING, false), p.get(ExanestFaultsType.MAX_BATCH_PAGES),
                p.get(ExanestFaultsType.WATCHDOG_TIMEOUT),
                p.get(ExanestFaultsType.REPEATED_FAULT_THRESHOLD), p.get(ExanestFaultsType.MAX_ATTEMPTS));
    }

    /** The first implementation's value of {@code key} if that preset is chosen and the file left it unset. */
    private static <T> T preset(Parameters p, boolean first, Parameter<T> key, T firstImplementation) {
        return first && !p.isSet(key.name()) ? firstImplementation : p.get(key);
    }
}
