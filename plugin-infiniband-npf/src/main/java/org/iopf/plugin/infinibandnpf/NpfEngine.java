package org.iopf.plugin.infinibandnpf;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.function.LongConsumer;
import java.util.random.RandomGenerator;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.fault.FaultResolution;
import org.iopf.api.fault.FaultSink;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.FaultInResult;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PageTableEntry;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Histogram;
import org.iopf.api.observe.Metrics;
import org.iopf.api.observe.Tracer;
import org.iopf.api.sim.CpuCore;
import org.iopf.api.sim.Scheduler;
import org.iopf.api.sim.WorkPriority;

/**
 * The HCA's network-page-fault path (seed 001 §2.1): a translation miss in an on-demand region's
 * table becomes a fault that goes through five phases — detection (HCA), interrupt (HCA firmware,
 * then the host's interrupt handler), driver handling (host), memory preparation (the OS faults the
 * pages in, the driver gets and maps them, the firmware prepares table space) with the translation
 * update (host writes the entries, the HCA executes the update), and resume (HCA firmware). The
 * cost of a phase grows with the number of translation entries the fault maps, which is how a
 * 4 MiB message costs more than a 4 KiB one (FIDELITY B1, B2).
 *
 * <p>A fault covers the faulting page and the rest of the operation's range, as mlx5's
 * {@code pagefault_single_data_segment} maps a data segment or an RDMA operation's whole length
 * before it resumes the queue pair; with {@code faultScope: prefetch-window} at most
 * {@code maxPrefetch} bytes of it. A miss inside the range of a fault already queued or running joins it.
 * Faults of one fault-handling context run one at a time, in the order raised; the HCA has one
 * context, or one per protection domain with {@code pdIsolation} (B5).
 *
 * <p>An advise prefetch ({@code ibv_advise_mr}) runs the memory preparation and the translation
 * update of the same machinery without a fault: no detection, interrupt, driver or resume phase,
 * as mlx5's {@code mlx5_ib_advise_mr_prefetch} calls {@code pagefault_mr} from the verb (flush) or
 * from a work item. It is not queued behind faults; a miss inside its range joins it.
 *
 * <p>Before it writes entries, a fault compares the region's invalidation sequence number with
 * the one it read when memory preparation began; if an MMU-notifier invalidation came in between,
 * it prepares the memory again rather than map a frame that may be reused (B6).
 */
final class NpfEngine {
    /** Told when a fault has been resolved (true) or has failed (false). */
    @FunctionalInterface
    interface Outcome {
        void done(boolean resolved);
    }

    private final Scheduler scheduler;
    private final MemoryManager memoryManager;
    private final FaultSink faultSink;
    private final NpfCosts costs;
    /** Draws the phases' fixed parts; constants draw nothing. */
    private final RandomGenerator random;
    private final CpuCore core;
    private final Tracer tracer;
    private final String track;
    private final long maxPrefetch;
    private final Map<Integer, ArrayDeque<Npf>> contexts = new HashMap<>();
    private final List<Npf> active = new ArrayList<>();

    private final Counter faults;
    private final Counter joined;
    private final Counter entriesMapped;
    private final Counter retries;
    private final Counter failures;
    private final Histogram queued;
    private final Histogram detection;
    private final Histogram interrupt;
    private final Histogram driver;
    private final Histogram memory;
    private final Histogram pageTable;
    private final Histogram resume;
    private final Histogram latency;
    private final Histogram hca;
    private final Histogram host;
    private long totalHcaNanos;
    private long totalNanos;
    private long firstRaised = -1;
    private long lastResolved = -1;

    /** One network page fault. */
    private final class Npf {
        final long id;
        final OdpRegion region;
        final long start;
        final long end;
        final Access access;
        final int context;
        final long entries;
        final List<Outcome> waiters = new ArrayList<>();
        final long raisedAt;
        long startedAt;
        long phaseStart;
        long hcaNanos;
        long sequence;
        int outstanding;
        boolean failed;
        /** An advise prefetch, not a fault: told the entries it mapped, -1 if it failed. */
        LongConsumer prefetchDone;
        /** A prefetch that maps only what the OS has resident (PREFETCH_NO_FAULT). */
        boolean snapshot;
        long mapped;

        Npf(long id, OdpRegion region, long start, long end, Access access, int context, long entries) {
            this.id = id;
            this.region = region;
            this.start = start;
            this.end = end;
            this.access = access;
            this.context = context;
            this.entries = entries;
            this.raisedAt = scheduler.now();
        }

        boolean covers(OdpRegion r, long va) {
            return r == region && va >= start && va < end;
        }

        boolean isPrefetch() {
            return prefetchDone != null;
        }

        String label(String step) {
            return (isPrefetch() ? "advise/" : "npf/") + step;
        }
    }

    NpfEngine(Scheduler scheduler, MemoryManager memoryManager, FaultSink faultSink, NpfCosts costs,
            RandomGenerator random, CpuCore core, Tracer tracer, String track, long maxPrefetch, Metrics metrics) {
        this.random = Objects.requireNonNull(random, "random is null");
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler is null");
        this.memoryManager = Objects.requireNonNull(memoryManager, "memoryManager is null");
        this.faultSink = Objects.requireNonNull(faultSink, "faultSink is null");
        this.costs = Objects.requireNonNull(costs, "costs is null");
        this.core = Objects.requireNonNull(core, "core is null");
        this.tracer = Objects.requireNonNull(tracer, "tracer is null");
        this.track = Objects.requireNonNull(track, "track is null");
        this.maxPrefetch = maxPrefetch;
        faults = HcaStatistics.NPF_FAULTS.counter(metrics);
        joined = HcaStatistics.NPF_JOINED.counter(metrics);
        entriesMapped = HcaStatistics.NPF_ENTRIES.counter(metrics);
        retries = HcaStatistics.NPF_RETRIES.counter(metrics);
        failures = HcaStatistics.NPF_FAILED.counter(metrics);
        queued = HcaStatistics.NPF_QUEUED.histogram(metrics);
        detection = HcaStatistics.NPF_DETECTION.histogram(metrics);
        interrupt = HcaStatistics.NPF_INTERRUPT.histogram(metrics);
        driver = HcaStatistics.NPF_DRIVER.histogram(metrics);
        memory = HcaStatistics.NPF_MEMORY.histogram(metrics);
        pageTable = HcaStatistics.NPF_PAGE_TABLE.histogram(metrics);
        resume = HcaStatistics.NPF_RESUME.histogram(metrics);
        latency = HcaStatistics.NPF_LATENCY.histogram(metrics);
        hca = HcaStatistics.NPF_HCA.histogram(metrics);
        host = HcaStatistics.NPF_HOST.histogram(metrics);
        HcaStatistics.NPF_HCA_PERCENT.gauge(metrics,
                () -> totalNanos == 0 ? 0 : Math.round(100.0 * totalHcaNanos / totalNanos));
        HcaStatistics.NPF_RECOVERY_TIME.gauge(metrics, () -> lastResolved < 0 ? 0 : lastResolved - firstRaised);
    }

    /** Whether a fault queued or running covers {@code va} of {@code region}. */
    boolean inProgress(OdpRegion region, long va) {
        for (Npf npf : active) {
            if (npf.covers(region, va)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Reports a translation miss at {@code va} of {@code region} by an operation whose range ends
     * at {@code end}: raises a fault covering {@code [page of va, end)} (with a prefetch window,
     * {@code [page of va, min(end, page + maxPrefetch))}),
     * or joins the fault in progress that covers {@code va}.
     *
     * @param context the fault-handling context (0, or the protection domain with isolation)
     * @param onDone told when the page is mapped or the fault failed, may be null
     * @return true if a new fault was raised
     */
    boolean fault(OdpRegion region, long va, long end, Access access, int context, Outcome onDone) {
        for (Npf npf : active) {
            if (npf.covers(region, va)) {
                joined.increment();
                if (onDone != null) {
                    npf.waiters.add(onDone);
                }
                return false;
            }
        }
        long entry = region.hugePages() ? PageSize.HUGE_2M.bytes() : PageSize.BASE.bytes();
        long start = Math.max(region.tableStart(), va & -entry);
        long limit = Math.max(end, va + 1);
        long window = maxPrefetch == Long.MAX_VALUE ? Long.MAX_VALUE : PageSize.BASE.alignDown(va) + maxPrefetch;
        long stop = Math.min(Math.min(limit, window), region.tableEnd());
        stop = Math.min(region.tableEnd(), (stop + entry - 1) & -entry);
        long entries = 0;
        for (long w = start; w < stop; w += entry) {
            if (region.firstMissing(w, Math.min(entry, stop - w)) >= 0) {
                entries++;
            }
        }
        if (entries == 0) {
            if (onDone != null) {
                scheduler.schedule(0, () -> onDone.done(true));
            }
            return false;
        }
        Npf npf = new Npf(faultSink.nextFaultId(), region, start, stop, access, context, entries);
        if (onDone != null) {
            npf.waiters.add(onDone);
        }
        faults.increment();
        if (firstRaised < 0) {
            firstRaised = scheduler.now();
        }
        active.add(npf);
        if (tracer.enabled()) {
            tracer.instant(track, "fault/" + FaultKind.TRANSLATION.name(), npf.id);
        }
        ArrayDeque<Npf> queue = contexts.computeIfAbsent(context, k -> new ArrayDeque<>());
        queue.addLast(npf);
        if (queue.size() == 1) {
            begin(npf);
        }
        return true;
    }

    /**
     * An advise prefetch of {@code [va, va+length)} of {@code region} (clipped to it): the pages
     * the table lacks are made present by the OS ({@code access}), got, mapped and posted to the
     * HCA; with {@code snapshot} only those the OS already has present are mapped and nothing is
     * faulted in ({@code MLX5_PF_FLAGS_SNAPSHOT}).
     *
     * @param done told the entries mapped, or -1 if the OS could not make a page present
     */
    void prefetch(OdpRegion region, long va, long length, Access access, boolean snapshot, LongConsumer done) {
        Objects.requireNonNull(done, "done is null");
        long entry = region.hugePages() ? PageSize.HUGE_2M.bytes() : PageSize.BASE.bytes();
        long start = Math.max(region.tableStart(), va & -entry);
        long stop = Math.min(region.tableEnd(), (va + Math.max(1, length) + entry - 1) & -entry);
        long entries = 0;
        for (long window = start; window < stop; window += entry) {
            long miss = region.firstMissing(window, Math.min(entry, stop - window));
            if (miss >= 0 && (!snapshot || residentInOs(region, miss, access))) {
                entries++;
            }
        }
        if (entries == 0) {
            scheduler.schedule(0, () -> done.accept(0));
            return;
        }
        Npf npf = new Npf(0, region, start, stop, access, -1, entries);
        npf.prefetchDone = done;
        npf.snapshot = snapshot;
        if (!snapshot) {
            active.add(npf);
        }
        npf.startedAt = scheduler.now();
        memoryPhase(npf);
    }

    private boolean residentInOs(OdpRegion region, long page, Access access) {
        PageTableEntry entry = region.space().entry(page).orElse(null);
        return entry != null && entry.present() && (!access.isWrite() || entry.writable());
    }

    // ---- the phases ----

    private void begin(Npf npf) {
        npf.startedAt = scheduler.now();
        queued.record(npf.startedAt - npf.raisedAt);
        npf.phaseStart = scheduler.now();
        onHca(npf, "npf/detection", costs.detectionNanos(npf.entries, random), () -> {
            detection.record(scheduler.now() - npf.phaseStart);
            interruptPhase(npf);
        });
    }

    private void interruptPhase(Npf npf) {
        npf.phaseStart = scheduler.now();
        onHca(npf, "npf/interrupt", costs.interrupt().draw(random), () -> core.run("npf/isr", WorkPriority.INTERRUPT,
                costs.isrCpu().draw(random), npf.id, () -> {
                    interrupt.record(scheduler.now() - npf.phaseStart);
                    driverPhase(npf);
                }));
    }

    private void driverPhase(Npf npf) {
        npf.phaseStart = scheduler.now();
        core.run("npf/driver", WorkPriority.KERNEL, costs.driverNanos(npf.entries, random), npf.id, () -> {
            driver.record(scheduler.now() - npf.phaseStart);
            memoryPhase(npf);
        });
    }

    /** Memory preparation: the OS makes every page present, the driver gets and maps them. */
    private void memoryPhase(Npf npf) {
        npf.phaseStart = scheduler.now();
        npf.sequence = npf.region.sequence();
        npf.outstanding = 1;
        for (long page = npf.start; page < npf.end; page += OdpRegion.PAGE) {
            if (!npf.snapshot && !presentFor(npf, page)) {
                npf.outstanding++;
                long va = page;
                memoryManager.faultIn(npf.region.space(), page, npf.access, faulted -> {
                    if (!isResolved(faulted.result())) {
                        npf.region.markUnresolvable(va);
                    }
                    pageReady(npf, faulted.result());
                });
            }
        }
        pageReady(npf, FaultInResult.ALREADY_PRESENT);
    }

    private boolean presentFor(Npf npf, long page) {
        return residentInOs(npf.region, page, npf.access);
    }

    private static boolean isResolved(FaultInResult result) {
        return result == FaultInResult.ALREADY_PRESENT || result == FaultInResult.ZERO_FILLED
                || result == FaultInResult.SWAPPED_IN;
    }

    private void pageReady(Npf npf, FaultInResult result) {
        if (!isResolved(result)) {
            npf.failed = true;
        }
        if (--npf.outstanding > 0) {
            return;
        }
        if (npf.failed) {
            finish(npf, false);
            return;
        }
        core.run(npf.label("allocate"), WorkPriority.KERNEL, costs.allocationNanos(npf.entries, random), npf.id,
                () -> onHca(npf, npf.label("memory"), costs.memoryHca().draw(random), () -> {
                    if (!npf.isPrefetch()) {
                        memory.record(scheduler.now() - npf.phaseStart);
                    }
                    pageTablePhase(npf);
                }));
    }

    /**
     * The driver collects the frames and writes them into the translation update, unless an
     * invalidation raced it; the HCA executes the update and resumes the transfer. The entries
     * become valid when the transfer resumes, and only if no invalidation came in meanwhile.
     */
    private void pageTablePhase(Npf npf) {
        npf.phaseStart = scheduler.now();
        core.run(npf.label("pagetable"), WorkPriority.KERNEL, costs.tableWriteNanos(npf.entries), npf.id, () -> {
            long[] frames = npf.region.sequence() == npf.sequence ? collect(npf) : null;
            if (frames == null) {
                retry(npf);
                return;
            }
            onHca(npf, npf.label("pagetable"), costs.tableUpdateHca().draw(random), () -> {
                if (npf.isPrefetch()) {
                    if (npf.region.sequence() != npf.sequence) {
                        retry(npf);
                        return;
                    }
                    install(npf, frames);
                    finish(npf, true);
                    return;
                }
                pageTable.record(scheduler.now() - npf.phaseStart);
                npf.phaseStart = scheduler.now();
                onHca(npf, "npf/resume", costs.resume().draw(random), () -> {
                    if (npf.region.sequence() != npf.sequence) {
                        retry(npf);
                        return;
                    }
                    resume.record(scheduler.now() - npf.phaseStart);
                    install(npf, frames);
                    finish(npf, true);
                });
            });
        });
    }

    /** An invalidation raced the fault: prepare the memory again (mmu_interval_read_retry). */
    private void retry(Npf npf) {
        retries.increment();
        if (tracer.enabled()) {
            tracer.instant(track, npf.label("retry"), npf.id);
        }
        memoryPhase(npf);
    }

    /** The frames of the fault's pages (0 for a page already translated), or null if one is gone. */
    private long[] collect(Npf npf) {
        OdpRegion region = npf.region;
        long[] frames = new long[(int) ((npf.end - npf.start) / OdpRegion.PAGE)];
        for (int i = 0; i < frames.length; i++) {
            long page = npf.start + i * OdpRegion.PAGE;
            if (region.lookup(page) >= 0) {
                frames[i] = -1;
                continue;
            }
            OptionalLong pa = memoryManager.translate(region.space(), page, npf.access);
            if (pa.isEmpty() && npf.snapshot) {
                frames[i] = -1;
                continue;
            }
            if (pa.isEmpty()) {
                return null;
            }
            frames[i] = pa.getAsLong();
        }
        return frames;
    }

    private void install(Npf npf, long[] frames) {
        long mapped = 0;
        for (int i = 0; i < frames.length; i++) {
            long page = npf.start + i * OdpRegion.PAGE;
            if (frames[i] >= 0 && npf.region.lookup(page) < 0) {
                npf.region.fill(page, frames[i]);
                mapped++;
            }
        }
        npf.mapped += mapped;
        OdpStats stats = npf.region.stats();
        if (npf.isPrefetch()) {
            if (stats != null) {
                stats.prefetched(mapped);
            }
        } else {
            entriesMapped.add(mapped);
            if (stats != null) {
                stats.faultHandled(mapped);
            }
        }
    }

    private void finish(Npf npf, boolean resolved) {
        if (npf.isPrefetch()) {
            active.remove(npf);
            for (Outcome waiter : npf.waiters) {
                waiter.done(resolved);
            }
            npf.prefetchDone.accept(resolved ? npf.mapped : -1);
            return;
        }
        long total = scheduler.now() - npf.startedAt;
        if (resolved) {
            latency.record(total);
            hca.record(npf.hcaNanos);
            host.record(total - npf.hcaNanos);
            totalHcaNanos += npf.hcaNanos;
            totalNanos += total;
            lastResolved = scheduler.now();
        } else {
            failures.increment();
        }
        faultSink.handledByDevice(npf.id, FaultKind.TRANSLATION, npf.raisedAt,
                resolved ? FaultResolution.RETRY : FaultResolution.TERMINATE);
        active.remove(npf);
        for (Outcome waiter : npf.waiters) {
            waiter.done(resolved);
        }
        ArrayDeque<Npf> queue = contexts.get(npf.context);
        queue.pollFirst();
        if (!queue.isEmpty()) {
            begin(queue.peekFirst());
        }
    }

    /** Spends {@code nanos} on the HCA (a slice on its track), then runs {@code next}. */
    private void onHca(Npf npf, String step, long nanos, Runnable next) {
        if (tracer.enabled()) {
            tracer.slice(track, step, scheduler.now(), nanos, npf.id);
        }
        npf.hcaNanos += nanos;
        scheduler.schedule(nanos, next::run);
    }
}
