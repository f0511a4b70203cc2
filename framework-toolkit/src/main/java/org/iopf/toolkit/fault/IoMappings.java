package org.iopf.toolkit.fault;

import java.util.HashSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PageTableEntry;

/**
 * The I/O mappings a fault handler creates for processes in an IOMMU's domains, kept coherent
 * with the OS: the tail of resolving a device's page fault through the memory manager, as Linux's
 * SVA and iommufd fault paths end ({@code handle_mm_fault}, then the IOMMU's page table and its
 * TLB, with an {@code mmu_notifier} that tears the entry down when the OS takes the page away).
 *
 * <ul>
 *   <li>{@link #map}: a resident page's frame goes into the domain as writable as the CPU's page
 *       table entry — a copy-on-write page that a read faulted in is still shared with another
 *       process, and a device write must not reach its frame;</li>
 *   <li>the first mapping for a (process, domain) registers an MMU notifier that unmaps every
 *       range the memory manager invalidates (reclaim, migration, unmap, copy-on-write) from that
 *       domain, then tells the {@link Unmapped} listener, so a later access faults again instead
 *       of using a stale frame;</li>
 *   <li>{@link #faultInAndMap} faults the page in first; {@link #resolve} also invalidates the
 *       IOTLB's entry for the page (the IOMMU may have cached the translation that faulted).</li>
 * </ul>
 *
 * <p>What differs between handlers — the CPU time of each step, batching, the order of page
 * requests, fault-around — stays in the handler; this class takes no simulated time itself.
 */
public final class IoMappings {
    private static final long PAGE = PageSize.BASE.bytes();

    private final MemoryManager memory;
    private final Supplier<Iommu> iommu;
    private final Unmapped unmapped;
    private final Set<Watched> watched = new HashSet<>();

    /** Told after the notifier unmapped {@code range} of process {@code pid} from {@code domain}. */
    @FunctionalInterface
    public interface Unmapped {
        /**
         * @param pid the process whose range the OS invalidated
         * @param domain the domain the range was unmapped from
         * @param range the range, in the process's virtual addresses
         */
        void unmapped(int pid, DomainId domain, AddressRange range);
    }

    /**
     * Mappings into {@code iommu}'s domains.
     *
     * @param memory the node's memory manager, whose notifiers it registers
     * @param iommu the IOMMU, asked for when first needed (a handler that finds it late may pass
     *     a supplier); not null when asked
     * @param unmapped told of every unmapping the notifiers make; may be {@code (p, d, r) -> { }}
     */
    public IoMappings(MemoryManager memory, Supplier<Iommu> iommu, Unmapped unmapped) {
        this.memory = Objects.requireNonNull(memory, "memory is null");
        this.iommu = Objects.requireNonNull(iommu, "iommu is null");
        this.unmapped = Objects.requireNonNull(unmapped, "unmapped is null");
    }

    /** Mappings into {@code iommu}'s domains, with no listener. */
    public IoMappings(MemoryManager memory, Iommu iommu) {
        this(memory, supplierOf(iommu), (pid, domain, range) -> { });
    }

    private static Supplier<Iommu> supplierOf(Iommu iommu) {
        Objects.requireNonNull(iommu, "iommu is null");
        return () -> iommu;
    }

    /**
     * Maps the base page at {@code pageVa} of {@code space} to its frame in {@code entry}, in
     * {@code domain}, as writable as the entry, and watches ({@code space}, {@code domain}).
     *
     * @param entry the page's present entry
     * @throws IllegalArgumentException if the entry is not present
     */
    public void map(AddressSpace space, DomainId domain, long pageVa, PageTableEntry entry) {
        if (!entry.present()) {
            throw new IllegalArgumentException("page 0x" + Long.toHexString(pageVa) + " of process " + space.pid()
                    + " is not present; only a resident frame can be mapped for a device");
        }
        watch(space, domain);
        iommu().map(domain, pageVa, entry.physicalAddress(pageVa), PAGE, entry.writable());
    }

    /**
     * Faults in the page holding {@code address} through the memory manager and, once it is
     * resident with the access, maps it ({@link #map}).
     *
     * @param then told the page's entry, or empty if the memory manager could not make it present
     *     for the access (no VMA, a write the VMA forbids, out of memory)
     */
    public void faultInAndMap(AddressSpace space, DomainId domain, long address, Access access,
            Consumer<Optional<PageTableEntry>> then) {
        long page = PageSize.BASE.alignDown(address);
        memory.faultIn(space, address, access, faulted -> {
            if (!faulted.resident()) {
                then.accept(Optional.empty());
                return;
            }
            PageTableEntry entry = faulted.entry().orElseThrow();
            map(space, domain, page, entry);
            then.accept(Optional.of(entry));
        });
    }

    /**
     * {@link #faultInAndMap}, then invalidates the IOMMU's cached translation of the page
     * ({@link Iommu#invalidate}) before {@code then}: the fault's retry must walk the new entry.
     */
    public void resolve(AddressSpace space, DomainId domain, long address, Access access,
            Consumer<Optional<PageTableEntry>> then) {
        faultInAndMap(space, domain, address, access, entry -> {
            if (entry.isPresent()) {
                iommu().invalidate(domain, new AddressRange(PageSize.BASE.alignDown(address), PAGE));
            }
            then.accept(entry);
        });
    }

    /**
     * Registers, once per ({@code space}, {@code domain}), the MMU notifier that unmaps what the OS
     * invalidates from the domain. {@link #map} does it; a handler that maps by other means calls it.
     */
    public void watch(AddressSpace space, DomainId domain) {
        if (watched.add(new Watched(space.pid(), domain))) {
            memory.registerNotifier(space, (s, range, reason) -> {
                iommu().unmap(domain, range.start(), range.length());
                unmapped.unmapped(s.pid(), domain, range);
            });
        }
    }

    private Iommu iommu() {
        return Objects.requireNonNull(iommu.get(), "no IOMMU to map into");
    }

    private record Watched(int pid, DomainId domain) {
    }
}
