package org.iopf.core.reference;

import jakarta.inject.Inject;
import java.util.HashSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.iopf.api.fault.FaultHandler;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.fault.FaultRecord;
import org.iopf.api.fault.PageFault;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.FaultInResult;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PageTableEntry;
import org.iopf.api.observe.Counter;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.sim.CpuCore;
import org.iopf.api.sim.WorkPriority;

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
 * <p>It keeps the I/O mappings it creates coherent: for every address space and domain it maps
 * into, it registers an MMU notifier that unmaps the range from the domain when the memory manager
 * reclaims or migrates it, so a later access faults again instead of using a stale frame.
 */
final class DemandPagingFaultHandler implements FaultHandler {
    private static final String RESOLVE = "demand-paging/resolve";
    private static final String TERMINATE = "demand-paging/terminate";

    private final MemoryManager memoryManager;
    private final Iommu iommu;
    private final CpuCore core;
    private final long resolveLatency;
    private final Counter resolved;
    private final Counter terminated;
    /** The (address space, domain) pairs it maps into and watches with an MMU notifier. */
    private final Set<Watched> watched = new HashSet<>();

    @Inject
    DemandPagingFaultHandler(ComponentContext context, MemoryManager memoryManager, Iommu iommu) {
        Objects.requireNonNull(context, "context is null");
        this.memoryManager = Objects.requireNonNull(memoryManager, "memoryManager is null");
        this.iommu = Objects.requireNonNull(iommu, "iommu is null");
        this.resolveLatency = context.parameters().duration("resolveLatency");
        String coreName = context.parameters().string("core");
        if (coreName.isEmpty() && context.resources().cores().isEmpty()) {
            throw new IllegalArgumentException(context.path() + ": the node has no CPU core to resolve faults on");
        }
        this.core = coreName.isEmpty() ? context.resources().cores().get(0) : context.resources().requireCore(coreName);
        this.resolved = context.metrics().counter("faults.resolved", "faults");
        this.terminated = context.metrics().counter("faults.terminated", "faults");
    }

    @Override
    public void handle(PageFault fault) {
        FaultRecord record = fault.record();
        Optional<AddressSpace> space = record.kind() == FaultKind.TRANSLATION
                ? memoryManager.addressSpace(record.pid())
                : Optional.empty();
        if (space.isEmpty()) {
            core.run(TERMINATE, WorkPriority.INTERRUPT, resolveLatency, record.id(), () -> terminate(fault));
            return;
        }
        core.run(RESOLVE, WorkPriority.KERNEL, resolveLatency, record.id(),
                () -> memoryManager.faultIn(space.get(), record.address(), record.access(),
                        result -> finish(fault, space.get(), result)));
    }

    private void finish(PageFault fault, AddressSpace space, FaultInResult result) {
        if (result != FaultInResult.ALREADY_PRESENT && result != FaultInResult.ZERO_FILLED
                && result != FaultInResult.SWAPPED_IN) {
            terminate(fault);
            return;
        }
        FaultRecord record = fault.record();
        long page = PageSize.BASE.alignDown(record.address());
        long frame = memoryManager.translate(space, page, record.access());
        if (frame < 0) {
            terminate(fault);
            return;
        }
        // As writable as the CPU's page table entry: a copy-on-write page that a read faulted in
        // is still shared with another process, and a device write must not reach its frame.
        boolean writable = space.entry(page).map(PageTableEntry::writable).orElse(false);
        watch(space, record.domain());
        iommu.map(record.domain(), page, frame, PageSize.BASE.bytes(), writable);
        iommu.invalidate(record.domain(), new AddressRange(page, PageSize.BASE.bytes()));
        resolved.increment();
        fault.retry();
    }

    private void watch(AddressSpace space, DomainId domain) {
        if (watched.add(new Watched(space.pid(), domain))) {
            memoryManager.registerNotifier(space, (s, range, reason) -> iommu.unmap(domain, range.start(),
                    range.length()));
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
