package org.iopf.plugin.smmuv3pri;

import jakarta.inject.Inject;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.iopf.api.fault.FaultHandler;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.fault.FaultRecord;
import org.iopf.api.fault.PageFault;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageTableEntry;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Histogram;
import org.iopf.api.observe.Metrics;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.Parameters;
import org.iopf.api.sim.CpuCore;
import org.iopf.api.sim.ServiceTime;
import org.iopf.api.sim.WorkPriority;

/**
 * Linux's I/O page-fault path (IOPF) as the node's fault handler.
 *
 * <ol>
 *   <li>{@code iopf/irq}: a raised fault is the queue's interrupt; the hard IRQ wakes the event or
 *       PRI queue thread unless it is running (interrupts coalesce while it drains).</li>
 *   <li>{@code iopf/queue} then {@code iopf/report}, per record, on the IRQ core: the thread reads a
 *       record from the queue in memory ({@link QueueReader}), acknowledges an overflow, and
 *       {@code iommu_report_device_fault} adds the fault to its group; a page request without the
 *       last bit waits for the rest of its PRG; a complete group (or a stall event, a group of its
 *       own) is queued on the iopf workqueue.</li>
 *   <li>{@code iopf/wakeup} (a wait, no CPU of the path), then {@code iopf/group} on the worker core:
 *       the group's bound mm.</li>
 *   <li>{@code iopf/handle_mm_fault} per fault: the kernel's work, then the OS model's fault-in
 *       ({@code iopf/fault-in}, the memory manager's own time);
 *       the page's new PTE goes into the shared table ({@link Iommu#map} of the SVA domain).</li>
 *   <li>{@code iopf/response}: one page response for the group — each fault's {@code retry()} or
 *       {@code terminate()}, which the SMMU driver turns into CMD_PRI_RESP or CMD_RESUME (a VT-d
 *       page group response, an AMD COMPLETE_PPR_REQUEST); with VT-d page requests the worker then
 *       spins in {@code qi_submit_sync} until its invalidation wait is consumed
 *       ({@code iopf/response-wait}).</li>
 * </ol>
 *
 * With an IOMMU other than {@code smmuv3} there are no queues to read: each fault is a group of one.
 * Faults of a kind that is not recoverable, or without a process, are terminated.
 */
final class IopfFaultHandler implements FaultHandler {
    private static final long PAGE = 4096;

    private final ComponentContext context;
    private final Iommu iommu;
    private final MemoryManager memory;
    private final CpuCore irqCore;
    private final CpuCore workerCore;
    private final ServiceTime irqCost;
    private final ServiceTime entryCost;
    private final ServiceTime reportCost;
    private final ServiceTime wakeup;
    private final ServiceTime groupCost;
    private final ServiceTime mmCost;
    private final ServiceTime responseCost;
    /** Draws the steps' service times; a constant draws nothing. */
    private final RandomGenerator random;
    private final QueueThread eventThread;
    private final QueueThread priThread;
    private final Map<Long, List<PageFault>> partial = new LinkedHashMap<>();
    /** The faults as the node handed them over (its listener times the resolution), by id. */
    private final Map<Long, PageFault> delivered = new java.util.HashMap<>();
    private final ArrayDeque<Queued> workqueue = new ArrayDeque<>();
    private boolean workerBusy;
    private final Counter handled;
    private final Counter resolved;
    private final Counter terminated;
    private final Counter groups;
    private final Counter overflows;
    private final Counter partialDiscarded;
    private final Histogram groupSize;
    private final Histogram recovery;
    private final Histogram stepIrq;
    private final Histogram stepQueue;
    private final Histogram stepWait;
    private final Histogram stepGroup;
    private final Histogram stepMm;
    private final Histogram stepResponse;

    /** A group on the workqueue and when it was queued. */
    private record Queued(List<PageFault> faults, long at) {
    }

    @Inject
    IopfFaultHandler(ComponentContext context, Iommu iommu, MemoryManager memory) {
        this.context = Objects.requireNonNull(context, "context is null");
        this.iommu = Objects.requireNonNull(iommu, "iommu is null");
        this.memory = Objects.requireNonNull(memory, "memory is null");
        Parameters p = context.parameters();
        this.irqCore = core(p.get(IopfFaultsType.IRQ_CORE), 0);
        this.workerCore = core(p.get(IopfFaultsType.WORKER_CORE), 1);
        this.irqCost = p.get(IopfFaultsType.IRQ_COST);
        this.entryCost = p.get(IopfFaultsType.ENTRY_COST);
        this.reportCost = p.get(IopfFaultsType.REPORT_COST);
        this.wakeup = p.get(IopfFaultsType.WAKEUP_LATENCY);
        this.groupCost = p.get(IopfFaultsType.GROUP_COST);
        this.mmCost = p.get(IopfFaultsType.MM_FAULT_COST);
        this.responseCost = p.get(IopfFaultsType.RESPONSE_COST);
        this.random = context.random();
        Metrics m = context.metrics();
        handled = IopfFaultsType.HANDLED.counter(m);
        resolved = IopfFaultsType.RESOLVED.counter(m);
        terminated = IopfFaultsType.TERMINATED.counter(m);
        groups = IopfFaultsType.GROUPS.counter(m);
        overflows = IopfFaultsType.OVERFLOWS.counter(m);
        partialDiscarded = IopfFaultsType.PARTIAL_DISCARDED.counter(m);
        groupSize = IopfFaultsType.GROUP_SIZE.histogram(m);
        recovery = IopfFaultsType.RECOVERY.histogram(m);
        stepIrq = IopfFaultsType.STEP_IRQ.histogram(m);
        stepQueue = IopfFaultsType.STEP_QUEUE.histogram(m);
        stepWait = IopfFaultsType.STEP_WAIT.histogram(m);
        stepGroup = IopfFaultsType.STEP_GROUP.histogram(m);
        stepMm = IopfFaultsType.STEP_MM.histogram(m);
        stepResponse = IopfFaultsType.STEP_RESPONSE.histogram(m);
        if (iommu instanceof Smmuv3Iommu smmu) {
            eventThread = new QueueThread(smmu.eventQueue());
            priThread = new QueueThread(smmu.priQueue());
        } else {
            eventThread = null;
            priThread = null;
        }
    }

    private CpuCore core(String name, int index) {
        if (!name.isEmpty()) {
            return context.resources().requireCore(name);
        }
        List<CpuCore> cores = context.resources().cores();
        if (cores.isEmpty()) {
            throw new IllegalArgumentException(context.path() + ": the node has no CPU core for the iopf path");
        }
        return cores.get(Math.min(index, cores.size() - 1));
    }

    @Override
    public void handle(PageFault fault) {
        Objects.requireNonNull(fault, "fault is null");
        handled.increment();
        if (eventThread == null) {
            queueWork(List.of(fault));
            return;
        }
        delivered.put(fault.record().id(), fault);
        eventThread.wake(fault.record().id());
        priThread.wake(fault.record().id());
    }

    /** One of the driver's threaded queue handlers. */
    private final class QueueThread {
        private final QueueReader reader;
        private boolean running;

        QueueThread(QueueReader reader) {
            this.reader = reader;
        }

        void wake(long flow) {
            if (running || reader.waiting() == 0) {
                return;
            }
            running = true;
            irqCore.run("iopf/irq", WorkPriority.INTERRUPT, irqCost.draw(random), flow, this::next);
        }

        private void next() {
            long before = reader.overflows();
            long discardsBefore = reader.partialDiscards();
            List<QueueEntry> entries = reader.read(1);
            overflows.add(reader.overflows() - before);
            if (reader.partialDiscards() != discardsBefore) {
                discardPartial();
            }
            if (entries.isEmpty()) {
                running = false;
                reader.runEnded();
                return;
            }
            QueueEntry e = entries.get(0);
            long flow = e.fault() == null ? 0 : e.fault().record().id();
            if (e.fault() != null) {
                stepIrq.record(context.scheduler().now() - e.fault().record().timeNanos());
            }
            long readAt = context.scheduler().now();
            irqCore.run("iopf/queue", WorkPriority.KERNEL, entryCost.draw(random), flow,
                    () -> irqCore.run("iopf/report", WorkPriority.KERNEL, reportCost.draw(random), flow, () -> {
                        stepQueue.record(context.scheduler().now() - readAt);
                        report(e);
                        next();
                    }));
        }
    }

    /**
     * {@code iopf_queue_discard_partial}: after a PRQ overflow the faults of groups still waiting
     * for their last request are dropped without a response (the device asks for the whole group
     * again); the node sees them end without a retry.
     */
    private void discardPartial() {
        if (partial.isEmpty()) {
            return;
        }
        ((Smmuv3Iommu) iommu).discardPartialGroups();
        for (List<PageFault> group : partial.values()) {
            for (PageFault f : group) {
                partialDiscarded.increment();
                f.terminate();
            }
        }
        partial.clear();
    }

    /** iommu_report_device_fault: a partial request waits for its group's last one. */
    private void report(QueueEntry e) {
        if (e.fault() == null) {
            return;
        }
        List<PageFault> group = partial.computeIfAbsent(e.groupKey(), k -> new ArrayList<>());
        PageFault handed = delivered.remove(e.fault().record().id());
        group.add(handed != null ? handed : e.fault());
        if (e.last()) {
            partial.remove(e.groupKey());
            queueWork(group);
        }
    }

    private void queueWork(List<PageFault> group) {
        workqueue.add(new Queued(group, context.scheduler().now()));
        if (!workerBusy) {
            workerBusy = true;
            context.scheduler().schedule(wakeup.draw(random), this::work);
        }
    }

    private void work() {
        Queued q = workqueue.poll();
        if (q == null) {
            workerBusy = false;
            return;
        }
        stepWait.record(context.scheduler().now() - q.at());
        groups.increment();
        groupSize.record(q.faults().size());
        long flow = q.faults().get(0).record().id();
        trace("iopf/wakeup", q.at(), flow);
        long start = context.scheduler().now();
        workerCore.run("iopf/group", WorkPriority.KERNEL, groupCost.draw(random), flow, () -> {
            stepGroup.record(context.scheduler().now() - start);
            resolve(q.faults(), 0, new boolean[q.faults().size()]);
        });
    }

    /** handle_mm_fault for each fault of the group in turn, then the group's response. */
    private void resolve(List<PageFault> group, int i, boolean[] ok) {
        if (i == group.size()) {
            respond(group, ok);
            return;
        }
        FaultRecord r = group.get(i).record();
        Optional<AddressSpace> space = memory.addressSpace(r.pid());
        if (!r.kind().isRecoverable() || space.isEmpty()) {
            resolve(group, i + 1, ok);
            return;
        }
        long start = context.scheduler().now();
        workerCore.run("iopf/handle_mm_fault", WorkPriority.KERNEL, mmCost.draw(random), r.id(), () -> {
            long faultIn = context.scheduler().now();
            memory.faultIn(space.get(), r.address(), r.access(), faulted -> {
                    trace("iopf/fault-in", faultIn, r.id());
                    ok[i] = faulted.resident() && mapShared(space.get(), r);
                    stepMm.record(context.scheduler().now() - start);
                    resolve(group, i + 1, ok);
                });
        });
    }

    /** A step that is no CPU work of the path (a wake-up, the OS model's fault-in) as a slice on the worker's track. */
    private void trace(String step, long from, long flow) {
        if (context.tracer().enabled()) {
            long now = context.scheduler().now();
            context.tracer().slice(context.path() + "/worker", step, from, now - from, flow);
        }
    }

    /** The PTE handle_mm_fault installed, written into the domain's shared table. */
    private boolean mapShared(AddressSpace space, FaultRecord r) {
        Optional<PageTableEntry> e = space.entry(r.address());
        if (e.isEmpty() || !e.get().present() || (r.access().isWrite() && !e.get().writable())) {
            return false;
        }
        long page = r.address() & ~(PAGE - 1);
        iommu.map(r.domain(), page, e.get().physicalAddress(page), PAGE, e.get().writable());
        if (!(iommu instanceof Smmuv3Iommu)) {
            iommu.invalidate(r.domain(), new org.iopf.api.mem.AddressRange(page, PAGE));
        }
        return true;
    }

    private void respond(List<PageFault> group, boolean[] ok) {
        long start = context.scheduler().now();
        workerCore.run("iopf/response", WorkPriority.KERNEL, responseCost.draw(random), group.get(0).record().id(), () -> {
            stepResponse.record(context.scheduler().now() - start);
            for (int i = 0; i < group.size(); i++) {
                PageFault f = group.get(i);
                recovery.record(context.scheduler().now() - f.record().timeNanos());
                if (ok[i]) {
                    resolved.increment();
                    f.retry();
                } else {
                    terminated.increment();
                    f.terminate();
                }
            }
            long spin = iommu instanceof Smmuv3Iommu smmu ? smmu.pageResponseSpinNanos() : 0;
            if (spin > 0) {
                workerCore.run("iopf/response-wait", WorkPriority.KERNEL, spin, group.get(0).record().id(), this::work);
            } else {
                work();
            }
        });
    }

    @Override
    public long resolved() {
        return resolved.value();
    }

    @Override
    public long terminated() {
        return terminated.value();
    }
}
