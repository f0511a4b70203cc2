package org.iopf.plugin.zynqsmmu;

import org.iopf.api.platform.Parameters;

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
record ExanestSettings(String irqCore, String libraryCore, long irqLatency, long isrCost, long taskletCost,
        long taskletPerFault, long netlinkLatency, int netlinkBacklog, double netlinkLoss, long pollInterval,
        long libraryRecvCost, long ackCost, long userHandlerDelay, boolean pool, int poolPages, int poolLowWater,
        long poolTakeCost, long poolRefillCost, long allocCost, long replyCost, long pageTableCost,
        long pageTablePerPage, String invalidation, long invalidateRangeCost, long invalidateRangePerPage,
        long invalidateAllCost, long resumeCost, boolean batching, int maxBatchPages, long watchdogTimeout,
        int repeatedFaultThreshold, int maxAttempts) {
    ExanestSettings {
        if (netlinkBacklog < 1) {
            throw new IllegalArgumentException("netlinkBacklog must be >= 1: " + netlinkBacklog);
        }
        if (!(netlinkLoss >= 0 && netlinkLoss < 1)) {
            throw new IllegalArgumentException("netlinkLoss must be in [0, 1): " + netlinkLoss);
        }
        if (poolPages < 0 || poolLowWater < 0 || poolLowWater > poolPages) {
            throw new IllegalArgumentException("need 0 <= poolLowWater (" + poolLowWater + ") <= poolPages ("
                    + poolPages + ")");
        }
        if (maxBatchPages < 1) {
            throw new IllegalArgumentException("maxBatchPages must be >= 1: " + maxBatchPages);
        }
        if (watchdogTimeout <= 0) {
            throw new IllegalArgumentException("watchdogTimeout must be > 0: " + watchdogTimeout);
        }
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be >= 1: " + maxAttempts);
        }
        if (repeatedFaultThreshold < 1) {
            throw new IllegalArgumentException("repeatedFaultThreshold must be >= 1: " + repeatedFaultThreshold);
        }
    }

    static ExanestSettings from(Parameters p) {
        boolean first = p.string(ExanestFaultsType.PRESET).equals(ExanestFaultsType.FIRST_IMPLEMENTATION);
        return new ExanestSettings(p.string(ExanestFaultsType.IRQ_CORE), p.string(ExanestFaultsType.LIBRARY_CORE),
                p.duration("irqLatency"), p.duration("isrCost"), p.duration("taskletCost"),
                p.duration("taskletPerFault"), p.duration("netlinkLatency"), p.intValue("netlinkBacklog"),
                p.decimal("netlinkLoss"),
                first && !p.isSet("pollInterval") ? ExanestFaultsType.FIRST_POLL_INTERVAL : p.duration("pollInterval"),
                p.duration("libraryRecvCost"), p.duration("ackCost"), p.duration("userHandlerDelay"),
                first && !p.isSet("pool") ? false : p.flag("pool"), p.intValue("poolPages"),
                p.intValue("poolLowWater"), p.duration("poolTakeCost"), p.duration("poolRefillCost"),
                p.duration("allocCost"), p.duration("replyCost"), p.duration("pageTableCost"),
                p.duration("pageTablePerPage"),
                first && !p.isSet("invalidation") ? "full" : p.string("invalidation"),
                p.duration("invalidateRangeCost"), p.duration("invalidateRangePerPage"),
                p.duration("invalidateAllCost"), p.duration("resumeCost"),
                first && !p.isSet("batching") ? false : p.flag("batching"), p.intValue("maxBatchPages"),
                first && !p.isSet("watchdogTimeout") ? ExanestFaultsType.FIRST_WATCHDOG : p.duration("watchdogTimeout"),
                p.intValue("repeatedFaultThreshold"), p.intValue("maxAttempts"));
    }
}
