package org.iopf.core.mem;

import static java.util.Objects.requireNonNull;

import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.Advice;
import org.iopf.api.mem.CopyOnWriteFork;
import org.iopf.api.mem.DeviceMemory;
import org.iopf.api.mem.DevicePagemapOps;
import org.iopf.api.mem.FaultInResult;
import org.iopf.api.mem.FaultedPage;
import org.iopf.api.mem.InvalidationReason;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.MemoryProtection;
import org.iopf.api.mem.MemoryStats;
import org.iopf.api.mem.MmuNotifier;
import org.iopf.api.mem.NumaPolicy;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.Payload;
import org.iopf.api.mem.PinResult;
import org.iopf.api.mem.Vma;
import org.iopf.api.sim.Scheduler;

/**
 * The OS memory manager of a node: anonymous mappings faulted in on demand (zero-fill, or swap-in
 * of exactly what was swapped out), transparent huge pages, reclaim to swap under memory pressure
 * with a second-chance clock, pinning within a limit, page migration between NUMA nodes and MMU
 * notifiers.
 *
 * <p><b>Faults.</b> {@link #faultIn} charges {@link MemoryManagerConfig#minorFaultNanos()} for a
 * zero-fill, {@link MemoryManagerConfig#hugePageFaultNanos()} when the fault will map a 2 MiB page
 * and {@link MemoryManagerConfig#swapInNanos()} for a swap-in; the page becomes present when that
 * time has passed, and {@code done} is called then (outcomes that need no work are reported after
 * a zero delay, never from inside {@code faultIn}). A fault maps a 2 MiB page when THP is enabled,
 * the VMA asks for it, the 2 MiB-aligned window lies inside the VMA and has no page yet; when no
 * huge frame is free it falls back to a 4 KiB page.
 *
 * <p><b>Reclaim.</b> An allocation that would leave less than the low watermark free first
 * reclaims until the high watermark is free again. Victims are resident unpinned pages in
 * second-chance clock order (fault-in order, a set accessed bit buys one more round). For each
 * victim every notifier of its address space is called with {@link InvalidationReason#RECLAIM}
 * before its contents are copied to swap and its frame is freed. A reclaimed huge page is split:
 * its 512 base pages go to swap one by one (as Linux splits a THP on swap-out), and come back as
 * base pages. Without swap space nothing is reclaimed. When the watermark reclaim still leaves no
 * 4 KiB frame on the nodes the VMA's policy allows (a full node under
 * {@link NumaPolicy#STRICT_LOCAL}), victims keep being taken in clock order, from any node, until
 * one fits or nothing is left: simple, but it can reclaim more than needed on other nodes.
 *
 * <p><b>Pinning.</b> {@link #pin} charges a page's whole size once while any pin holds it (a pin
 * of 4 KiB inside a huge page pins the 2 MiB page). Pinned pages are never reclaimed or migrated;
 * {@link Advice#DONT_NEED} leaves them in place; {@link #munmap} drops them and their pins.
 *
 * <p><b>Device memory (HMM).</b> A driver registers device-private memory with
 * {@link DeviceMemory#addDevicePagemap} and migrates ranges with
 * {@link DeviceMemory#migrateSetup}, {@link DeviceMemory#migrateCommit} and
 * {@link DeviceMemory#migrateFinalize} ({@link #deviceMemory()}). A collected page is held in a
 * migration entry (not present; in mirror mode present but write-protected); any CPU access to
 * it ({@link #faultIn}, {@link #faultInNow}, {@link #read}, {@link #write}, {@link #fill},
 * {@link #pin}; a write in mirror mode) puts it back at once and the batch skips it. A CPU access to a device-private page
 * calls its owner's {@link DevicePagemapOps#migrateToRam}; when the page is back the access
 * proceeds and reports {@link FaultInResult#SWAPPED_IN} (a major fault served from outside system
 * memory), {@link #faultIn} completing at the time the owner returned; if the owner could not
 * bring it back the access fails with {@link FaultInResult#OUT_OF_MEMORY}. {@link #translate}
 * answers -1 for device-private pages, pages in a migration entry and writes to mirrored pages.
 * A CPU write to a mirrored page calls the notifiers with {@link InvalidationReason#PROTECTION}
 * (the device drops its copy) and ends the mirror. {@link Advice#WILL_NEED} leaves device-exclusive and
 * device-private pages where they are; {@link #munmap} frees the device frames of device-private ones.
 * {@link DeviceMemory#makeDeviceExclusive} faults a base page of anonymous private memory in for
 * writing (a huge page is split), calls the notifiers with {@link InvalidationReason#EXCLUSIVE} and
 * replaces its CPU entry by a device-exclusive entry ({@link DeviceExclusiveEntries}): the frame
 * stays, {@link #translate} answers -1 and {@link AddressSpace#entry} shows the page not present;
 * the first CPU access restores the entry (notifiers again with {@code EXCLUSIVE}, a minor fault,
 * {@link #faultIn} charging {@link MemoryManagerConfig#minorFaultNanos()}). Fork restores it in the
 * parent before sharing the page (after its write-protection notifier call); reclaim, munmap and
 * NUMA migration drop it after their notifier calls; {@code mprotect} keeps it; a device migration
 * does not collect it.
 *
 * <p><b>Fork and copy-on-write.</b> {@link CopyOnWriteFork#fork} ({@link #copyOnWriteFork()}) gives
 * the child the parent's VMAs and shares every present unpinned frame with it, write-protected
 * in both (see {@link CopyOnWriteForker}); a device-private page stays on the device, the child's
 * entry naming the same device frame, both read-only (Linux {@code copy_nonpresent_pte}), and the
 * first CPU access of either side brings it back for both, a write then copying it. A write fault on a shared page ({@link #faultIn} charges
 * {@link MemoryManagerConfig#cowFaultNanos()}, or {@link MemoryManagerConfig#hugeCowFaultNanos()}
 * for a huge page) copies it to a new frame after calling the writer's notifiers with
 * {@link InvalidationReason#COPY_ON_WRITE}; a huge page is copied whole, or, when no huge frame is
 * free, split in every sharer and only the written base page copied. The last sharer regains
 * write permission without a copy (and without a notifier call or a cost). Pinning a shared page
 * copies it first. Reclaim takes a shared frame out of every sharer at once (each sharer's
 * notifiers first) and the sharers share its swap slots; each sharer swaps in a private copy.
 * Shared pages are not migrated (NUMA or device migration skips them, as pinned pages).
 * {@link MemoryStats#residentBytes()} counts each frame once, while
 * {@link AddressSpace#residentBytes()} counts shared frames in every sharer (RSS).
 *
 * <p><b>Protection.</b> {@link MemoryProtection#mprotect} ({@link #memoryProtection()}) changes the
 * protection of VMAs and of the entries in them (see {@link RangeProtector}); a fault on a
 * {@code PROT_NONE} VMA, or a write fault on a read-only one, is a
 * {@link FaultInResult#PROTECTION_VIOLATION}, and a device migration does not collect pages of a
 * {@code PROT_NONE} VMA.
 *
 * <p>The façade holds no paging logic of its own; each job is one part, sharing the state they
 * all need in one {@link PagingState} (memory, configuration, reclaim clock, swap, resident
 * accounting, notifier calls): {@link PageFaultPath} (fault-in, swap-in, CPU accesses),
 * {@link SwapReclaimer} (allocation under pressure, reclaim), {@link RangePinner} and
 * {@link PinAccount} (pinning), {@link CopyOnWriteForker} (fork, copy-on-write, the
 * {@link CopyOnWriteFork} capability), {@link NumaMigrator} (NUMA migration),
 * {@link RangeProtector} (mprotect, the {@link MemoryProtection} capability),
 * {@link HmmDeviceMemory} (device memory, the {@link DeviceMemory} capability) with
 * {@link MigrationEntries}, and the helpers {@link PageUnmapper}, {@link HugePageSplitter} and
 * {@link ProcessTable}.
 *
 * <p>{@link MemoryStats#notifierCalls()} counts calls made to notifiers (one per notifier per
 * invalidated range). {@link MemoryStats#reclaimedPages()} counts 4 KiB pages.
 *
 * @since 0.1
 */
public final class DemandPagingMemoryManager implements MemoryManager {
    /** Where the first mapping of every process starts. */
    public static final long FIRST_MAP_VA = 0x1000_0000_0000L;

    private final PagingState state;
    private final ProcessTable processes = new ProcessTable();
    private final PinAccount pins;
    private final SwapReclaimer reclaimer;
    private final PageUnmapper unmapper;
    private final CopyOnWriteForker forker;
    private final PageFaultPath faults;
    private final RangePinner pinner;
    private final NumaMigrator numa;
    private final HmmDeviceMemory deviceMemory;
    private final RangeProtector protector;

    /**
     * Creates a memory manager.
     *
     * @param memory the system memory it allocates from, not null
     * @param scheduler schedules the completion of {@link #faultIn}, not null
     * @param config costs, watermarks and limits, not null
     */
    public DemandPagingMemoryManager(SparsePhysicalMemory memory, Scheduler scheduler, MemoryManagerConfig config) {
        requireNonNull(scheduler, "scheduler is null");
        this.state = new PagingState(memory, config);
        this.pins = new PinAccount(state.clock);
        this.reclaimer = new SwapReclaimer(state);
        HugePageSplitter splitter = new HugePageSplitter(state);
        MigrationEntries entries = new MigrationEntries(state);
        DeviceExclusiveEntries exclusive = new DeviceExclusiveEntries(state);
        this.unmapper = new PageUnmapper(state, entries, splitter, pins);
        this.forker = new CopyOnWriteForker(state, processes, reclaimer, splitter, entries, unmapper);
        this.faults = new PageFaultPath(state, scheduler, reclaimer, forker, entries, exclusive);
        this.pinner = new RangePinner(config.pinnableLimitBytes(), pins, faults, forker);
        this.numa = new NumaMigrator(state, splitter);
        this.deviceMemory = new HmmDeviceMemory(state, processes, reclaimer, splitter, entries, faults, exclusive);
        this.protector = new RangeProtector(state, processes, splitter, entries);
    }

    @Override
    public SparsePhysicalMemory physicalMemory() {
        return state.memory;
    }

    /** The configuration. */
    public MemoryManagerConfig config() {
        return state.config;
    }

    @Override
    public ProcessAddressSpace createAddressSpace(String name) {
        ProcessAddressSpace space = processes.newProcess(name);
        processes.register(space);
        return space;
    }

    @Override
    public Optional<AddressSpace> addressSpace(int pid) {
        return processes.find(pid);
    }

    @Override
    public long mmap(AddressSpace space, long length, MapOptions options) {
        ProcessAddressSpace p = processes.own(space);
        requireNonNull(options, "options is null");
        if (length <= 0) {
            throw new IllegalArgumentException("length must be > 0: " + length);
        }
        if (options.numaNode() >= state.memory.topology().nodeCount()) {
            throw new IllegalArgumentException("no NUMA node " + options.numaNode());
        }
        long len = PageSize.BASE.alignUp(length);
        long va = p.reserveMapping(len);
        p.addVma(new Vma(new AddressRange(va, len), options.writable(), options));
        if (options.populate()) {
            faults.prefault(p, va, va + len);
        }
        return va;
    }

    @Override
    public void munmap(AddressSpace space, long va, long length) {
        ProcessAddressSpace p = processes.own(space);
        long start = PagingState.checkedStart(va);
        long end = PageSize.BASE.alignUp(va + length);
        unmapper.dropPages(p, start, end, true);
        p.removeVmaRange(start, end);
    }

    @Override
    public OptionalLong translate(AddressSpace space, long va, Access access) {
        long pa = translateOrNegative(space, va, access);
        return pa < 0 ? OptionalLong.empty() : OptionalLong.of(pa);
    }

    @Override
    public long translateOrNegative(AddressSpace space, long va, Access access) {
        return PageFaultPath.translate(processes.own(space), va, requireNonNull(access, "access is null"));
    }

    @Override
    public void faultIn(AddressSpace space, long va, Access access, Consumer<FaultedPage> done) {
        ProcessAddressSpace p = processes.own(space);
        requireNonNull(access, "access is null");
        faults.faultIn(p, va, access, requireNonNull(done, "done is null"));
    }

    @Override
    public FaultInResult faultInNow(AddressSpace space, long va, Access access) {
        ProcessAddressSpace p = processes.own(space);
        return faults.resolve(p, va, requireNonNull(access, "access is null"));
    }

    @Override
    public PinResult pin(AddressSpace space, long va, long length) {
        return pinner.pin(processes.own(space), va, length);
    }

    @Override
    public void unpin(AddressSpace space, long va, long length) {
        pinner.unpin(processes.own(space), va, length);
    }

    @Override
    public void advise(AddressSpace space, long va, long length, Advice advice) {
        ProcessAddressSpace p = processes.own(space);
        requireNonNull(advice, "advice is null");
        long start = PagingState.checkedStart(va);
        long end = PageSize.BASE.alignUp(va + length);
        switch (advice) {
            case WILL_NEED:
                faults.prefault(p, start, end);
                break;
            case DONT_NEED:
                unmapper.dropPages(p, start, end, false);
                break;
            case HUGE_PAGE:
            case NO_HUGE_PAGE:
                boolean on = advice == Advice.HUGE_PAGE;
                for (Vma vma : p.removeVmaRange(start, end)) {
                    p.addVma(new Vma(vma.range(), vma.writable(), vma.options().withTransparentHugePages(on), vma.readable()));
                }
                break;
            default:
                throw new IllegalArgumentException("unknown advice " + advice);
        }
    }

    @Override
    public long reclaim(long bytes) {
        return reclaimer.reclaim(bytes);
    }

    @Override
    public long migrate(AddressSpace space, long va, long length, int targetNumaNode) {
        ProcessAddressSpace p = processes.own(space);
        if (targetNumaNode < 0 || targetNumaNode >= state.memory.topology().nodeCount()) {
            throw new IllegalArgumentException("no NUMA node " + targetNumaNode);
        }
        long start = PagingState.checkedStart(va);
        return numa.migrate(p, start, PageSize.BASE.alignUp(va + length), targetNumaNode);
    }

    @Override
    public void read(AddressSpace space, long va, byte[] dst, int offset, int length) {
        requireNonNull(dst, "dst is null");
        java.util.Objects.checkFromIndexSize(offset, length, dst.length);
        faults.forEachPage(processes.own(space), va, length, Access.READ,
                (pa, done, n) -> state.memory.read(pa, dst, offset + (int) done, (int) n));
    }

    @Override
    public void write(AddressSpace space, long va, byte[] src, int offset, int length) {
        requireNonNull(src, "src is null");
        java.util.Objects.checkFromIndexSize(offset, length, src.length);
        faults.forEachPage(processes.own(space), va, length, Access.WRITE,
                (pa, done, n) -> state.memory.write(pa, src, offset + (int) done, (int) n));
    }

    @Override
    public void fill(AddressSpace space, long va, long length, long seed) {
        Payload content = state.memory.generated(seed, length);
        faults.forEachPage(processes.own(space), va, length, Access.WRITE,
                (pa, done, n) -> state.memory.write(pa, content.slice(done, n)));
    }

    @Override
    public void registerNotifier(AddressSpace space, MmuNotifier notifier) {
        processes.own(space).notifiers().add(requireNonNull(notifier, "notifier is null"));
    }

    @Override
    public void unregisterNotifier(AddressSpace space, MmuNotifier notifier) {
        processes.own(space).notifiers().remove(requireNonNull(notifier, "notifier is null"));
    }

    @Override
    public long pinnableLimit() {
        return state.config.pinnableLimitBytes();
    }

    @Override
    public MemoryStats stats() {
        return new MemoryStats(state.residentBytes(), pins.pinnedBytes(), state.swap.usedBytes(),
                state.memory.freeBytes(), faults.minorFaults(), faults.majorFaults(), faults.hugePageFaults(),
                reclaimer.reclaimedPages(), state.notifierCalls(), forker.cowFaults(), forker.cowReuses());
    }

    /** CPU accesses to device-private pages that their owner migrated back to system memory. */
    public long deviceFaultBacks() {
        return faults.deviceFaultBacks();
    }

    /** This manager models device-private memory: always present. */
    @Override
    public Optional<DeviceMemory> deviceMemory() {
        return Optional.of(deviceMemory);
    }

    /** This manager models {@code mprotect}: always present. */
    @Override
    public Optional<MemoryProtection> memoryProtection() {
        return Optional.of(protector);
    }

    /** This manager models fork with copy-on-write: always present. */
    @Override
    public Optional<CopyOnWriteFork> copyOnWriteFork() {
        return Optional.of(forker);
    }

    @Override
    public String toString() {
        return "DemandPagingMemoryManager[" + state.memory.name() + ", processes=" + processes.size() + "]";
    }
}
