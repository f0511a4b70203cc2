package org.iopf.plugin.uvm;

import java.util.function.LongConsumer;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.DeviceMemory;
import org.iopf.api.mem.DevicePagemap;
import org.iopf.api.mem.MigratingPage;
import org.iopf.api.mem.MigratingPageState;
import org.iopf.api.mem.MigrationBatch;
import org.iopf.api.mem.MigrationKind;
import org.iopf.api.mem.MigrationResult;
import org.iopf.api.mem.NumaPolicy;
import org.iopf.api.mem.PhysicalMemory;
import org.iopf.api.mem.Vma;
import org.iopf.api.sim.Scheduler;

/**
 * Moves pages of a VA space between system memory and the GPU through the OS memory manager's
 * device-memory capability (Linux's {@code migrate_vma_setup} / {@code _pages} / {@code _finalize},
 * which the open driver's HMM path uses in {@code uvm_migrate_pageable.c} and
 * {@code uvm_hmm.c}): setup collects and unmaps the pages on the CPU side (MMU notifiers run),
 * the copy engines move the bytes over the host link, commit makes the pages device-private (or
 * present again in system memory), and the GPU page table is updated. Every copy moves the real
 * content.
 */
final class Migrator {
    private final DeviceMemory deviceMemory;
    private final DevicePagemap pagemap;
    private final PhysicalMemory system;
    private final HostLink link;
    private final GpuPageTable pageTable;
    private final Scheduler scheduler;
    private LongConsumer migratedPage = va -> { };

    Migrator(DeviceMemory deviceMemory, DevicePagemap pagemap, PhysicalMemory system, HostLink link,
            GpuPageTable pageTable, Scheduler scheduler) {
        this.deviceMemory = deviceMemory;
        this.pagemap = pagemap;
        this.system = system;
        this.link = link;
        this.pageTable = pageTable;
        this.scheduler = scheduler;
    }

    /** Tells {@code listener} the address of every 4 KiB page migrated, either way, as it is. */
    void onMigratedPage(LongConsumer listener) {
        this.migratedPage = listener;
    }

    private void migrated(MigratingPage page) {
        for (long off = 0; off < page.size().bytes(); off += GpuPageTable.PAGE) {
            migratedPage.accept(page.va() + off);
        }
    }

    /** What one migration moved, in 4 KiB pages and bytes over the link. */
    record Moved(long pages, long skippedPages, long linkBytes, long startedAt, long endedAt) {
    }

    /**
     * Migrates {@code range} of {@code space} to the GPU: pages the CPU has populated are copied over
     * the host link, never-touched pages are zero-filled in GPU memory; migrated pages are mapped in
     * the GPU page table. {@code done} hears what moved when the copy has landed.
     */
    void toDevice(AddressSpace space, AddressRange range, java.util.function.Consumer<Moved> done) {
        long start = scheduler.now();
        MigrationBatch batch = deviceMemory.migrateSetup(space, range.start(), range.length(),
                MigrationKind.TO_DEVICE, pagemap);
        PhysicalMemory vram = pagemap.memory();
        long copied = 0;
        long zeroed = 0;
        for (MigratingPage page : batch.pages()) {
            var frame = vram.allocateFrame(page.size(), 0, NumaPolicy.ANY);
            if (frame.isEmpty()) {
                continue; // no frame: migrate_vma_pages leaves the page where it is
            }
            page.setDestination(frame.getAsLong());
            if (page.sourcePa().isEmpty()) {
                zeroed += page.size().bytes();
            } else {
                copied += page.size().bytes();
            }
        }
        long end = Math.max(start, Math.max(link.copy(copied), link.local(zeroed)));
        long bytes = copied;
        scheduler.scheduleAt(end, () -> {
            for (MigratingPage page : batch.pages()) {
                if (page.state() != MigratingPageState.COLLECTED || page.destinationPa().isEmpty()) {
                    continue;
                }
                if (page.sourcePa().isEmpty()) {
                    vram.zero(page.destinationPa().getAsLong(), page.size().bytes());
                } else {
                    vram.write(page.destinationPa().getAsLong(), system.capture(page.sourcePa().getAsLong(), page.size().bytes()));
                }
            }
            deviceMemory.migrateCommit(batch);
            boolean writable = space.vma(range.start()).map(Vma::writable).orElse(false);
            for (MigratingPage page : batch.pages()) {
                if (page.state() == MigratingPageState.MIGRATED) {
                    pageTable.map(page.va(), page.destinationPa().getAsLong(), page.size().bytes(), GpuPageTable.Aperture.VID,
                            writable);
                    migrated(page);
                }
            }
            MigrationResult result = deviceMemory.migrateFinalize(batch);
            done.accept(new Moved(result.migratedPages(), result.skippedPages(), bytes, start, scheduler.now()));
        });
    }

    /**
     * Migrates the GPU-resident pages of {@code range} back to system memory (eviction): setup
     * unmaps them from the GPU through the MMU notifier, the copy engines move them over the link.
     */
    void toRam(AddressSpace space, AddressRange range, java.util.function.Consumer<Moved> done) {
        long start = scheduler.now();
        MigrationBatch batch = deviceMemory.migrateSetup(space, range.start(), range.length(),
                MigrationKind.TO_RAM, pagemap);
        long bytes = 0;
        for (MigratingPage page : batch.pages()) {
            bytes += page.size().bytes();
        }
        long end = Math.max(start, link.copy(bytes));
        long moved = bytes;
        scheduler.scheduleAt(end, () -> {
            MigrationResult result = backToRam(batch);
            done.accept(new Moved(result.migratedPages(), result.skippedPages(), moved, start, scheduler.now()));
        });
    }

    /**
     * Brings one page back at once, for a CPU access to it (the {@code migrate_to_ram} callback);
     * returns when its copy over the link ends, or -1 if it could not come back.
     */
    long pageToRam(AddressSpace space, AddressRange page, LongConsumer migratedPages) {
        MigrationBatch batch = deviceMemory.migrateSetup(space, page.start(), page.length(), MigrationKind.TO_RAM,
                pagemap);
        long bytes = 0;
        for (MigratingPage p : batch.pages()) {
            bytes += p.size().bytes();
        }
        MigrationResult result = backToRam(batch);
        migratedPages.accept(result.migratedPages());
        if (result.migratedPages() == 0) {
            return -1;
        }
        return Math.max(scheduler.now(), link.copy(bytes));
    }

    private MigrationResult backToRam(MigrationBatch batch) {
        PhysicalMemory vram = pagemap.memory();
        for (MigratingPage page : batch.pages()) {
            if (page.state() == MigratingPageState.COLLECTED && page.destinationPa().isPresent()) {
                system.write(page.destinationPa().getAsLong(), vram.capture(page.sourcePa().getAsLong(), page.size().bytes()));
            }
        }
        deviceMemory.migrateCommit(batch);
        for (MigratingPage page : batch.pages()) {
            if (page.state() == MigratingPageState.MIGRATED) {
                migrated(page);
            }
        }
        return deviceMemory.migrateFinalize(batch);
    }

    DevicePagemap pagemap() {
        return pagemap;
    }

    DeviceMemory deviceMemory() {
        return deviceMemory;
    }
}
