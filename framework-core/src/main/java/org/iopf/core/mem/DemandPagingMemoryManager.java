package org.iopf.core.mem;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.Advice;
import org.iopf.api.mem.DevicePagemap;
import org.iopf.api.mem.DevicePagemapOps;
import org.iopf.api.mem.DevicePrivateEntry;
import org.iopf.api.mem.DevicePrivateFault;
import org.iopf.api.mem.FaultInResult;
import org.iopf.api.mem.InvalidationReason;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.MemoryStats;
import org.iopf.api.mem.MigratingPageState;
import org.iopf.api.mem.MigrationBatch;
import org.iopf.api.mem.MigrationKind;
import org.iopf.api.mem.MigrationResult;
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
 * {@link #addDevicePagemap} and migrates ranges with {@link #migrateSetup}, {@link #migrateCommit}
 * and {@link #migrateFinalize}. A collected page is held in a migration entry (not present; in
 * mirror mode present but write-protected); any CPU access to it ({@link #faultIn},
 * {@link #faultInNow}, {@link #read}, {@link #write}, {@link #fill}, {@link #pin}; a write in
 * mirror mode) puts it back at once and the batch skips it. A CPU access to a device-private page
 * calls its owner's {@link DevicePagemapOps#migrateToRam}; when the page is back the access
 * proceeds and reports {@link FaultInResult#SWAPPED_IN} (a major fault served from outside system
 * memory), {@link #faultIn} completing at the time the owner returned; if the owner could not
 * bring it back the access fails with {@link FaultInResult#OUT_OF_MEMORY}. {@link #translate}
 * answers -1 for device-private pages, pages in a migration entry and writes to mirrored pages.
 * A CPU write to a mirrored page calls the notifiers with {@link InvalidationReason#PROTECTION}
 * (the device drops its copy) and ends the mirror. {@link Advice#WILL_NEED} leaves
 * device-private pages where they are; {@link #munmap} frees their device frames.
 *
 * <p><b>Fork and copy-on-write.</b> {@link #fork} gives the child the parent's VMAs and shares
 * every present unpinned page frame with it, write-protected in both (a {@link SharedFrame} per
 * frame: its map count), after calling the parent's notifiers with
 * {@link InvalidationReason#PROTECTION} for each writable VMA that holds such pages. Pinned and
 * device-private pages are copied into the child at once (Linux's {@code page_needs_cow_for_dma}),
 * swapped-out pages share their swap slot, pages in a migration entry are put back first and
 * mirrored pages stop being mirrored. A write fault on a shared page ({@link #faultIn} charges
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
 * <p>{@link MemoryStats#notifierCalls()} counts calls made to notifiers (one per notifier per
 * invalidated range). {@link MemoryStats#reclaimedPages()} counts 4 KiB pages.
 *
 * @since 0.1
 */
public final class DemandPagingMemoryManager implements MemoryManager {
    /** Where the first mapping of every process starts. */
    public static final long FIRST_MAP_VA = 0x1000_0000_0000L;

    private static final long PAGE = PageSize.BASE.bytes();
    private static final long HUGE = PageSize.HUGE_2M.bytes();

    private final SparsePhysicalMemory memory;
    private final Scheduler scheduler;
    private final MemoryManagerConfig config;
    private final TreeMap<Integer, ProcessAddressSpace> spaces = new TreeMap<>();
    private final ResidentPageClock clock = new ResidentPageClock();
    private final SwapStore swap;
    private int nextPid = 1;
    private long residentBytes;
    private long pinnedBytes;
    private long minorFaults;
    private long majorFaults;
    private long hugePageFaults;
    private long reclaimedPages;
    private long notifierCalls;
    private long deviceFaultBacks;
    private long cowFaults;
    private long cowReuses;
    private long lastFaultBackDoneAt = -1;
    private final TreeMap<String, SimDevicePagemap> pagemaps = new TreeMap<>();

    /**
     * Creates a memory manager.
     *
     * @param memory the system memory it allocates from, not null
     * @param scheduler schedules the completion of {@link #faultIn}, not null
     * @param config costs, watermarks and limits, not null
     */
    public DemandPagingMemoryManager(SparsePhysicalMemory memory, Scheduler scheduler, MemoryManagerConfig config) {
        this.memory = requireNonNull(memory, "memory is null");
        this.scheduler = requireNonNull(scheduler, "scheduler is null");
        this.config = requireNonNull(config, "config is null");
        this.swap = new SwapStore(config.swapBytes());
    }

    @Override
    public SparsePhysicalMemory physicalMemory() {
        return memory;
    }

    /** The configuration. */
    public MemoryManagerConfig config() {
        return config;
    }

    @Override
    public ProcessAddressSpace createAddressSpace(String name) {
        ProcessAddressSpace space = new ProcessAddressSpace(nextPid++, name, FIRST_MAP_VA);
        spaces.put(space.pid(), space);
        return space;
    }

    @Override
    public Optional<AddressSpace> addressSpace(int pid) {
        return Optional.ofNullable(spaces.get(pid));
    }

    @Override
    public long mmap(AddressSpace space, long length, MapOptions options) {
        ProcessAddressSpace p = own(space);
        requireNonNull(options, "options is null");
        if (length <= 0) {
            throw new IllegalArgumentException("length must be > 0: " + length);
        }
        if (options.numaNode() >= memory.topology().nodeCount()) {
            throw new IllegalArgumentException("no NUMA node " + options.numaNode());
        }
        long len = PageSize.BASE.alignUp(length);
        long va = p.reserveMapping(len);
        p.addVma(new Vma(new AddressRange(va, len), options.writable(), options));
        if (options.populate()) {
            prefault(p, va, va + len);
        }
        return va;
    }

    @Override
    public void munmap(AddressSpace space, long va, long length) {
        ProcessAddressSpace p = own(space);
        long start = checkedStart(va);
        long end = PageSize.BASE.alignUp(va + length);
        dropPages(p, start, end, true);
        p.removeVmaRange(start, end);
    }

    @Override
    public long translate(AddressSpace space, long va, Access access) {
        ProcessAddressSpace p = own(space);
        requireNonNull(access, "access is null");
        PageTableSlot slot = p.slot(va);
        if (slot == null || !slot.present || (access.isWrite() && (!slot.writable || slot.mirrorOf != null || slot.shared != null))) {
            return -1;
        }
        touch(slot, access);
        return slot.pa + (va - slot.va);
    }

    @Override
    public void faultIn(AddressSpace space, long va, Access access, Consumer<FaultInResult> done) {
        ProcessAddressSpace p = own(space);
        requireNonNull(access, "access is null");
        requireNonNull(done, "done is null");
        PageTableSlot slot = p.slot(va);
        if (slot != null && slot.devicePrivate) {
            lastFaultBackDoneAt = -1;
            FaultInResult result = resolve(p, va, access);
            scheduler.scheduleAt(Math.max(scheduler.now(), lastFaultBackDoneAt), () -> done.accept(result));
            return;
        }
        long cost = plannedCost(p, va, access);
        scheduler.schedule(cost, () -> done.accept(resolve(p, va, access)));
    }

    @Override
    public FaultInResult faultInNow(AddressSpace space, long va, Access access) {
        ProcessAddressSpace p = own(space);
        return resolve(p, va, requireNonNull(access, "access is null"));
    }

    @Override
    public PinResult pin(AddressSpace space, long va, long length) {
        ProcessAddressSpace p = own(space);
        if (length <= 0) {
            return PinResult.PINNED;
        }
        long start = PageSize.BASE.alignDown(va);
        long end = PageSize.BASE.alignUp(va + length);
        if (!p.fullyMapped(start, end)) {
            return PinResult.NO_MAPPING;
        }
        long alreadyPinned = 0;
        for (PageTableSlot slot : p.slots(start, end)) {
            if (slot.pinCount > 0) {
                alreadyPinned += Math.min(slot.end(), end) - Math.max(slot.va, start);
            }
        }
        if (pinnedBytes + (end - start - alreadyPinned) > config.pinnableLimitBytes()) {
            return PinResult.LIMIT_EXCEEDED;
        }
        List<PageTableSlot> pinnedHere = new ArrayList<>();
        long pos = start;
        while (pos < end) {
            FaultInResult result = resolve(p, pos, Access.READ);
            if (isFailure(result)) {
                pinnedHere.forEach(this::unpinSlot);
                return result == FaultInResult.OUT_OF_MEMORY ? PinResult.OUT_OF_MEMORY : PinResult.NO_MAPPING;
            }
            PageTableSlot slot = p.slot(pos);
            if (slot.shared != null) {
                FaultInResult unshared = breakSharing(p, slot, pos, p.vmaAt(pos));
                if (isFailure(unshared)) {
                    pinnedHere.forEach(this::unpinSlot);
                    return PinResult.OUT_OF_MEMORY;
                }
                slot = p.slot(pos);
            }
            pinSlot(slot);
            pinnedHere.add(slot);
            pos = slot.end();
        }
        if (pinnedBytes > config.pinnableLimitBytes()) {
            pinnedHere.forEach(this::unpinSlot);
            return PinResult.LIMIT_EXCEEDED;
        }
        return PinResult.PINNED;
    }

    @Override
    public void unpin(AddressSpace space, long va, long length) {
        ProcessAddressSpace p = own(space);
        if (length <= 0) {
            return;
        }
        for (PageTableSlot slot : p.slots(PageSize.BASE.alignDown(va), PageSize.BASE.alignUp(va + length))) {
            if (slot.pinCount > 0) {
                unpinSlot(slot);
            }
        }
    }

    @Override
    public void advise(AddressSpace space, long va, long length, Advice advice) {
        ProcessAddressSpace p = own(space);
        requireNonNull(advice, "advice is null");
        long start = checkedStart(va);
        long end = PageSize.BASE.alignUp(va + length);
        switch (advice) {
            case WILL_NEED:
                prefault(p, start, end);
                break;
            case DONT_NEED:
                dropPages(p, start, end, false);
                break;
            case HUGE_PAGE:
            case NO_HUGE_PAGE:
                boolean on = advice == Advice.HUGE_PAGE;
                for (Vma vma : p.removeVmaRange(start, end)) {
                    p.addVma(new Vma(vma.range(), vma.writable(), vma.options().withTransparentHugePages(on)));
                }
                break;
            default:
                throw new IllegalArgumentException("unknown advice " + advice);
        }
    }

    @Override
    public long reclaim(long bytes) {
        long reclaimed = 0;
        while (reclaimed < bytes) {
            long freed = evictOne();
            if (freed == 0) {
                break;
            }
            reclaimed += freed;
        }
        return reclaimed;
    }

    @Override
    public long migrate(AddressSpace space, long va, long length, int targetNumaNode) {
        ProcessAddressSpace p = own(space);
        if (targetNumaNode < 0 || targetNumaNode >= memory.topology().nodeCount()) {
            throw new IllegalArgumentException("no NUMA node " + targetNumaNode);
        }
        long start = checkedStart(va);
        long end = PageSize.BASE.alignUp(va + length);
        List<PageTableSlot> movable = new ArrayList<>();
        for (PageTableSlot slot : p.slots(start, end)) {
            if (slot.present && slot.pinCount == 0 && slot.migration == null && slot.shared == null
                    && memory.numaNodeOf(slot.pa) != targetNumaNode) {
                movable.add(slot);
            }
        }
        if (movable.isEmpty()) {
            return 0;
        }
        notifyRange(p, start, end, InvalidationReason.MIGRATE);
        long moved = 0;
        for (PageTableSlot slot : movable) {
            slot.mirrorOf = null;
            List<PageTableSlot> pages = slot.size == PageSize.HUGE_2M && (slot.va < start || slot.end() > end)
                    ? withinRange(split(slot), start, end) : List.of(slot);
            for (PageTableSlot page : pages) {
                moved += moveFrame(page, targetNumaNode);
            }
        }
        return moved;
    }

    @Override
    public void read(AddressSpace space, long va, byte[] dst, int offset, int length) {
        requireNonNull(dst, "dst is null");
        java.util.Objects.checkFromIndexSize(offset, length, dst.length);
        forEachPage(own(space), va, length, Access.READ,
                (pa, done, n) -> memory.read(pa, dst, offset + (int) done, (int) n));
    }

    @Override
    public void write(AddressSpace space, long va, byte[] src, int offset, int length) {
        requireNonNull(src, "src is null");
        java.util.Objects.checkFromIndexSize(offset, length, src.length);
        forEachPage(own(space), va, length, Access.WRITE,
                (pa, done, n) -> memory.write(pa, src, offset + (int) done, (int) n));
    }

    @Override
    public void fill(AddressSpace space, long va, long length, long seed) {
        Payload content = memory.generated(seed, length);
        forEachPage(own(space), va, length, Access.WRITE, (pa, done, n) -> memory.write(pa, content.slice(done, n)));
    }

    /** One page's piece of a CPU access: its physical address, its offset in the access, its length. */
    @FunctionalInterface
    private interface PagePiece {
        void accept(long pa, long done, long length);
    }

    /** Walks {@code [va, va+length)} page by page as the CPU would, faulting each page in at once. */
    private void forEachPage(ProcessAddressSpace p, long va, long length, Access access, PagePiece piece) {
        long done = 0;
        while (done < length) {
            long pos = va + done;
            long n = Math.min(PAGE - (pos & (PAGE - 1)), length - done);
            piece.accept(cpuTranslate(p, pos, access), done, n);
            done += n;
        }
    }

    @Override
    public void registerNotifier(AddressSpace space, MmuNotifier notifier) {
        own(space).notifiers().add(requireNonNull(notifier, "notifier is null"));
    }

    @Override
    public void unregisterNotifier(AddressSpace space, MmuNotifier notifier) {
        own(space).notifiers().remove(requireNonNull(notifier, "notifier is null"));
    }

    @Override
    public long pinnableLimit() {
        return config.pinnableLimitBytes();
    }

    @Override
    public MemoryStats stats() {
        return new MemoryStats(residentBytes, pinnedBytes, swap.usedBytes(), memory.freeBytes(), minorFaults,
                majorFaults, hugePageFaults, reclaimedPages, notifierCalls, cowFaults, cowReuses);
    }

    /** CPU accesses to device-private pages that their owner migrated back to system memory. */
    public long deviceFaultBacks() {
        return deviceFaultBacks;
    }

    // ---- fork and copy-on-write ----------------------------------------------------------------

    @Override
    public ProcessAddressSpace fork(AddressSpace parent, String childName) {
        ProcessAddressSpace p = own(parent);
        requireNonNull(childName, "childName is null");
        for (PageTableSlot slot : p.slots(0, Long.MAX_VALUE)) {
            if (slot.migration != null) {
                releaseMigration(slot);
            }
        }
        ProcessAddressSpace c = new ProcessAddressSpace(nextPid++, childName, FIRST_MAP_VA);
        c.copyLayoutFrom(p);
        for (PageTableSlot slot : p.slots(0, Long.MAX_VALUE)) {
            if (((slot.present && slot.pinCount > 0) || slot.devicePrivate) && !copyIntoChild(c, slot)) {
                c.slots(0, Long.MAX_VALUE).forEach(this::freeSlot);
                throw new IllegalStateException("fork of " + p + ": no memory for the copies of its pinned"
                        + " and device-private pages");
            }
        }
        for (Vma vma : p.vmas()) {
            if (needsWriteProtection(p, vma)) {
                notifyRange(p, vma.range().start(), vma.range().end(), InvalidationReason.PROTECTION);
            }
        }
        for (PageTableSlot slot : p.slots(0, Long.MAX_VALUE)) {
            if (slot.present && slot.pinCount == 0) {
                shareWithChild(c, slot);
            } else if (slot.swapped()) {
                swap.duplicate(slot.swapSlot);
                PageTableSlot twin = new PageTableSlot(c, slot.va, slot.size, slot.writable);
                twin.swapSlot = slot.swapSlot;
                c.putSlot(twin);
            }
        }
        spaces.put(c.pid(), c);
        return c;
    }

    /** Whether forking write-protects (or ends the mirror of) some page of {@code vma}. */
    private static boolean needsWriteProtection(ProcessAddressSpace p, Vma vma) {
        for (PageTableSlot slot : p.slots(vma.range().start(), vma.range().end())) {
            if (slot.present && (slot.mirrorOf != null || (vma.writable() && slot.pinCount == 0 && slot.shared == null))) {
                return true;
            }
        }
        return false;
    }

    /** Maps a present unpinned page of the parent into the child on the same frame, both write-protected. */
    private void shareWithChild(ProcessAddressSpace child, PageTableSlot slot) {
        slot.mirrorOf = null;
        if (slot.shared == null) {
            new SharedFrame().add(slot);
        }
        PageTableSlot twin = new PageTableSlot(child, slot.va, slot.size, slot.writable);
        twin.pa = slot.pa;
        twin.present = true;
        twin.dirty = slot.dirty;
        twin.accessed = slot.accessed;
        slot.shared.add(twin);
        child.putSlot(twin);
        clock.addTail(twin);
        child.addResident(slot.size.bytes());
    }

    /**
     * Gives the child a private copy of a pinned or device-private page of the parent, in one frame
     * of the page's size or else in base frames; returns false when memory ran out.
     */
    private boolean copyIntoChild(ProcessAddressSpace child, PageTableSlot slot) {
        SparsePhysicalMemory from = slot.devicePrivate ? slot.pagemap.memory() : memory;
        long source = slot.devicePrivate ? slot.devicePa : slot.pa;
        Vma vma = child.vmaAt(slot.va);
        OptionalLong whole = allocate(slot.size, vma);
        if (whole.isPresent()) {
            copyPage(child, slot, slot.va, slot.size, from, source, whole.getAsLong());
            return true;
        }
        if (slot.size == PageSize.BASE) {
            return false;
        }
        for (long off = 0; off < slot.size.bytes(); off += PAGE) {
            OptionalLong base = allocate(PageSize.BASE, vma);
            if (base.isEmpty()) {
                return false;
            }
            copyPage(child, slot, slot.va + off, PageSize.BASE, from, source + off, base.getAsLong());
        }
        return true;
    }

    private void copyPage(ProcessAddressSpace child, PageTableSlot original, long va, PageSize size,
            SparsePhysicalMemory from, long source, long frame) {
        memory.write(frame, from.capture(source, size.bytes()));
        PageTableSlot copy = new PageTableSlot(child, va, size, original.writable);
        map(copy, frame, Access.READ);
        copy.dirty = original.dirty;
    }

    /**
     * A write (or a pin) meets a page shared copy-on-write: the last sharer just takes it back
     * writable; otherwise the writer gets a copy on a new frame (a huge page is copied whole, or,
     * when no huge frame is free, split in every sharer and only the written base page copied),
     * its notifiers told {@link InvalidationReason#COPY_ON_WRITE} before it leaves the old frame.
     */
    private FaultInResult breakSharing(ProcessAddressSpace p, PageTableSlot slot, long va, Vma vma) {
        SharedFrame group = slot.shared;
        if (group.mapCount() == 1) {
            group.remove(slot);
            cowReuses++;
            return FaultInResult.ALREADY_PRESENT;
        }
        List<PageTableSlot> sharers = group.sharers();
        List<PageTableSlot> held = new ArrayList<>();
        for (PageTableSlot sharer : sharers) {
            if (sharer.inClock) {
                clock.remove(sharer); // reclaim must not take the frame while its copy is being made
                held.add(sharer);
            }
        }
        OptionalLong frame = allocate(slot.size, vma);
        held.forEach(clock::addTail);
        if (frame.isEmpty()) {
            if (slot.size == PageSize.HUGE_2M) {
                split(slot);
                PageTableSlot base = p.slot(va);
                return breakSharing(p, base, va, vma);
            }
            return FaultInResult.OUT_OF_MEMORY;
        }
        memory.write(frame.getAsLong(), memory.capture(slot.pa, slot.size.bytes()));
        notifyRange(p, slot.va, slot.end(), InvalidationReason.COPY_ON_WRITE);
        group.remove(slot);
        slot.pa = frame.getAsLong();
        residentBytes += slot.size.bytes();
        cowFaults++;
        return FaultInResult.ALREADY_PRESENT;
    }

    // ---- device memory (HMM) -------------------------------------------------------------------

    @Override
    public SimDevicePagemap addDevicePagemap(String name, long bytes, DevicePagemapOps ops) {
        requireNonNull(name, "name is null");
        requireNonNull(ops, "ops is null");
        if (bytes <= 0 || bytes % HUGE != 0) {
            throw new IllegalArgumentException("device memory must be a positive multiple of 2 MiB: " + bytes);
        }
        if (pagemaps.containsKey(name)) {
            throw new IllegalArgumentException("a device pagemap named '" + name + "' exists already");
        }
        SimDevicePagemap pagemap = new SimDevicePagemap(name,
                new SparsePhysicalMemory(name, SlitNumaTopology.singleNode(bytes), memory.contentMode()), ops);
        pagemaps.put(name, pagemap);
        return pagemap;
    }

    @Override
    public Optional<DevicePrivateEntry> devicePrivateEntry(AddressSpace space, long va) {
        PageTableSlot slot = own(space).slot(va);
        return slot != null && slot.devicePrivate ? Optional.of(entryOf(slot)) : Optional.empty();
    }

    @Override
    public SimMigrationBatch migrateSetup(AddressSpace space, long va, long length, MigrationKind kind,
            DevicePagemap pagemap) {
        ProcessAddressSpace p = own(space);
        requireNonNull(kind, "kind is null");
        SimDevicePagemap pm = ownPagemap(pagemap);
        long start = checkedStart(va);
        if (length <= 0) {
            throw new IllegalArgumentException("length must be > 0: " + length);
        }
        long end = PageSize.BASE.alignUp(va + length);
        SimMigrationBatch batch = new SimMigrationBatch(p, new AddressRange(start, end - start), kind, pm);
        notifyRange(p, start, end,
                kind == MigrationKind.MIRROR_TO_DEVICE ? InvalidationReason.PROTECTION : InvalidationReason.MIGRATE);
        switch (kind) {
            case TO_DEVICE -> collectToDevice(batch, start, end);
            case MIRROR_TO_DEVICE -> collectMirror(batch, start, end);
            case TO_RAM -> collectToRam(batch, start, end);
            default -> throw new IllegalArgumentException("unknown kind " + kind);
        }
        return batch;
    }

    @Override
    public void migrateCommit(MigrationBatch batch) {
        SimMigrationBatch b = ownBatch(batch);
        if (b.phase != SimMigrationBatch.Phase.COLLECTED) {
            throw new IllegalStateException(b + " was committed already");
        }
        b.phase = SimMigrationBatch.Phase.COMMITTED;
        for (SimMigratingPage page : b.pages) {
            PageTableSlot slot = page.slot;
            if (page.state != MigratingPageState.COLLECTED) {
                continue;
            }
            boolean held = slot.migration == page && b.space.slot(slot.va) == slot;
            if (!held || page.destinationPa < 0) {
                if (held) {
                    releaseMigration(slot);
                }
                page.state = MigratingPageState.SKIPPED;
                continue;
            }
            slot.migration = null;
            page.state = MigratingPageState.MIGRATED;
            switch (b.kind) {
                case TO_DEVICE -> {
                    slot.devicePrivate = true;
                    slot.pagemap = b.pagemap;
                    slot.devicePa = page.destinationPa;
                    slot.pa = -1;
                    slot.accessed = false;
                }
                case TO_RAM -> {
                    slot.devicePrivate = false;
                    slot.pagemap = null;
                    slot.devicePa = -1;
                    slot.pa = page.destinationPa;
                    slot.present = true;
                    slot.accessed = false;
                    if (slot.pinCount == 0) {
                        clock.addTail(slot);
                    }
                    addResident(slot.space, slot.size.bytes());
                }
                default -> {
                    // mirror: the page stays present and write-protected; the device keeps its copy
                }
            }
        }
    }

    @Override
    public MigrationResult migrateFinalize(MigrationBatch batch) {
        SimMigrationBatch b = ownBatch(batch);
        if (b.phase != SimMigrationBatch.Phase.COMMITTED) {
            throw new IllegalStateException(b + " is not committed, or was finalized already");
        }
        b.phase = SimMigrationBatch.Phase.FINALIZED;
        long migrated = 0;
        long skipped = 0;
        for (SimMigratingPage page : b.pages) {
            if (page.state == MigratingPageState.MIGRATED) {
                migrated += page.basePages();
                if (b.kind == MigrationKind.TO_DEVICE && page.sourcePa >= 0) {
                    memory.freeFrame(page.sourcePa, page.size());
                    addResident(b.space, -page.size().bytes());
                } else if (b.kind == MigrationKind.TO_RAM) {
                    b.pagemap.memory().freeFrame(page.sourcePa, page.size());
                }
            } else {
                skipped += page.basePages();
                if (page.destinationPa >= 0) {
                    (b.kind == MigrationKind.TO_RAM ? memory : b.pagemap.memory())
                            .freeFrame(page.destinationPa, page.size());
                }
            }
        }
        return new MigrationResult(migrated, skipped, b.skippedAtSetup);
    }

    private void collectToDevice(SimMigrationBatch batch, long start, long end) {
        ProcessAddressSpace p = batch.space;
        long pos = start;
        while (pos < end) {
            Vma vma = p.vmaAt(pos);
            if (vma == null) {
                batch.skippedAtSetup++;
                pos += PAGE;
                continue;
            }
            PageTableSlot slot = p.slot(pos);
            if (slot == null) {
                boolean huge = PageSize.HUGE_2M.isAligned(pos) && pos + HUGE <= end && hugeEligible(p, vma, pos);
                PageTableSlot placeholder = new PageTableSlot(p, pos, huge ? PageSize.HUGE_2M : PageSize.BASE,
                        vma.writable());
                p.putSlot(placeholder);
                collect(batch, placeholder, -1);
                pos = placeholder.end();
                continue;
            }
            boolean movable = slot.present && slot.pinCount == 0 && slot.migration == null && slot.shared == null;
            if (movable && (slot.va < start || slot.end() > end)) {
                split(slot);
                continue;
            }
            if (!movable) {
                batch.skippedAtSetup += (Math.min(slot.end(), end) - Math.max(slot.va, start)) / PAGE;
            } else {
                slot.mirrorOf = null;
                clock.remove(slot);
                slot.present = false;
                collect(batch, slot, slot.pa);
            }
            pos = slot.end();
        }
    }

    private void collectMirror(SimMigrationBatch batch, long start, long end) {
        ProcessAddressSpace p = batch.space;
        long pos = start;
        while (pos < end) {
            PageTableSlot slot = p.slot(pos);
            if (slot == null && p.vmaAt(pos) != null && !isFailure(resolve(p, pos, Access.READ))) {
                slot = p.slot(pos);
            }
            if (slot == null) {
                batch.skippedAtSetup++;
                pos += PAGE;
                continue;
            }
            boolean mirrorable = slot.present && slot.migration == null && slot.mirrorOf == null
                    && slot.shared == null;
            if (mirrorable && (slot.va < start || slot.end() > end)) {
                split(slot);
                continue;
            }
            if (!mirrorable) {
                batch.skippedAtSetup += (Math.min(slot.end(), end) - Math.max(slot.va, start)) / PAGE;
            } else {
                slot.mirrorOf = batch.pagemap;
                collect(batch, slot, slot.pa);
            }
            pos = slot.end();
        }
    }

    private void collectToRam(SimMigrationBatch batch, long start, long end) {
        ProcessAddressSpace p = batch.space;
        List<PageTableSlot> candidates = new ArrayList<>();
        for (PageTableSlot slot : p.slots(start, end)) {
            if (slot.devicePrivate && (slot.va < start || slot.end() > end)) {
                candidates.addAll(withinRange(splitDevicePrivate(slot), start, end));
            } else if (slot.devicePrivate) {
                candidates.add(slot);
            }
        }
        for (PageTableSlot slot : candidates) {
            if (slot.pagemap != batch.pagemap || slot.migration != null) {
                batch.skippedAtSetup += slot.size.bytes() / PAGE;
                continue;
            }
            Vma vma = p.vmaAt(slot.va);
            OptionalLong frame = allocate(slot.size, vma);
            if (frame.isEmpty() && slot.size == PageSize.HUGE_2M) {
                for (PageTableSlot base : splitDevicePrivate(slot)) {
                    collectOneToRam(batch, base, allocate(PageSize.BASE, vma));
                }
                continue;
            }
            collectOneToRam(batch, slot, frame);
        }
    }

    private void collectOneToRam(SimMigrationBatch batch, PageTableSlot slot, OptionalLong frame) {
        if (frame.isEmpty()) {
            batch.skippedAtSetup += slot.size.bytes() / PAGE;
            batch.outOfMemoryPages += slot.size.bytes() / PAGE;
            return;
        }
        collect(batch, slot, slot.devicePa).destinationPa = frame.getAsLong();
    }

    private static SimMigratingPage collect(SimMigrationBatch batch, PageTableSlot slot, long sourcePa) {
        SimMigratingPage page = new SimMigratingPage(batch, slot, sourcePa);
        slot.migration = page;
        batch.pages.add(page);
        return page;
    }

    /** Puts a page held by a migration back as it was before setup; the batch skips it. */
    private void releaseMigration(PageTableSlot slot) {
        SimMigratingPage page = slot.migration;
        slot.migration = null;
        page.state = MigratingPageState.SKIPPED;
        switch (page.batch.kind) {
            case TO_DEVICE -> {
                if (slot.pa < 0) {
                    slot.space.removeSlot(slot);
                } else {
                    slot.present = true;
                    if (slot.pinCount == 0) {
                        clock.addTail(slot);
                    }
                }
            }
            case MIRROR_TO_DEVICE -> slot.mirrorOf = null;
            default -> {
                // TO_RAM: the page is still device-private; its destination is freed at finalize
            }
        }
    }

    /** A CPU write to a mirrored page: the device drops its copy (notifiers) and the page is writable again. */
    private void endMirror(PageTableSlot slot) {
        if (slot.migration != null) {
            releaseMigration(slot);
        }
        slot.mirrorOf = null;
        notifyRange(slot.space, slot.va, slot.end(), InvalidationReason.PROTECTION);
    }

    private FaultInResult faultBack(ProcessAddressSpace p, PageTableSlot slot, long va, Access access) {
        long doneAt = slot.pagemap.ops().migrateToRam(new DevicePrivateFault(p, va, access, entryOf(slot)));
        lastFaultBackDoneAt = doneAt;
        PageTableSlot now = p.slot(va);
        if (now != null && now.present) {
            touch(now, access);
            deviceFaultBacks++;
            return FaultInResult.SWAPPED_IN;
        }
        return doneAt < 0 ? FaultInResult.OUT_OF_MEMORY : FaultInResult.DEVICE_PRIVATE;
    }

    /** Splits a device-private huge page into 512 device-private base pages; returns them in order. */
    private List<PageTableSlot> splitDevicePrivate(PageTableSlot huge) {
        if (huge.size != PageSize.HUGE_2M) {
            return List.of(huge);
        }
        huge.pagemap.memory().splitHugeFrame(huge.devicePa);
        ProcessAddressSpace p = huge.space;
        p.removeSlot(huge);
        List<PageTableSlot> pages = new ArrayList<>((int) (HUGE / PAGE));
        for (long off = 0; off < HUGE; off += PAGE) {
            PageTableSlot page = new PageTableSlot(p, huge.va + off, PageSize.BASE, huge.writable);
            page.devicePrivate = true;
            page.pagemap = huge.pagemap;
            page.devicePa = huge.devicePa + off;
            page.dirty = huge.dirty;
            p.putSlot(page);
            pages.add(page);
        }
        return pages;
    }

    private static DevicePrivateEntry entryOf(PageTableSlot slot) {
        return new DevicePrivateEntry(slot.pagemap, slot.va, slot.devicePa, slot.size);
    }

    private SimDevicePagemap ownPagemap(DevicePagemap pagemap) {
        requireNonNull(pagemap, "pagemap is null");
        if (pagemaps.get(pagemap.name()) != pagemap) {
            throw new IllegalArgumentException(pagemap + " is not registered with this memory manager");
        }
        return (SimDevicePagemap) pagemap;
    }

    private SimMigrationBatch ownBatch(MigrationBatch batch) {
        requireNonNull(batch, "batch is null");
        if (!(batch instanceof SimMigrationBatch b) || spaces.get(b.space.pid()) != b.space) {
            throw new IllegalArgumentException(batch + " does not belong to this memory manager");
        }
        return b;
    }

    // ---- faults -------------------------------------------------------------------------------

    private long plannedCost(ProcessAddressSpace p, long va, Access access) {
        Vma vma = p.vmaAt(va);
        if (vma == null || (access.isWrite() && !vma.writable())) {
            return 0;
        }
        PageTableSlot slot = p.slot(va);
        if (slot != null) {
            if (slot.present && access.isWrite() && slot.shared != null && slot.shared.mapCount() > 1) {
                return slot.size == PageSize.HUGE_2M ? config.hugeCowFaultNanos() : config.cowFaultNanos();
            }
            if (slot.present || slot.devicePrivate) {
                return 0;
            }
            if (slot.swapped()) {
                return config.swapInNanos();
            }
        }
        return hugeEligible(p, vma, va) ? config.hugePageFaultNanos() : config.minorFaultNanos();
    }

    private FaultInResult resolve(ProcessAddressSpace p, long va, Access access) {
        Vma vma = p.vmaAt(va);
        if (vma == null) {
            return FaultInResult.NO_MAPPING;
        }
        if (access.isWrite() && !vma.writable()) {
            return FaultInResult.PROTECTION_VIOLATION;
        }
        PageTableSlot slot = p.slot(va);
        if (slot != null && slot.migration != null
                && (access.isWrite() || slot.migration.batch.kind != MigrationKind.MIRROR_TO_DEVICE)) {
            releaseMigration(slot);
            slot = p.slot(va);
        }
        if (slot != null) {
            if (slot.present) {
                if (access.isWrite() && slot.mirrorOf != null) {
                    endMirror(slot);
                }
                if (access.isWrite() && slot.shared != null) {
                    FaultInResult broken = breakSharing(p, slot, va, vma);
                    if (isFailure(broken)) {
                        return broken;
                    }
                    slot = p.slot(va);
                }
                touch(slot, access);
                return FaultInResult.ALREADY_PRESENT;
            }
            if (slot.devicePrivate) {
                return faultBack(p, slot, va, access);
            }
            if (slot.swapped()) {
                return swapIn(slot, vma, access);
            }
        }
        if (hugeEligible(p, vma, va)) {
            OptionalLong huge = allocate(PageSize.HUGE_2M, vma);
            if (huge.isPresent()) {
                map(new PageTableSlot(p, PageSize.HUGE_2M.alignDown(va), PageSize.HUGE_2M, vma.writable()),
                        huge.getAsLong(), access);
                hugePageFaults++;
                minorFaults++;
                return FaultInResult.ZERO_FILLED;
            }
        }
        OptionalLong base = allocate(PageSize.BASE, vma);
        if (base.isEmpty()) {
            return FaultInResult.OUT_OF_MEMORY;
        }
        map(new PageTableSlot(p, PageSize.BASE.alignDown(va), PageSize.BASE, vma.writable()), base.getAsLong(), access);
        minorFaults++;
        return FaultInResult.ZERO_FILLED;
    }

    private boolean hugeEligible(ProcessAddressSpace p, Vma vma, long va) {
        if (!config.thpEnabled() || !vma.options().transparentHugePages()) {
            return false;
        }
        long window = PageSize.HUGE_2M.alignDown(va);
        return window >= vma.range().start() && window + HUGE <= vma.range().end() && !p.hasSlots(window, window + HUGE);
    }

    private FaultInResult swapIn(PageTableSlot slot, Vma vma, Access access) {
        OptionalLong pa = allocate(PageSize.BASE, vma);
        if (pa.isEmpty()) {
            return FaultInResult.OUT_OF_MEMORY;
        }
        Payload contents = swap.take(slot.swapSlot);
        slot.swapSlot = -1;
        if (contents != null) {
            memory.write(pa.getAsLong(), contents);
        }
        map(slot, pa.getAsLong(), access);
        majorFaults++;
        return FaultInResult.SWAPPED_IN;
    }

    private void map(PageTableSlot slot, long pa, Access access) {
        slot.pa = pa;
        slot.present = true;
        touch(slot, access);
        slot.space.putSlot(slot);
        clock.addTail(slot);
        addResident(slot.space, slot.size.bytes());
    }

    private static void touch(PageTableSlot slot, Access access) {
        slot.accessed = true;
        if (access.isWrite()) {
            slot.dirty = true;
        }
    }

    private void prefault(ProcessAddressSpace p, long start, long end) {
        long pos = start;
        while (pos < end) {
            PageTableSlot existing = p.slot(pos);
            if (existing != null && existing.devicePrivate) {
                pos = existing.end();
                continue;
            }
            FaultInResult result = resolve(p, pos, Access.READ);
            PageTableSlot slot = p.slot(pos);
            pos = slot != null && !isFailure(result) ? slot.end() : pos + PAGE;
        }
    }

    private long cpuTranslate(ProcessAddressSpace p, long va, Access access) {
        FaultInResult result = resolve(p, va, access);
        if (isFailure(result)) {
            throw new MemoryAccessException(memory, va, result);
        }
        return translate(p, va, access);
    }

    private static boolean isFailure(FaultInResult result) {
        return result != FaultInResult.ALREADY_PRESENT && result != FaultInResult.ZERO_FILLED
                && result != FaultInResult.SWAPPED_IN;
    }

    // ---- frames and reclaim -------------------------------------------------------------------

    private OptionalLong allocate(PageSize size, Vma vma) {
        int node = vma.options().numaNode();
        NumaPolicy policy = vma.options().numaPolicy();
        long free = memory.freeBytes();
        if (free - size.bytes() < config.lowWatermarkBytes()) {
            reclaim(config.highWatermarkBytes() + size.bytes() - free);
        }
        OptionalLong pa = memory.allocateFrame(size, node, policy);
        while (pa.isEmpty() && size == PageSize.BASE && evictOne() > 0) {
            pa = memory.allocateFrame(size, node, policy);
        }
        return pa;
    }

    /**
     * Swaps out the clock's victim; returns the bytes freed, 0 when nothing can be reclaimed. A
     * frame shared copy-on-write is swapped out of every sharer at once (each sharer's notifiers
     * first), its swap slots shared by all of them, so no sharer keeps mapping a freed frame.
     */
    private long evictOne() {
        PageTableSlot victim = clock.selectVictim();
        if (victim == null || !swap.hasRoomFor(victim.size.bytes())) {
            return 0;
        }
        List<PageTableSlot> group = victim.shared == null ? List.of(victim) : victim.shared.sharers();
        long frame = victim.pa;
        for (PageTableSlot sharer : group) {
            notifyRange(sharer.space, sharer.va, sharer.end(), InvalidationReason.RECLAIM);
        }
        long[] swapSlots = new long[(int) (victim.size.bytes() / PAGE)];
        for (int i = 0; i < swapSlots.length; i++) {
            long pa = frame + i * PAGE;
            swapSlots[i] = swap.put(memory.readsAsZero(pa, PAGE) ? null : memory.capture(pa, PAGE));
        }
        for (int k = 0; k < group.size(); k++) {
            PageTableSlot sharer = group.get(k);
            ProcessAddressSpace p = sharer.space;
            clock.remove(sharer);
            p.removeSlot(sharer);
            sharer.shared = null;
            for (int i = 0; i < swapSlots.length; i++) {
                PageTableSlot page = sharer.size == PageSize.BASE ? sharer
                        : new PageTableSlot(p, sharer.va + i * PAGE, PageSize.BASE, sharer.writable);
                if (k > 0) {
                    swap.duplicate(swapSlots[i]);
                }
                page.swapSlot = swapSlots[i];
                page.present = false;
                page.dirty = false;
                page.accessed = false;
                page.pa = -1;
                p.putSlot(page);
            }
            p.addResident(-sharer.size.bytes());
        }
        memory.freeFrame(frame, victim.size);
        residentBytes -= victim.size.bytes();
        reclaimedPages += victim.size.bytes() / PAGE;
        return victim.size.bytes();
    }

    private long moveFrame(PageTableSlot slot, int node) {
        OptionalLong target = memory.allocateFrame(slot.size, node, NumaPolicy.STRICT_LOCAL);
        if (target.isEmpty()) {
            if (slot.size == PageSize.HUGE_2M) {
                long moved = 0;
                for (PageTableSlot page : split(slot)) {
                    moved += moveFrame(page, node);
                }
                return moved;
            }
            return 0;
        }
        memory.write(target.getAsLong(), memory.capture(slot.pa, slot.size.bytes()));
        memory.freeFrame(slot.pa, slot.size);
        slot.pa = target.getAsLong();
        return slot.size.bytes();
    }

    // ---- unmapping, splitting, pinning ----------------------------------------------------------

    /** Drops the pages of {@code [start, end)}; pinned pages stay unless {@code unmap}. */
    private void dropPages(ProcessAddressSpace p, long start, long end, boolean unmap) {
        for (PageTableSlot slot : p.slots(start, end)) {
            if (slot.migration != null) {
                releaseMigration(slot);
            }
        }
        List<PageTableSlot> slots = p.slots(start, end);
        if (slots.isEmpty()) {
            return;
        }
        notifyRange(p, start, end, InvalidationReason.UNMAP);
        for (PageTableSlot slot : slots) {
            if (!unmap && slot.pinCount > 0) {
                continue;
            }
            if (slot.va < start || slot.end() > end) {
                withinRange(slot.devicePrivate ? splitDevicePrivate(slot) : split(slot), start, end)
                        .forEach(this::freeSlot);
            } else {
                freeSlot(slot);
            }
        }
    }

    private void freeSlot(PageTableSlot slot) {
        if (slot.pinCount > 0) {
            pinnedBytes -= slot.size.bytes();
            slot.pinCount = 0;
        }
        if (slot.present) {
            clock.remove(slot);
            boolean stillMapped = slot.shared != null && slot.shared.remove(slot);
            if (!stillMapped) {
                memory.freeFrame(slot.pa, slot.size);
                residentBytes -= slot.size.bytes();
            }
            slot.space.addResident(-slot.size.bytes());
            slot.present = false;
        }
        if (slot.swapped()) {
            swap.take(slot.swapSlot);
            slot.swapSlot = -1;
        }
        if (slot.devicePrivate) {
            slot.pagemap.memory().freeFrame(slot.devicePa, slot.size);
            slot.devicePrivate = false;
            slot.pagemap = null;
            slot.devicePa = -1;
        }
        slot.space.removeSlot(slot);
    }

    /**
     * Splits a present huge page into 512 base pages with the same state (pins included, so the
     * pinned bytes do not change); returns them in order. A huge frame shared copy-on-write is
     * split in every sharer: each base page is then shared by the same processes.
     */
    private List<PageTableSlot> split(PageTableSlot huge) {
        if (!huge.present) {
            throw new IllegalStateException("only a present huge page can be split");
        }
        memory.splitHugeFrame(huge.pa);
        if (huge.shared == null) {
            return splitSlot(huge, null);
        }
        List<SharedFrame> bases = new ArrayList<>((int) (HUGE / PAGE));
        for (long off = 0; off < HUGE; off += PAGE) {
            bases.add(new SharedFrame());
        }
        List<PageTableSlot> own = List.of();
        for (PageTableSlot sharer : huge.shared.sharers()) {
            List<PageTableSlot> pages = splitSlot(sharer, bases);
            if (sharer == huge) {
                own = pages;
            }
        }
        return own;
    }

    /** Replaces a huge entry whose frame is split already by 512 base entries (in {@code bases} if shared). */
    private List<PageTableSlot> splitSlot(PageTableSlot huge, List<SharedFrame> bases) {
        ProcessAddressSpace p = huge.space;
        boolean wasInClock = huge.inClock;
        clock.remove(huge);
        p.removeSlot(huge);
        huge.shared = null;
        List<PageTableSlot> pages = new ArrayList<>((int) (HUGE / PAGE));
        for (long off = 0; off < HUGE; off += PAGE) {
            PageTableSlot page = new PageTableSlot(p, huge.va + off, PageSize.BASE, huge.writable);
            page.pa = huge.pa + off;
            page.present = true;
            page.dirty = huge.dirty;
            page.accessed = huge.accessed;
            page.pinCount = huge.pinCount;
            page.mirrorOf = huge.mirrorOf;
            if (bases != null) {
                bases.get((int) (off / PAGE)).add(page);
            }
            p.putSlot(page);
            if (wasInClock) {
                clock.addTail(page);
            }
            pages.add(page);
        }
        return pages;
    }

    private static List<PageTableSlot> withinRange(List<PageTableSlot> pages, long start, long end) {
        List<PageTableSlot> inside = new ArrayList<>();
        for (PageTableSlot page : pages) {
            if (page.va >= start && page.end() <= end) {
                inside.add(page);
            }
        }
        return inside;
    }

    private void pinSlot(PageTableSlot slot) {
        if (slot.pinCount++ == 0) {
            clock.remove(slot);
            pinnedBytes += slot.size.bytes();
        }
    }

    private void unpinSlot(PageTableSlot slot) {
        if (--slot.pinCount == 0) {
            pinnedBytes -= slot.size.bytes();
            if (slot.present) {
                clock.addTail(slot);
            }
        }
    }

    // ---- helpers -------------------------------------------------------------------------------

    private void notifyRange(ProcessAddressSpace p, long start, long end, InvalidationReason reason) {
        AddressRange range = new AddressRange(start, end - start);
        for (MmuNotifier notifier : List.copyOf(p.notifiers())) {
            notifierCalls++;
            notifier.invalidateRange(p, range, reason);
        }
    }

    private void addResident(ProcessAddressSpace p, long bytes) {
        p.addResident(bytes);
        residentBytes += bytes;
    }

    private ProcessAddressSpace own(AddressSpace space) {
        requireNonNull(space, "space is null");
        ProcessAddressSpace p = spaces.get(space.pid());
        if (p != space) {
            throw new IllegalArgumentException(space + " does not belong to this memory manager");
        }
        return p;
    }

    private static long checkedStart(long va) {
        if (!PageSize.BASE.isAligned(va)) {
            throw new IllegalArgumentException(String.format("address 0x%x is not page aligned", va));
        }
        return va;
    }

    @Override
    public String toString() {
        return "DemandPagingMemoryManager[" + memory.name() + ", processes=" + spaces.size() + "]";
    }
}
