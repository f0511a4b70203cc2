package org.iopf.plugin.ethernetbackupring;

import jakarta.inject.Inject;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;
import org.iopf.api.fault.FaultHandler;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.fault.FaultRecord;
import org.iopf.api.fault.PageFault;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.FaultInResult;
import org.iopf.api.mem.FaultedPage;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PageTableEntry;
import org.iopf.api.mem.Vma;
import org.iopf.api.observe.Counter;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.sim.CpuCore;
import org.iopf.api.sim.Event;
import org.iopf.api.sim.ServiceTime;
import org.iopf.api.sim.WorkPriority;

/**
 * The OS side of an Ethernet NIC's rx-buffer fault, resolved in the background while the NIC goes
 * on (seed 001 §3.1, §3.2): the fault interrupt on a host core, then a kernel worker that faults
 * the page in through the memory manager (zero fill, swap-in, or nothing if only the IOMMU entry was
 * gone), maps it into the faulting domain's I/O page table and answers retry; then it resolves the
 * rest of the aligned {@code faultAround} window in the background (Linux fault-around). As Linux
 * handles I/O page faults, one interrupt wakes a handler thread that drains every fault queued
 * meanwhile ({@code faultReadCpu} each, on the interrupt core), and each fault is resolved as a
 * work item of an unbound workqueue: on the least busy of the {@code workers} cores, in
 * parallel; its fault-around runs in the same work item. Non-recoverable kinds are terminated after
 * the interrupt, except a PERMISSION fault of a write into a writable VMA: the page is
 * write-protected for copy-on-write, and the write fault-in breaks the sharing (as Linux's I/O
 * page-fault handler calls {@code handle_mm_fault} with {@code FAULT_FLAG_WRITE}) before the
 * private copy is mapped writable.
 */
final class OsFaultHandler implements FaultHandler {
    private static final PageSize PAGE = PageSize.BASE;

    private final ComponentContext context;
    private final MemoryManager memoryManager;
    private final Iommu iommu;
    private final CpuCore core;
    private final List<CpuCore> workers;
    private final int[] queued;
    private final ArrayDeque<Runnable> drain = new ArrayDeque<>();
    private boolean draining;
    private final ServiceTime interruptCpu;
    private final ServiceTime faultReadCpu;
    private final ServiceTime resolveCpu;
    private final ServiceTime remapCpu;
    /** Draws the steps' times; a constant draws nothing. */
    private final RandomGenerator random;
    private final long faultAround;
    private final Counter aroundPages;
    private final Counter interrupts;
    private final Counter resolved;
    private final Counter terminated;
    private final Counter writeProtected;

    @Inject
    OsFaultHandler(ComponentContext context, MemoryManager memoryManager, Iommu iommu) {
        this.context = Objects.requireNonNull(context, "context is null");
        this.memoryManager = Objects.requireNonNull(memoryManager, "memoryManager is null");
        this.iommu = Objects.requireNonNull(iommu, "iommu is null");
        this.interruptCpu = context.parameters().get(OsFaultHandlerType.INTERRUPT_CPU);
        this.faultReadCpu = context.parameters().get(OsFaultHandlerType.FAULT_READ_CPU);
        this.resolveCpu = context.parameters().get(OsFaultHandlerType.RESOLVE_CPU);
        this.remapCpu = context.parameters().get(OsFaultHandlerType.REMAP_CPU);
        this.random = context.random();
        this.faultAround = context.parameters().get(OsFaultHandlerType.FAULT_AROUND);
        if (faultAround < PAGE.bytes() || Long.bitCount(faultAround) != 1) {
            throw new IllegalArgumentException(context.path() + ": faultAround must be a power of two >= 4 KiB: "
                    + faultAround);
        }
        this.aroundPages = OsFaultHandlerType.AROUND_PAGES.counter(context.metrics());
        this.interrupts = OsFaultHandlerType.INTERRUPTS.counter(context.metrics());
        String name = context.parameters().get(OsFaultHandlerType.CORE);
        var cores = context.resources().cores();
        if (name.isEmpty() && cores.isEmpty()) {
            throw new IllegalArgumentException(context.path() + ": the node has no CPU core for fault handling");
        }
        this.core = name.isEmpty() ? cores.get(cores.size() - 1) : context.resources().requireCore(name);
        int count = context.parameters().get(OsFaultHandlerType.WORKERS);
        if (count == 0) {
            this.workers = cores.size() > 1 ? List.copyOf(cores.subList(1, cores.size())) : List.of(core);
        } else if (count > cores.size()) {
            throw new IllegalArgumentException(context.path() + ": workers is " + count + " but the node has "
                    + cores.size() + " cores");
        } else {
            this.workers = List.copyOf(cores.subList(cores.size() - count, cores.size()));
        }
        this.queued = new int[workers.size()];
        this.resolved = OsFaultHandlerType.RESOLVED.counter(context.metrics());
        this.terminated = OsFaultHandlerType.TERMINATED.counter(context.metrics());
        this.writeProtected = OsFaultHandlerType.WRITE_PROTECTED.counter(context.metrics());
    }

    @Override
    public void handle(PageFault fault) {
        FaultRecord record = fault.record();
        AddressSpace space = memoryManager.addressSpace(record.pid()).orElse(null);
        boolean copyOnWrite = space != null && isWriteToWritableVma(record, space);
        if ((!record.kind().isRecoverable() && !copyOnWrite) || space == null) {
            interrupt(record, () -> terminate(fault));
            return;
        }
        interrupt(record, () -> {
            int w = leastBusyWorker();
            queued[w]++;
            new Resolution(fault, w, space, copyOnWrite).start();
        });
    }

    /**
     * The fault reaches the interrupt thread: if it is idle, an interrupt wakes it
     * ({@code interruptCpu}); it then reads every queued fault in turn ({@code faultReadCpu}) and
     * hands each on.
     */
    private void interrupt(FaultRecord record, Runnable queueWork) {
        drain.add(() -> core.run("ethfault/read", WorkPriority.INTERRUPT, faultReadCpu.draw(random), record.id(), () -> {
            queueWork.run();
            drainNext();
        }));
        if (!draining) {
            draining = true;
            interrupts.increment();
            core.run("ethfault/interrupt", WorkPriority.INTERRUPT, interruptCpu.draw(random), record.id(), this::drainNext);
        }
    }

    private void drainNext() {
        Runnable next = drain.poll();
        if (next == null) {
            draining = false;
            return;
        }
        next.run();
    }

    /** The worker with the fewest work items queued or running (the first of equals). */
    private int leastBusyWorker() {
        int best = 0;
        for (int i = 1; i < queued.length; i++) {
            if (queued[i] < queued[best]) {
                best = i;
            }
        }
        return best;
    }

    /** A PERMISSION fault of a write into a VMA that allows writes: a write-protected (copy-on-write) page. */
    private static boolean isWriteToWritableVma(FaultRecord record, AddressSpace space) {
        return record.kind() == FaultKind.PERMISSION && record.access().isWrite()
                && space.vma(record.address()).map(Vma::writable).orElse(false);
    }

    /**
     * The access a page is faulted in for: a write where the VMA allows writes (an rx buffer is
     * about to be written, so the page is made writable and dirty at once, as before) and for the
     * faulting page of a write fault (which a read-only VMA then refuses: terminated); a read in a
     * read-only VMA, so that a device's read of a page the process mapped read-only is resolved
     * (mapped read-only) instead of terminated as a write would be.
     */
    private static Access faultInAccess(FaultRecord record, AddressSpace space, long pageVa) {
        boolean faultingPage = pageVa == PAGE.alignDown(record.address());
        if (faultingPage && record.access().isWrite()) {
            return Access.WRITE;
        }
        return space.vma(pageVa).map(Vma::writable).orElse(true) ? Access.WRITE : Access.READ;
    }

    /**
     * The resolution of one fault, a walk over pages one at a time: the faulting page, then (once
     * the fault is answered) fault-around over the rest of its aligned {@code faultAround} window
     * that lies in the same VMA, in the background, by the same worker. Each page is made resident
     * and mapped into the fault's domain: a fault-in through the memory manager, then
     * {@code resolveCpu} of kernel work if this fault-in made the page resident (zero fill,
     * swap-in). A page that is resident already — it only lost its IOMMU entry (NUMA migration),
     * its sharing was broken (copy-on-write), or another fault or fault-around walk brought it in
     * meanwhile — costs {@code remapCpu} if it is the faulting page and nothing more if fault-around
     * meets it (mapped in the same walk). One object serves as the fault-in's callback and the
     * worker's work item for every page, as a walk has one step outstanding at a time.
     */
    private final class Resolution implements Consumer<FaultedPage>, Event {
        private final PageFault fault;
        private final FaultRecord record;
        private final int worker;
        private final CpuCore core;
        private final AddressSpace space;
        private final boolean copyOnWrite;
        private final long faultingPage;
        private boolean around;
        private long pageVa;
        private long end;
        private boolean faultedIn;

        Resolution(PageFault fault, int worker, AddressSpace space, boolean copyOnWrite) {
            this.fault = fault;
            this.record = fault.record();
            this.worker = worker;
            this.core = workers.get(worker);
            this.space = space;
            this.copyOnWrite = copyOnWrite;
            this.faultingPage = PAGE.alignDown(record.address());
        }

        void start() {
            resolve(faultingPage);
        }

        private void resolve(long page) {
            pageVa = page;
            memoryManager.faultIn(space, page, faultInAccess(record, space, page), this);
        }

        /** The fault-in finished. */
        @Override
        public void accept(FaultedPage faulted) {
            if (!faulted.result().resident()) {
                failed();
                return;
            }
            faultedIn = faulted.result() != FaultInResult.ALREADY_PRESENT;
            long cpu = faultedIn ? resolveCpu.draw(random) : pageVa == faultingPage ? remapCpu.draw(random) : 0;
            core.run("ethfault/resolve", WorkPriority.KERNEL, cpu, record.id(), this);
        }

        /** The worker's kernel work on the page is done: map it, unless it was taken away again meanwhile. */
        @Override
        public void fire() {
            PageTableEntry entry = space.entry(pageVa).orElse(null);
            if (entry == null || !entry.present()) {
                resolve(pageVa);
                return;
            }
            iommu.map(record.domain(), pageVa, entry.physicalAddress(pageVa), PAGE.bytes(), entry.writable());
            if (!around) {
                resolved.increment();
                if (copyOnWrite) {
                    writeProtected.increment();
                }
                fault.retry();
                startAround();
            } else {
                if (faultedIn) {
                    aroundPages.increment();
                }
                next(pageVa + PAGE.bytes());
            }
        }

        private void failed() {
            if (!around) {
                queued[worker]--;
                terminate(fault);
            } else {
                next(pageVa + PAGE.bytes());
            }
        }

        private void startAround() {
            around = true;
            Vma vma = space.vma(record.address()).orElse(null);
            if (vma == null || faultAround <= PAGE.bytes()) {
                queued[worker]--;
                return;
            }
            long window = record.address() - Math.floorMod(record.address(), faultAround);
            end = Math.min(window + faultAround, vma.range().end());
            next(Math.max(window, vma.range().start()));
        }

        /** Resolves the next page of the window from {@code page} on, skipping the faulting page. */
        private void next(long page) {
            if (page == faultingPage) {
                page += PAGE.bytes();
            }
            if (page >= end) {
                queued[worker]--;
                return;
            }
            resolve(page);
        }
    }

    private void terminate(PageFault fault) {
        terminated.increment();
        fault.terminate();
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
