package org.iopf.reference;

import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.random.RandomGenerator;
import org.iopf.api.fault.FaultHandler;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.fault.FaultRecord;
import org.iopf.api.fault.PageFault;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.Vma;
import org.iopf.api.observe.Counter;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.sim.CpuCore;
import org.iopf.api.sim.ServiceTime;
import org.iopf.api.sim.WorkPriority;
import org.iopf.toolkit.fault.IoMappings;

/**
 * A generic demand-paging fault handler: a {@code TRANSLATION} fault is resolved by faulting the
 * page in through the node's memory manager, in the address space of the process the faulting
 * domain translates for ({@link FaultRecord#pid()}), mapping its frame into the domain's I/O page
 * table (writable only if the CPU's page table entry is: a copy-on-write page faulted in by a read
 * stays read-only for the device too) and invalidating the range, then retrying the transaction. The kernel work takes
 * {@code resolveLatency} of CPU time on one core before the memory manager's own fault time.
 * Any other kind, a fault without a process, or a page the memory manager cannot make present is
 * terminated after {@code resolveLatency} of interrupt work.
 *
 * <p><b>Fault-around.</b> With {@code faultAround} = N &gt; 0, once the faulting page is mapped the
 * handler also faults in the next N pages of the same VMA (never past its end) that it has not
 * mapped into that domain yet, one after the other through the memory manager (each costs what
 * the memory manager charges for it: a zero fill, a swap-in, nothing if present), maps them the
 * same way and invalidates their range once, then retries: a device that walks its buffer in order
 * faults once per N + 1 pages. It is the I/O analogue of Linux's fault-around
 * ({@code do_fault_around()} in {@code mm/memory.c}, {@code fault_around_bytes}, 64 KiB = 16 pages
 * by default), which maps pages around a read fault of a file mapping; this one maps ahead, for
 * anonymous memory too. A page ahead that the memory manager cannot make present ends the window
 * there; the faulting page alone decides between retry and termination. {@code faultAround} = 0
 * is one fault at a time. Pages mapped ahead are counted as {@code faultAround.pages}.
 *
 * <p>It keeps the I/O mappings it creates coherent: for every address space and domain it maps
 * into, it registers an MMU notifier that unmaps the range from the domain when the memory manager
 * reclaims or migrates it, so a later access faults again instead of using a stale frame.
 */
final class DemandPagingFaultHandler implements FaultHandler {
    private static final String RESOLVE = "demand-paging/resolve";
    private static final String TERMINATE = "demand-paging/terminate";

    private final MemoryManager memoryManager;
    private final Iommu iommu;
    private final IoMappings mappings;
    private final CpuCore core;
    private final ServiceTime resolveLatency;
    private final RandomGenerator random;
    private final int faultAround;
    private final Counter resolved;
    private final Counter terminated;
    private final Counter mappedAhead;
    /** With fault-around: the pages it has mapped into each domain, forgotten when invalidated. */
    private final Map<Watched, Set<Long>> mapped = new HashMap<>();

    @Inject
    DemandPagingFaultHandler(ComponentContext context, MemoryManager memoryManager, Iommu iommu) {
        Objects.requireNonNull(context, "context is null");
        this.memoryManager = Objects.requireNonNull(memoryManager, "memoryManager is null");
        this.iommu = Objects.requireNonNull(iommu, "iommu is null");
        this.mappings = new IoMappings(memoryManager, () -> iommu, this::forget);
        this.resolveLatency = context.parameters().get(DemandPagingFaultHandlerType.RESOLVE_LATENCY);
        this.random = context.random();
        this.faultAround = context.parameters().get(DemandPagingFaultHandlerType.FAULT_AROUND);
        String coreName = context.parameters().get(DemandPagingFaultHandlerType.CORE);
        if (coreName.isEmpty() && context.resources().cores().isEmpty()) {
            throw new IllegalArgumentException(context.path() + ": the node has no CPU core to resolve faults on");
        }
        this.core = coreName.isEmpty() ? context.resources().cores().get(0) : context.resources().requireCore(coreName);
        this.resolved = DemandPagingFaultHandlerType.RESOLVED.counter(context.metrics());
        this.terminated = DemandPagingFaultHandlerType.TERMINATED.counter(context.metrics());
        this.mappedAhead = DemandPagingFaultHandlerType.FAULT_AROUND_PAGES.counter(context.metrics());
    }

    @Override
    public void handle(PageFault fault) {
        FaultRecord record = fault.record();
        Optional<AddressSpace> space = record.kind() == FaultKind.TRANSLATION
                ? memoryManager.addressSpace(record.pid())
                : Optional.empty();
        if (space.isEmpty()) {
            core.run(TERMINATE, WorkPriority.INTERRUPT, resolveLatency.draw(random), record.id(), () -> terminate(fault));
            return;
        }
        core.run(RESOLVE, WorkPriority.KERNEL, resolveLatency.draw(random), record.id(),
                () -> mappings.resolve(space.get(), record.domain(), record.address(), record.access(),
                        entry -> finish(fault, space.get(), entry.isPresent())));
    }

    private void finish(PageFault fault, AddressSpace space, boolean mapped) {
        if (!mapped) {
            terminate(fault);
            return;
        }
        if (faultAround == 0) {
            retry(fault);
            return;
        }
        FaultRecord record = fault.record();
        long page = PageSize.BASE.alignDown(record.address());
        Set<Long> ours = this.mapped.computeIfAbsent(new Watched(space.pid(), record.domain()), k -> new HashSet<>());
        ours.add(page);
        mapAhead(fault, space, window(space, ours, page), 0);
    }

    /** The next {@code faultAround} pages after {@code page} in its VMA that this handler has not mapped. */
    private List<Long> window(AddressSpace space, Set<Long> ours, long page) {
        List<Long> pages = new ArrayList<>();
        Optional<Vma> vma = space.vma(page);
        long step = PageSize.BASE.bytes();
        for (int i = 1; vma.isPresent() && i <= faultAround; i++) {
            long next = page + i * step;
            if (!vma.get().range().contains(next)) {
                break;
            }
            if (!ours.contains(next)) {
                pages.add(next);
            }
        }
        return pages;
    }

    /** Faults in and maps {@code window[index..]} one page after the other, then retries the fault. */
    private void mapAhead(PageFault fault, AddressSpace space, List<Long> window, int index) {
        if (index == window.size()) {
            endWindow(fault, window, index);
            return;
        }
        FaultRecord record = fault.record();
        long page = window.get(index);
        if (mapped.get(new Watched(space.pid(), record.domain())).contains(page)) {
            mapAhead(fault, space, window, index + 1); // another fault's window got there first
            return;
        }
        mappings.faultInAndMap(space, record.domain(), page, record.access(), entry -> {
            if (entry.isEmpty()) {
                endWindow(fault, window, index); // not a page the device may reach this way: stop here
                return;
            }
            mapped.get(new Watched(space.pid(), record.domain())).add(page);
            mappedAhead.increment();
            mapAhead(fault, space, window, index + 1);
        });
    }

    /** Invalidates the first {@code count} pages of the window (one range) and retries the fault. */
    private void endWindow(PageFault fault, List<Long> window, int count) {
        if (count > 0) {
            long first = window.get(0);
            long last = window.get(count - 1);
            iommu.invalidate(fault.record().domain(), new AddressRange(first, last - first + PageSize.BASE.bytes()));
        }
        retry(fault);
    }

    private void retry(PageFault fault) {
        resolved.increment();
        fault.retry();
    }

    /** The notifier unmapped {@code range} from {@code domain}: those pages are no longer ours there. */
    private void forget(int pid, DomainId domain, AddressRange range) {
        Set<Long> ours = mapped.get(new Watched(pid, domain));
        if (ours != null) {
            ours.removeIf(range::contains);
        }
    }

    private void terminate(PageFault fault) {
        terminated.increment();
        fault.terminate();
    }

    private record Watched(int pid, DomainId domain) {
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
