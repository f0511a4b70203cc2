package org.iopf.core.mem;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.DeviceExclusiveEntry;
import org.iopf.api.mem.DeviceMemory;
import org.iopf.api.mem.DevicePagemap;
import org.iopf.api.mem.DevicePagemapOps;
import org.iopf.api.mem.DevicePrivateEntry;
import org.iopf.api.mem.InvalidationReason;
import org.iopf.api.mem.MigratingPageState;
import org.iopf.api.mem.MigrationBatch;
import org.iopf.api.mem.MigrationKind;
import org.iopf.api.mem.MigrationResult;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.Vma;

/**
 * Device-private memory (Linux HMM) of a {@link DemandPagingMemoryManager}: device pagemaps and
 * the three steps of a migration between system memory and a pagemap. A collected page is held in
 * a migration entry (not present; in mirror mode present but write-protected) until commit; the
 * CPU taking it back meanwhile is {@link MigrationEntries}' job, and a CPU touch of a device-private
 * page is the fault path's ({@link PageFaultPath}). Device-exclusive access
 * ({@link #makeDeviceExclusive}) faults the page in for writing through the fault path and leaves
 * the entry to {@link DeviceExclusiveEntries}.
 */
final class HmmDeviceMemory implements DeviceMemory {
    private static final long PAGE = PageSize.BASE.bytes();
    private static final long HUGE = PageSize.HUGE_2M.bytes();

    private final PagingState state;
    private final ProcessTable processes;
    private final SwapReclaimer frames;
    private final HugePageSplitter splitter;
    private final MigrationEntries entries;
    private final PageFaultPath faults;
    private final DeviceExclusiveEntries exclusive;
    private final TreeMap<String, SimDevicePagemap> pagemaps = new TreeMap<>();

    HmmDeviceMemory(PagingState state, ProcessTable processes, SwapReclaimer frames, HugePageSplitter splitter,
            MigrationEntries entries, PageFaultPath faults, DeviceExclusiveEntries exclusive) {
        this.state = state;
        this.processes = processes;
        this.frames = frames;
        this.splitter = splitter;
        this.entries = entries;
        this.faults = faults;
        this.exclusive = exclusive;
    }

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
                new SparsePhysicalMemory(name, SlitNumaTopology.singleNode(bytes), state.memory.contentMode()), ops);
        pagemaps.put(name, pagemap);
        return pagemap;
    }

    @Override
    public Optional<DevicePrivateEntry> devicePrivateEntry(AddressSpace space, long va) {
        PageTableSlot slot = processes.own(space).slot(va);
        return slot != null && slot.devicePrivate ? Optional.of(entryOf(slot)) : Optional.empty();
    }

    @Override
    public Optional<DeviceExclusiveEntry> makeDeviceExclusive(AddressSpace space, long va, DevicePagemap owner) {
        ProcessAddressSpace p = processes.own(space);
        SimDevicePagemap pm = ownPagemap(owner);
        long page = PageSize.BASE.alignDown(va);
        Vma vma = p.vmaAt(page);
        if (vma == null || !vma.readable() || !vma.writable() || vma.options().shared()) {
            // get_user_pages(FOLL_WRITE) fails (-EFAULT), or the folio is not anonymous (-EOPNOTSUPP)
            return Optional.empty();
        }
        if (PagingState.isFailure(faults.resolve(p, page, Access.WRITE))) {
            return Optional.empty();
        }
        PageTableSlot slot = p.slot(page);
        if (slot != null && slot.size == PageSize.HUGE_2M) {
            splitter.split(slot); // FOLL_SPLIT_PMD
            slot = p.slot(page);
        }
        if (slot == null || !slot.present || slot.migration != null || slot.shared != null) {
            return Optional.empty();
        }
        exclusive.make(slot, pm);
        return Optional.of(new DeviceExclusiveEntry(pm, page, slot.pa));
    }

    @Override
    public Optional<DeviceExclusiveEntry> deviceExclusiveEntry(AddressSpace space, long va) {
        PageTableSlot slot = processes.own(space).slot(va);
        return slot != null && slot.present && slot.exclusiveOf != null
                ? Optional.of(new DeviceExclusiveEntry(slot.exclusiveOf, slot.va, slot.pa)) : Optional.empty();
    }

    @Override
    public SimMigrationBatch migrateSetup(AddressSpace space, long va, long length, MigrationKind kind,
            DevicePagemap pagemap) {
        ProcessAddressSpace p = processes.own(space);
        requireNonNull(kind, "kind is null");
        SimDevicePagemap pm = ownPagemap(pagemap);
        long start = PagingState.checkedStart(va);
        if (length <= 0) {
            throw new IllegalArgumentException("length must be > 0: " + length);
        }
        long end = PageSize.BASE.alignUp(va + length);
        SimMigrationBatch batch = new SimMigrationBatch(p, new AddressRange(start, end - start), kind, pm);
        state.notifyRange(p, start, end,
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
        SimMigrationBatch b = advance(batch, SimMigrationBatch.Phase.COLLECTED, SimMigrationBatch.Phase.COMMITTED,
                "was committed already");
        for (SimMigratingPage page : b.pages) {
            PageTableSlot slot = page.slot;
            if (page.state != MigratingPageState.COLLECTED) {
                continue;
            }
            boolean held = slot.migration == page && b.space.slot(slot.va) == slot;
            if (!held || page.destinationPa < 0) {
                if (held) {
                    entries.release(slot);
                }
                page.state = MigratingPageState.SKIPPED;
                continue;
            }
            slot.migration = null;
            page.state = MigratingPageState.MIGRATED;
            install(b, page, slot);
        }
    }

    /** Gives a migrated page its new entry: device-private, present in system memory, or (mirror) as it is. */
    private void install(SimMigrationBatch b, SimMigratingPage page, PageTableSlot slot) {
        switch (b.kind) {
            case TO_DEVICE -> {
                slot.devicePrivate = true;
                slot.pagemap = b.pagemap;
                slot.devicePa = page.destinationPa;
                slot.pa = -1;
                slot.accessed = false;
            }
            case TO_RAM -> {
                if (slot.shared == null) {
                    installInRam(slot, page.destinationPa);
                    return;
                }
                // a device page shared after fork comes back for every sharer, still shared
                // copy-on-write (try_to_migrate / remove_migration_ptes walk every mapping)
                for (PageTableSlot sharer : slot.shared.sharers()) {
                    sharer.migration = null;
                    installInRam(sharer, page.destinationPa);
                    state.addFrameBytes(-slot.size.bytes());
                }
                state.addFrameBytes(slot.size.bytes());
            }
            default -> {
                // mirror: the page stays present and write-protected; the device keeps its copy
            }
        }
    }

    private void installInRam(PageTableSlot slot, long pa) {
        slot.devicePrivate = false;
        slot.pagemap = null;
        slot.devicePa = -1;
        slot.pa = pa;
        slot.present = true;
        slot.accessed = false;
        if (slot.pinCount == 0) {
            state.clock.addTail(slot);
        }
        state.addResident(slot.space, slot.size.bytes());
    }

    @Override
    public MigrationResult migrateFinalize(MigrationBatch batch) {
        SimMigrationBatch b = advance(batch, SimMigrationBatch.Phase.COMMITTED, SimMigrationBatch.Phase.FINALIZED,
                "is not committed, or was finalized already");
        SparsePhysicalMemory memory = state.memory;
        long migrated = 0;
        long skipped = 0;
        for (SimMigratingPage page : b.pages) {
            if (page.state == MigratingPageState.MIGRATED) {
                migrated += page.basePages();
                if (b.kind == MigrationKind.TO_DEVICE && page.sourcePa >= 0) {
                    memory.freeFrame(page.sourcePa, page.size());
                    state.addResident(b.space, -page.size().bytes());
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
            if (vma == null || !vma.readable() || vma.options().shared()) {
                // only anonymous private memory migrates (migrate_vma_collect_hole and
                // migrate_vma_collect_pmd skip a VMA that is not vma_is_anonymous: shmem)
                batch.skippedAtSetup++;
                pos += PAGE;
                continue;
            }
            PageTableSlot slot = p.slot(pos);
            if (slot == null) {
                boolean huge = PageSize.HUGE_2M.isAligned(pos) && pos + HUGE <= end && state.hugeEligible(p, vma, pos);
                PageTableSlot placeholder = new PageTableSlot(p, pos, huge ? PageSize.HUGE_2M : PageSize.BASE,
                        vma.writable());
                p.putSlot(placeholder);
                collect(batch, placeholder, -1);
                pos = placeholder.end();
                continue;
            }
            // a device-exclusive page is not collected (migrate_vma_collect_pmd collects only
            // device-private non-present entries)
            boolean movable = slot.present && slot.pinCount == 0 && slot.migration == null && slot.shared == null
                    && slot.exclusiveOf == null;
            if (movable && (slot.va < start || slot.end() > end)) {
                splitter.split(slot);
                continue;
            }
            if (!movable) {
                batch.skippedAtSetup += (Math.min(slot.end(), end) - Math.max(slot.va, start)) / PAGE;
            } else {
                slot.mirrorOf = null;
                state.clock.remove(slot);
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
            if (slot == null && p.vmaAt(pos) != null && !PagingState.isFailure(faults.resolve(p, pos, Access.READ))) {
                slot = p.slot(pos);
            }
            if (slot == null) {
                batch.skippedAtSetup++;
                pos += PAGE;
                continue;
            }
            boolean mirrorable = slot.present && slot.migration == null && slot.mirrorOf == null
                    && slot.shared == null && slot.exclusiveOf == null;
            if (mirrorable && (slot.va < start || slot.end() > end)) {
                splitter.split(slot);
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
                candidates.addAll(HugePageSplitter.withinRange(splitter.splitDevicePrivate(slot), start, end));
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
            OptionalLong frame = frames.allocate(slot.size, vma);
            if (frame.isEmpty() && slot.size == PageSize.HUGE_2M) {
                for (PageTableSlot base : splitter.splitDevicePrivate(slot)) {
                    collectOneToRam(batch, base, frames.allocate(PageSize.BASE, vma));
                }
                continue;
            }
            collectOneToRam(batch, slot, frame);
        }
    }

    private static void collectOneToRam(SimMigrationBatch batch, PageTableSlot slot, OptionalLong frame) {
        if (frame.isEmpty()) {
            batch.skippedAtSetup += slot.size.bytes() / PAGE;
            batch.outOfMemoryPages += slot.size.bytes() / PAGE;
            return;
        }
        SimMigratingPage page = collect(batch, slot, slot.devicePa);
        page.destinationPa = frame.getAsLong();
        if (slot.shared != null) {
            for (PageTableSlot sharer : slot.shared.sharers()) {
                sharer.migration = page;
            }
        }
    }

    private static SimMigratingPage collect(SimMigrationBatch batch, PageTableSlot slot, long sourcePa) {
        SimMigratingPage page = new SimMigratingPage(batch, slot, sourcePa);
        slot.migration = page;
        batch.pages.add(page);
        return page;
    }

    static DevicePrivateEntry entryOf(PageTableSlot slot) {
        return new DevicePrivateEntry(slot.pagemap, slot.va, slot.devicePa, slot.size);
    }

    private SimDevicePagemap ownPagemap(DevicePagemap pagemap) {
        requireNonNull(pagemap, "pagemap is null");
        if (pagemaps.get(pagemap.name()) != pagemap) {
            throw new IllegalArgumentException(pagemap + " is not registered with this memory manager");
        }
        return (SimDevicePagemap) pagemap;
    }

    /** This manager's batch, moved from phase {@code from} to {@code to}, or an error saying why not. */
    private SimMigrationBatch advance(MigrationBatch batch, SimMigrationBatch.Phase from, SimMigrationBatch.Phase to,
            String refusal) {
        requireNonNull(batch, "batch is null");
        if (!(batch instanceof SimMigrationBatch b) || !processes.owns(b.space)) {
            throw new IllegalArgumentException(batch + " does not belong to this memory manager");
        }
        if (b.phase != from) {
            throw new IllegalStateException(b + " " + refusal);
        }
        b.phase = to;
        return b;
    }
}
