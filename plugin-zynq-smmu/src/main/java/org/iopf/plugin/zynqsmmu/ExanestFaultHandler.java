package org.iopf.plugin.zynqsmmu;

import jakarta.inject.Inject;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.random.RandomGenerator;
import org.iopf.api.fault.FaultHandler;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.fault.PageFault;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageSize;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Histogram;
import org.iopf.api.observe.Inspectable;
import org.iopf.api.observe.Metrics;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.sim.CpuCore;
import org.iopf.api.sim.WorkPriority;
import org.iopf.toolkit.fault.IoMappings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ExaNeSt fault path (seed 000 §3.2, §3.3, §4.1; FIDELITY A6) as the node's fault handler.
 *
 * <ol>
 *   <li><b>ISR</b> ({@code exanest/isr}, interrupt work on {@code irqCore}): reads FSR/FAR of the
 *       faulting bank, records the fault, clears the FSR (write 1 to clear) and schedules the tasklet.</li>
 *   <li><b>Tasklet</b> ({@code exanest/tasklet}, softirq on the same core): only translation faults
 *       are handled; any other kind is reported as unrecoverable and terminated (RESUME terminate).
 *       Contiguous pending faults of one domain are batched into one request (if {@code batching}),
 *       a fault on a page already requested joins that request, and each request is sent to the
 *       library as PF_NOTIFY_REQUEST ({@code exanest/netlink}).</li>
 *   <li><b>Library</b> ({@code exanest/library}, user work on {@code libraryCore}, see
 *       {@link UserLibrary}): PF_RESP_ACK, pages from the pool (or allocated), PF_RESP_SOLVED.</li>
 *   <li><b>Page table</b> ({@code exanest/pagetable}, kernel work in the library's sendmsg): under the
 *       process's mmap lock the I/O page table is updated through {@link Iommu#map}.</li>
 *   <li><b>Invalidate</b> ({@code exanest/invalidate}): the IOTLB range ({@link Iommu#invalidate}),
 *       the whole context ({@link Iommu#invalidateAll}), or nothing (the missing-invalidation bug).</li>
 *   <li><b>Resume</b> ({@code exanest/resume}): RESUME retry for each fault of the request (the
 *       fault's {@link PageFault#retry()}), then PF_NOTIFY_RESOLVED to the library.</li>
 * </ol>
 *
 * <p>Each step's time (queueing included) goes into a histogram {@code step.<name>} (ns), and every
 * fault's recovery, from detection to RESUME, into {@code recovery} (ns). A watchdog sends a
 * notification again if it stays unanswered for {@code watchdogTimeout}; faults on a page this
 * handler already resolved are counted, and at {@code repeatedFaultThreshold} reported and
 * recovered with a full invalidation (FIDELITY A11). An MMU notifier on each process unmaps pages
 * from the IOMMU before the memory manager reclaims or moves them.
 *
 * <p>Inspection: the view {@code requests} lists the requests in flight (range, faults waiting,
 * notifications sent, whether the library answered) and the library's pool and socket.
 */
final class ExanestFaultHandler implements FaultHandler, Inspectable {
    private static final Logger LOG = LoggerFactory.getLogger(ExanestFaultHandler.class);
    private static final long PAGE = PageSize.BASE.bytes();

    private final ComponentContext context;
    private final Iommu iommu;
    private final IoMappings mappings;
    private final MemoryManager memory;
    /** Step times are drawn from the component's random stream (a constant draws nothing). */
    private final RandomGenerator random;
    private final ExanestSettings settings;
    private final CpuCore irqCore;
    private final CpuCore libraryCore;
    private final NetlinkChannel netlink;
    private final UserLibrary library;
    private final ArrayDeque<HandedOn> taskletQueue = new ArrayDeque<>();

    /** A fault the ISR handed on to the tasklet, and when: the tasklet step starts there. */
    private record HandedOn(PageFault fault, long at) {
    }
    private final Map<Integer, TreeMap<Long, FaultRequest>> outstanding = new HashMap<>();
    private final Map<Integer, MmapLock> locks = new HashMap<>();
    private final Set<PageKey> resolvedPages = new HashSet<>();
    private final Map<PageKey, Integer> repeats = new HashMap<>();
    private final Counters counters;
    private boolean taskletScheduled;

    /** A page of a domain. */
    private record PageKey(int domain, long page) {
    }

    /** The handler's metrics. */
    private static final class Counters {
        final Counter handled;
        final Counter resolved;
        final Counter terminated;
        final Counter unrecoverable;
        final Counter notifications;
        final Counter acks;
        final Counter retries;
        final Counter joined;
        final Counter watchdog;
        final Counter repeated;
        final Counter repeatedDetected;
        final Counter notifierUnmaps;
        final Counter abandoned;
        final Histogram recovery;
        final Histogram isr;
        final Histogram tasklet;
        final Histogram pagetable;
        final Histogram invalidate;
        final Histogram resume;
        final Histogram batchPages;

        Counters(Metrics m) {
            handled = ExanestStatistics.HANDLED.counter(m);
            resolved = ExanestStatistics.RESOLVED.counter(m);
            terminated = ExanestStatistics.TERMINATED.counter(m);
            unrecoverable = ExanestStatistics.UNRECOVERABLE.counter(m);
            notifications = ExanestStatistics.NOTIFICATIONS.counter(m);
            acks = ExanestStatistics.ACKS.counter(m);
            retries = ExanestStatistics.RETRIES.counter(m);
            joined = ExanestStatistics.JOINED.counter(m);
            watchdog = ExanestStatistics.WATCHDOG.counter(m);
            repeated = ExanestStatistics.REPEATED.counter(m);
            repeatedDetected = ExanestStatistics.REPEATED_DETECTED.counter(m);
            notifierUnmaps = ExanestStatistics.NOTIFIER_UNMAPS.counter(m);
            abandoned = ExanestStatistics.ABANDONED.counter(m);
            recovery = ExanestStatistics.RECOVERY.histogram(m);
            isr = ExanestStatistics.STEP_ISR.histogram(m);
            tasklet = ExanestStatistics.STEP_TASKLET.histogram(m);
            pagetable = ExanestStatistics.STEP_PAGETABLE.histogram(m);
            invalidate = ExanestStatistics.STEP_INVALIDATE.histogram(m);
            resume = ExanestStatistics.STEP_RESUME.histogram(m);
            batchPages = ExanestStatistics.BATCH_PAGES.histogram(m);
        }
    }

    @Inject
    ExanestFaultHandler(ComponentContext context, Iommu iommu, MemoryManager memory) {
        this.context = Objects.requireNonNull(context, "context is null");
        this.iommu = Objects.requireNonNull(iommu, "iommu is null");
        this.mappings = new IoMappings(memory, () -> iommu, this::unmapped);
        this.memory = Objects.requireNonNull(memory, "memory is null");
        this.settings = ExanestSettings.from(context.parameters());
        this.random = context.random();
        this.irqCore = core(context, ExanestFaultsType.IRQ_CORE.name(), settings.irqCore(), 0);
        this.libraryCore = core(context, ExanestFaultsType.LIBRARY_CORE.name(), settings.libraryCore(), 1);
        Metrics metrics = context.metrics();
        this.counters = new Counters(metrics);
        ExanestStatistics.MMAP_LOCK_CONTENDED.gauge(metrics,
                () -> locks.values().stream().mapToLong(MmapLock::contended).sum());
        this.netlink = new NetlinkChannel(context.scheduler(), context.random(), context.tracer(),
                context.path() + "/netlink", metrics, settings);
        this.library = new UserLibrary(context.scheduler(), context.random(), libraryCore, memory, netlink, settings,
                space -> lock(space), new UserLibrary.Kernel() {
                    @Override
                    public void ack(FaultRequest request) {
                        counters.acks.increment();
                    }

                    @Override
                    public void solved(FaultRequest request) {
                        onSolved(request);
                    }

                    @Override
                    public void retry(FaultRequest request) {
                        counters.retries.increment();
                        notifyLibrary(request);
                    }
                }, metrics);
    }

    /**
     * The named core; a default name the node lacks (a platform without an {@code a53} cluster)
     * falls back to the node's core at {@code index} (or its last core).
     */
    private static CpuCore core(ComponentContext context, String parameter, String name, int index) {
        if (context.parameters().isSet(parameter) || context.resources().core(name).isPresent()) {
            return context.resources().requireCore(name);
        }
        List<CpuCore> cores = context.resources().cores();
        if (cores.isEmpty()) {
            throw new IllegalArgumentException(context.path() + ": the node has no CPU core for the fault path");
        }
        return cores.get(Math.min(index, cores.size() - 1));
    }

    @Override
    public void handle(PageFault fault) {
        Objects.requireNonNull(fault, "fault is null");
        counters.handled.increment();
        long raised = fault.record().timeNanos();
        context.scheduler().schedule(settings.irqLatency().draw(random), () -> irqCore.run("exanest/isr",
                WorkPriority.INTERRUPT, settings.isrCost().draw(random), fault.record().id(), () -> isr(fault, raised)));
    }

    /** The ISR's effect: read and clear the bank's fault status, queue the fault, schedule the tasklet. */
    private void isr(PageFault fault, long raised) {
        fault.record().detail(ContextBankFault.class).ifPresent(bank -> {
            long fsrOffset = RegisterLayout.probe(bank.registers()).cb(bank.bank(), SmmuRegisters.CB_FSR);
            long fsr = bank.registers().readRegister(fsrOffset);
            bank.registers().writeRegister(fsrOffset, fsr & (SmmuRegisters.FSR_FAULT | SmmuRegisters.FSR_MULTI));
        });
        counters.isr.record(context.scheduler().now() - raised);
        taskletQueue.addLast(new HandedOn(fault, context.scheduler().now()));
        if (!taskletScheduled) {
            taskletScheduled = true;
            irqCore.run("exanest/tasklet", WorkPriority.SOFTIRQ, settings.taskletCost().draw(random), fault.record().id(),
                    this::tasklet);
        }
    }

    /** The tasklet: takes every queued fault, pays per fault, then dispatches them. */
    private void tasklet() {
        taskletScheduled = false;
        List<HandedOn> batch = new ArrayList<>(taskletQueue);
        taskletQueue.clear();
        long flow = batch.get(0).fault().record().id();
        irqCore.run("exanest/tasklet", WorkPriority.SOFTIRQ, settings.taskletPerFault() * batch.size(), flow,
                () -> dispatch(batch));
    }

    private void dispatch(List<HandedOn> batch) {
        long now = context.scheduler().now();
        List<PageFault> translation = new ArrayList<>();
        for (HandedOn handedOn : batch) {
            PageFault f = handedOn.fault();
            counters.tasklet.record(now - handedOn.at());
            if (f.record().kind() != FaultKind.TRANSLATION) {
                counters.unrecoverable.increment();
                LOG.debug("{}: unrecoverable {}", context.path(), f.record());
                terminate(f);
                netlink.toUser(PfMessage.PF_NOTIFY_FAILED, f.record().id(), () -> library.onNotice(f.record().id()));
            } else if (memory.addressSpace(f.record().pid()).isEmpty()) {
                counters.unrecoverable.increment();
                terminate(f);
            } else {
                translation.add(f);
            }
        }
        translation.sort(Comparator.comparingInt((PageFault f) -> f.record().domain().value())
                .thenComparingLong(f -> f.record().address()));
        List<FaultRequest> fresh = new ArrayList<>();
        FaultRequest last = null;
        for (PageFault f : translation) {
            DomainId domain = f.record().domain();
            long page = PageSize.BASE.alignDown(f.record().address());
            AddressSpace space = memory.addressSpace(f.record().pid()).orElseThrow();
            mappings.watch(space, domain);
            PageKey key = new PageKey(domain.value(), page);
            boolean repeatedFault = resolvedPages.contains(key);
            if (repeatedFault) {
                counters.repeated.increment();
            }
            FaultRequest existing = outstandingFor(domain, page);
            if (existing != null) {
                counters.joined.increment();
                existing.faults.add(f);
                continue;
            }
            if (settings.batching() && last != null && last.domain.equals(domain)
                    && page == last.firstPage + last.pages * PAGE && last.pages < settings.maxBatchPages()) {
                last.pages++;
                last.faults.add(f);
                if (f.record().access().isWrite()) {
                    last.access = Access.WRITE;
                }
            } else {
                last = new FaultRequest(f.record().id(), domain, space, page, f.record().access());
                last.faults.add(f);
                fresh.add(last);
                outstanding.computeIfAbsent(domain.value(), d -> new TreeMap<>()).put(page, last);
            }
            if (repeatedFault && repeats.merge(key, 1, Integer::sum) >= settings.repeatedFaultThreshold()) {
                last.forceFullInvalidation = true;
            }
        }
        for (FaultRequest r : fresh) {
            counters.batchPages.record(r.pages);
            notifyLibrary(r);
        }
    }

    private FaultRequest outstandingFor(DomainId domain, long page) {
        TreeMap<Long, FaultRequest> requests = outstanding.get(domain.value());
        if (requests == null) {
            return null;
        }
        Map.Entry<Long, FaultRequest> e = requests.floorEntry(page);
        return e != null && e.getValue().covers(page) ? e.getValue() : null;
    }

    /** PF_NOTIFY_REQUEST to the library, with a watchdog that sends it again if no answer comes. */
    private void notifyLibrary(FaultRequest request) {
        if (request.attempts == settings.maxAttempts()) {
            fail(request);
            return;
        }
        request.attempts++;
        counters.notifications.increment();
        netlink.toUser(PfMessage.PF_NOTIFY_REQUEST, request.flowId, () -> library.onRequest(request));
        if (request.watchdog >= 0) {
            context.scheduler().cancel(request.watchdog);
        }
        long timeout = settings.watchdogTimeout() << Math.min(request.attempts - 1, 6);
        request.watchdog = context.scheduler().schedule(timeout, () -> {
            request.watchdog = -1;
            if (!request.answered) {
                counters.watchdog.increment();
                LOG.debug("{}: watchdog resends the notification of fault #{}", context.path(), request.flowId);
                notifyLibrary(request);
            }
        });
    }

    /** Gives up on a request after {@code maxAttempts} notifications: its faults are terminated. */
    private void fail(FaultRequest request) {
        counters.abandoned.increment();
        LOG.debug("{}: no answer to fault #{} after {} notifications; terminating it", context.path(),
                request.flowId, request.attempts);
        request.answered = true;
        if (request.watchdog >= 0) {
            context.scheduler().cancel(request.watchdog);
            request.watchdog = -1;
        }
        request.failedPages.clear();
        for (int i = 0; i < request.pages; i++) {
            request.failedPages.add(request.firstPage + i * PAGE);
        }
        resume(request);
    }

    /** PF_RESP_SOLVED, in the library's sendmsg: the page-table update under the mmap lock. */
    private void onSolved(FaultRequest request) {
        if (request.answered) {
            return;
        }
        request.answered = true;
        if (request.watchdog >= 0) {
            context.scheduler().cancel(request.watchdog);
            request.watchdog = -1;
        }
        long start = context.scheduler().now();
        MmapLock lock = lock(request.space);
        lock.acquire(() -> libraryCore.run("exanest/pagetable", WorkPriority.KERNEL,
                settings.pageTableCost().draw(random) + settings.pageTablePerPage() * request.pages, request.flowId, () -> {
                    updatePageTable(request);
                    lock.release();
                    counters.pagetable.record(context.scheduler().now() - start);
                    invalidate(request);
                }));
    }

    private void updatePageTable(FaultRequest request) {
        for (int i = 0; i < request.pages; i++) {
            long va = request.firstPage + i * PAGE;
            if (request.failedPages.contains(va)) {
                continue;
            }
            OptionalLong frame = memory.translate(request.space, va, Access.READ);
            if (frame.isEmpty()) {
                request.failedPages.add(va);
                continue;
            }
            // As writable as the process's page-table entry, not its VMA (IoMappings.map): a page shared
            // copy-on-write after fork is read-only for the device too.
            mappings.map(request.space, request.domain, va, request.space.entry(va).orElseThrow());
            resolvedPages.add(new PageKey(request.domain.value(), va));
        }
    }

    private void invalidate(FaultRequest request) {
        long start = context.scheduler().now();
        String mode = request.forceFullInvalidation ? "full" : settings.invalidation();
        if (request.forceFullInvalidation) {
            counters.repeatedDetected.increment();
            if (counters.repeatedDetected.value() == 1) {
                LOG.warn("{}: the same addresses fault again and again after their page-table update "
                        + "(seed 000 §5.2.2): is the IOTLB invalidated? Counting them in repeatedFaults.detected",
                        context.path());
            }
            LOG.debug("{}: repeated faults at 0x{} of {}: the IOTLB was not invalidated after the page-table update; "
                    + "recovering with a full invalidation", context.path(), Long.toHexString(request.firstPage),
                    request.domain);
            if (context.tracer().enabled()) {
                context.tracer().instant(context.path(), "exanest/repeated-fault", request.flowId);
            }
            for (int i = 0; i < request.pages; i++) {
                repeats.remove(new PageKey(request.domain.value(), request.firstPage + i * PAGE));
            }
        }
        Runnable done = () -> {
            counters.invalidate.record(context.scheduler().now() - start);
            resume(request);
        };
        switch (mode) {
            case "full" -> libraryCore.run("exanest/invalidate", WorkPriority.KERNEL, settings.invalidateAllCost().draw(random),
                    request.flowId, () -> {
                        iommu.invalidateAll(request.domain);
                        done.run();
                    });
            case "range" -> libraryCore.run("exanest/invalidate", WorkPriority.KERNEL,
                    settings.invalidateRangeCost().draw(random) + settings.invalidateRangePerPage() * request.pages, request.flowId,
                    () -> {
                        iommu.invalidate(request.domain, request.range());
                        done.run();
                    });
            default -> done.run();
        }
    }

    /** RESUME for every fault of the request: retry where the page is mapped, terminate where it could not be. */
    private void resume(FaultRequest request) {
        long start = context.scheduler().now();
        libraryCore.run("exanest/resume", WorkPriority.KERNEL, settings.resumeCost() * request.faults.size(),
                request.flowId, () -> {
                    TreeMap<Long, FaultRequest> requests = outstanding.get(request.domain.value());
                    if (requests != null) {
                        requests.remove(request.firstPage, request);
                    }
                    long now = context.scheduler().now();
                    boolean failed = false;
                    for (PageFault f : request.faults) {
                        long page = PageSize.BASE.alignDown(f.record().address());
                        if (request.failedPages.contains(page)) {
                            failed = true;
                            terminate(f);
                        } else {
                            counters.recovery.record(now - f.record().timeNanos());
                            counters.resolved.increment();
                            f.retry();
                        }
                    }
                    counters.resume.record(now - start);
                    PfMessage notice = failed ? PfMessage.PF_NOTIFY_FAILED : PfMessage.PF_NOTIFY_RESOLVED;
                    netlink.toUser(notice, request.flowId, () -> library.onNotice(request.flowId));
                });
    }

    private void terminate(PageFault f) {
        counters.terminated.increment();
        f.terminate();
    }

    private MmapLock lock(AddressSpace space) {
        return locks.computeIfAbsent(space.pid(), p -> new MmapLock());
    }

    /** An MMU notifier unmapped {@code range} from {@code domain} (IoMappings): those pages fault as new again. */
    private void unmapped(int pid, DomainId domain, AddressRange range) {
        counters.notifierUnmaps.increment();
        for (long va = range.start(); va < range.end(); va += PAGE) {
            resolvedPages.remove(new PageKey(domain.value(), va));
        }
    }

    @Override
    public List<String> views() {
        return List.of("requests");
    }

    @Override
    public List<String> render(String view) {
        if (!"requests".equals(Objects.requireNonNull(view, "view is null"))) {
            throw new IllegalArgumentException("no view '" + view + "' of " + context.path() + "; views are " + views());
        }
        List<String> lines = new ArrayList<>();
        lines.add(String.format("%s handled=%d resolved=%d terminated=%d notifications=%d watchdog=%d pool=%d "
                + "socket=%d queued", context.path(), counters.handled.value(), counters.resolved.value(),
                counters.terminated.value(), counters.notifications.value(), counters.watchdog.value(),
                library.poolAvailable(), netlink.queued()));
        List<Integer> domains = new ArrayList<>(outstanding.keySet());
        domains.sort(null);
        for (int d : domains) {
            for (FaultRequest r : outstanding.get(d).values()) {
                lines.add(String.format("#%d domain%d [0x%x, +%d pages) %s faults=%d notifications=%d %s", r.flowId, d,
                        r.firstPage, r.pages, r.access, r.faults.size(), r.attempts,
                        r.answered ? "solved, updating" : "waiting for the library"));
            }
        }
        return lines;
    }

    @Override
    public long resolved() {
        return counters.resolved.value();
    }

    @Override
    public long terminated() {
        return counters.terminated.value();
    }
}
