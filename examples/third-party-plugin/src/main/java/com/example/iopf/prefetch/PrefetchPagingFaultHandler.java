package com.example.iopf.prefetch;

import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
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
import org.iopf.api.mem.FaultedPage;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PageTableEntry;
import org.iopf.api.mem.Vma;
import org.iopf.api.observe.Counter;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.sim.CpuCore;
import org.iopf.api.sim.WorkPriority;

/**
 * The {@code prefetch-paging} fault handler. A {@code TRANSLATION} fault with a process behind it
 * is resolved in two steps on one CPU core, both traced with the fault's id as flow id:
 * <ol>
 * <li>{@code prefetch/resolve} ({@code resolveLatency}): the faulting page is faulted in through the
 * memory manager, mapped into the faulting domain (writable only if the CPU's page table entry is)
 * and invalidated;</li>
 * <li>{@code prefetch/ahead} ({@code perPageLatency} per page): the next pages of the same VMA, up to
 * {@code depth}, that this handler has not already mapped into that domain are faulted in with the
 * fault's access and mapped the same way, then the range is invalidated once.</li>
 * </ol>
 * Then the faulting transaction is retried. The prediction is the simplest one, "the device goes on
 * sequentially": a stream that walks its buffer page by page faults once per {@code depth + 1}
 * pages; an access pattern that jumps further than {@code depth} pages gains nothing and pays the
 * prefetch. A prefetched page the memory manager cannot make present (a write to a read-only
 * mapping, no memory) ends the window there; the faulting page alone decides whether the fault is
 * retried or terminated. Every other fault kind, and a fault without a process, is terminated
 * after {@code resolveLatency} ({@code prefetch/terminate}).
 *
 * <p>Coherence: for every (address space, domain) it maps into it registers an MMU notifier that
 * unmaps an invalidated range from the domain and forgets those pages, so a reclaimed or migrated
 * page faults again (and may be prefetched again) instead of being served from a stale frame.
 */
final class PrefetchPagingFaultHandler implements FaultHandler {
    static final String RESOLVE = "prefetch/resolve";
    static final String AHEAD = "prefetch/ahead";
    static final String TERMINATE = "prefetch/terminate";

    private final MemoryManager memoryManager;
    private final Iommu iommu;
    private final CpuCore core;
    private final long resolveLatency;
    private final int depth;
    private final long perPageLatency;
    private final Counter resolved;
    private final Counter terminated;
    private final Counter prefetched;
    /** Pages (page-aligned addresses) this handler mapped into each domain, per process. */
    private final Map<Watched, Set<Long>> mapped = new HashMap<>();

    @Inject
    PrefetchPagingFaultHandler(ComponentContext context, MemoryManager memoryManager, Iommu iommu) {
        Objects.requireNonNull(context, "context is null");
        this.memoryManager = Objects.requireNonNull(memoryManager, "memoryManager is null");
        this.iommu = Objects.requireNonNull(iommu, "iommu is null");
        this.resolveLatency = context.parameters().get(PrefetchPagingType.RESOLVE_LATENCY);
        this.perPageLatency = context.parameters().get(PrefetchPagingType.PER_PAGE_LATENCY);
        this.depth = context.parameters().get(PrefetchPagingType.DEPTH);
        String coreName = context.parameters().get(PrefetchPagingType.CORE);
        if (coreName.isEmpty() && context.resources().cores().isEmpty()) {
            throw new IllegalArgumentException(context.path() + ": the node has no CPU core to resolve faults on");
        }
        this.core = coreName.isEmpty() ? context.resources().cores().get(0)
                : context.resources().requireCore(coreName);
        this.resolved = PrefetchPagingType.RESOLVED.counter(context.metrics());
        this.terminated = PrefetchPagingType.TERMINATED.counter(context.metrics());
        this.prefetched = PrefetchPagingType.PREFETCHED.counter(context.metrics());
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
                        result -> resolved(fault, space.get(), result)));
    }

    private void resolved(PageFault fault, AddressSpace space, FaultedPage faulted) {
        FaultRecord record = fault.record();
        long page = PageSize.BASE.alignDown(record.address());
        if (!map(faulted, record.domain(), space, page)) {
            terminate(fault);
            return;
        }
        iommu.invalidate(record.domain(), new AddressRange(page, PageSize.BASE.bytes()));
        List<Long> window = window(space, record.domain(), page);
        if (window.isEmpty()) {
            retry(fault);
            return;
        }
        core.run(AHEAD, WorkPriority.KERNEL, window.size() * perPageLatency, record.id(),
                () -> prefetch(fault, space, window, 0));
    }

    /** The next pages after {@code page} in its VMA, at most {@code depth}, not mapped by this handler. */
    private List<Long> window(AddressSpace space, DomainId domain, long page) {
        List<Long> pages = new ArrayList<>();
        Optional<Vma> vma = space.vma(page);
        if (vma.isEmpty()) {
            return pages;
        }
        Set<Long> ours = mapped.getOrDefault(new Watched(space.pid(), domain), Set.of());
        long step = PageSize.BASE.bytes();
        for (int i = 1; i <= depth; i++) {
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
    private void prefetch(PageFault fault, AddressSpace space, List<Long> window, int index) {
        if (index == window.size()) {
            finishWindow(fault, window, index);
            return;
        }
        FaultRecord record = fault.record();
        long page = window.get(index);
        memoryManager.faultIn(space, page, record.access(), faulted -> {
            if (map(faulted, record.domain(), space, page)) {
                prefetched.increment();
                prefetch(fault, space, window, index + 1);
            } else {
                // the prediction ran off what the process may access: stop here
                finishWindow(fault, window, index);
            }
        });
    }

    /** Invalidates the {@code count} pages mapped ahead (one range) and retries the fault. */
    private void finishWindow(PageFault fault, List<Long> window, int count) {
        if (count > 0) {
            long first = window.get(0);
            long last = window.get(count - 1);
            iommu.invalidate(fault.record().domain(), new AddressRange(first, last - first + PageSize.BASE.bytes()));
        }
        retry(fault);
    }


    /** Maps one resident page into the domain, as writable as the CPU's entry; false if it is not translatable. */
    /** Maps the page the fault left resident into the domain; false if it left none. */
    private boolean map(FaultedPage faulted, DomainId domain, AddressSpace space, long page) {
        if (faulted.entry().isEmpty()) {
            return false;
        }
        // As writable as the CPU's page table entry: a copy-on-write page that a read faulted in
        // is still shared with another process, and a device write must not reach its frame.
        PageTableEntry entry = faulted.entry().get();
        iommu.map(domain, page, entry.physicalAddress(page), PageSize.BASE.bytes(), entry.writable());
        pagesOf(space, domain).add(page);
        return true;
    }

    private Set<Long> pagesOf(AddressSpace space, DomainId domain) {
        Watched key = new Watched(space.pid(), domain);
        Set<Long> pages = mapped.get(key);
        if (pages == null) {
            Set<Long> created = new HashSet<>();
            mapped.put(key, created);
            memoryManager.registerNotifier(space, (s, range, reason) -> {
                iommu.unmap(domain, range.start(), range.length());
                created.removeIf(range::contains);
            });
            pages = created;
        }
        return pages;
    }

    private void retry(PageFault fault) {
        resolved.increment();
        fault.retry();
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

    /** One process's pages in one I/O domain. */
    private record Watched(int pid, DomainId domain) {
    }
}
