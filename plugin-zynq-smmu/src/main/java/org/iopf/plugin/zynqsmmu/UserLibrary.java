package org.iopf.plugin.zynqsmmu;

import java.util.Objects;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.FaultInResult;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageTableEntry;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Histogram;
import org.iopf.api.observe.Metrics;
import org.iopf.api.sim.CpuCore;
import org.iopf.api.sim.Scheduler;
import org.iopf.api.sim.WorkPriority;

/**
 * The ExaNeSt user-space library's fault side (seed 000 §3.3): a process on an A53 core that
 * receives PF_NOTIFY_REQUEST on its Netlink socket, acknowledges it (PF_RESP_ACK), makes every
 * page of the range present — from its pre-allocated pool, or by allocating through the memory
 * manager — and answers PF_RESP_SOLVED, or PF_RESP_RETRY when no memory could be had. Its CPU time
 * is user work on its core; it refills the pool at the low-water mark under the mmap lock.
 */
final class UserLibrary {
    /** What the library tells the kernel. */
    interface Kernel {
        void ack(FaultRequest request);

        void solved(FaultRequest request);

        void retry(FaultRequest request);
    }

    private final Scheduler scheduler;
    /** The library's step times are drawn from its component's random stream. */
    private final RandomGenerator random;
    private final CpuCore core;
    private final MemoryManager memory;
    private final PagePool pool;
    private final NetlinkChannel netlink;
    private final ExanestSettings settings;
    private final Function<AddressSpace, MmapLock> locks;
    private final Kernel kernel;
    private final Counter poolTaken;
    private final Counter allocated;
    private final Counter refills;
    private final Counter duplicates;
    private final Histogram step;

    UserLibrary(Scheduler scheduler, RandomGenerator random, CpuCore core, MemoryManager memory, NetlinkChannel netlink,
            ExanestSettings settings, Function<AddressSpace, MmapLock> locks, Kernel kernel, Metrics metrics) {
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler is null");
        this.random = Objects.requireNonNull(random, "random is null");
        this.core = Objects.requireNonNull(core, "core is null");
        this.memory = Objects.requireNonNull(memory, "memory is null");
        this.netlink = Objects.requireNonNull(netlink, "netlink is null");
        this.settings = Objects.requireNonNull(settings, "settings is null");
        this.locks = Objects.requireNonNull(locks, "locks is null");
        this.kernel = Objects.requireNonNull(kernel, "kernel is null");
        this.pool = new PagePool(memory.physicalMemory(), settings.pool() ? settings.poolPages() : 0,
                settings.pool() ? settings.poolLowWater() : 0);
        pool.fill();
        this.poolTaken = ExanestStatistics.POOL_TAKEN.counter(metrics);
        this.allocated = ExanestStatistics.POOL_MISSES.counter(metrics);
        this.refills = ExanestStatistics.POOL_REFILLS.counter(metrics);
        this.duplicates = ExanestStatistics.NETLINK_DUPLICATES.counter(metrics);
        this.step = ExanestStatistics.STEP_LIBRARY.histogram(metrics);
        ExanestStatistics.POOL_AVAILABLE.gauge(metrics, pool::available);
    }

    /** A PF_NOTIFY_REQUEST reached the socket. */
    void onRequest(FaultRequest request) {
        long arrived = scheduler.now();
        core.run("exanest/library", WorkPriority.USER, settings.libraryRecvCost().draw(random), request.flowId, () -> {
            netlink.received();
            if (request.answered) {
                duplicates.increment();
                return;
            }
            core.run("exanest/library", WorkPriority.USER, settings.ackCost().draw(random), request.flowId, () -> {
                netlink.toKernel(PfMessage.PF_RESP_ACK, () -> kernel.ack(request));
                core.run("exanest/library", WorkPriority.USER, settings.userHandlerDelay().draw(random), request.flowId,
                        () -> allocate(request, arrived));
            });
        });
    }

    /** A PF_NOTIFY_RESOLVED or PF_NOTIFY_FAILED reached the socket: the library reads it and updates its state. */
    void onNotice(long flowId) {
        core.run("exanest/library", WorkPriority.USER, settings.ackCost().draw(random), flowId, netlink::received);
    }

    int poolAvailable() {
        return pool.available();
    }

    private void allocate(FaultRequest request, long arrived) {
        int missing = 0;
        for (int i = 0; i < request.pages; i++) {
            PageTableEntry e = request.space.entry(request.firstPage + i * Lpae.GRANULE).orElse(null);
            if (e == null || !e.present()) {
                missing++;
            }
        }
        int fromPool = Math.min(missing, pool.available());
        int unpooled = missing - fromPool;
        long cpu = fromPool * settings.poolTakeCost() + unpooled * settings.allocCost();
        core.run("exanest/library", WorkPriority.USER, cpu, request.flowId, () -> {
            for (int i = 0; i < fromPool; i++) {
                pool.take();
            }
            poolTaken.add(fromPool);
            allocated.add(unpooled);
            faultIn(request, 0, fromPool, false, arrived);
            refillIfLow(request);
        });
    }

    /**
     * Makes page {@code i} onwards present: the next {@code poolPages} missing pages are the pool's
     * frames, installed at once; the others (pool off or empty) go through the fault-in path.
     */
    private void faultIn(FaultRequest request, int i, int poolPages, boolean outOfMemory, long arrived) {
        if (i == request.pages) {
            reply(request, outOfMemory, arrived);
            return;
        }
        long va = request.firstPage + i * Lpae.GRANULE;
        PageTableEntry e = request.space.entry(va).orElse(null);
        boolean resident = e != null && e.present();
        boolean ready = resident && (!request.access.isWrite() || e.writable());
        if (ready || !resident && poolPages > 0) {
            FaultInResult r = memory.faultInNow(request.space, va, request.access);
            faultIn(request, i + 1, resident ? poolPages : poolPages - 1, outOfMemory || note(request, va, r),
                    arrived);
            return;
        }
        memory.faultIn(request.space, va, request.access,
                r -> faultIn(request, i + 1, 0, outOfMemory || note(request, va, r.result()), arrived));
    }

    /** Records a page that cannot be made present; returns whether it was for lack of memory. */
    private static boolean note(FaultRequest request, long va, FaultInResult r) {
        switch (r) {
            case ALREADY_PRESENT, ZERO_FILLED, SWAPPED_IN -> {
                return false;
            }
            case OUT_OF_MEMORY -> {
                return true;
            }
            default -> {
                request.failedPages.add(va);
                return false;
            }
        }
    }

    private void reply(FaultRequest request, boolean outOfMemory, long arrived) {
        core.run("exanest/library", WorkPriority.USER, settings.replyCost().draw(random), request.flowId, () -> {
            step.record(scheduler.now() - arrived);
            if (outOfMemory) {
                request.failedPages.clear();
                netlink.toKernel(PfMessage.PF_RESP_RETRY, () -> kernel.retry(request));
            } else {
                netlink.toKernel(PfMessage.PF_RESP_SOLVED, () -> kernel.solved(request));
            }
        });
    }

    private void refillIfLow(FaultRequest request) {
        if (!settings.pool() || !pool.needsRefill()) {
            return;
        }
        pool.refilling(true);
        MmapLock lock = locks.apply(request.space);
        lock.acquire(() -> core.run("exanest/pool-refill", WorkPriority.USER,
                pool.deficit() * settings.poolRefillCost(), 0, () -> {
                    pool.fill();
                    pool.refilling(false);
                    refills.increment();
                    lock.release();
                }));
    }
}
