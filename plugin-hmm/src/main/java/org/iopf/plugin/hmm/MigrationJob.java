package org.iopf.plugin.hmm;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Consumer;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MigratingPage;
import org.iopf.api.mem.MigratingPageState;
import org.iopf.api.mem.MigrationBatch;
import org.iopf.api.mem.MigrationKind;
import org.iopf.api.mem.MigrationResult;
import org.iopf.api.mem.NumaPolicy;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.Payload;
import org.iopf.api.mem.PhysicalMemory;
import org.iopf.api.sim.WorkPriority;

/**
 * One request to migrate a range, run as a pipeline of batches (seed 003: large batches, never
 * page by page). Each batch goes through the Linux sequence: on the driver's core, collect and
 * unmap the range (MMU-notifier invalidation) and allocate destination frames ({@code hmm/collect});
 * the copy through DDR, PCIe and device memory ({@code hmm/copy}); then commit and finalize, where
 * pages the CPU touched meanwhile are skipped. The next batch's collect overlaps the current copy;
 * at most two batches are in flight.
 *
 * <p>A migration to the device may be partial, as Linux's is ({@code mm/migrate_device.c}):
 * {@code migrate_vma_setup} does not collect pages it cannot isolate (pinned, swapped out, another
 * device's), a page the driver finds no device frame for is dropped from the migration by
 * {@code migrate_vma_pages}, and one the CPU touched is skipped at commit. The job counts each
 * kind, so its caller learns what stayed behind ({@link MigrationSummary#incompleteBytes()}).
 */
final class MigrationJob {
    private static final int IN_FLIGHT = 2;

    private final HmmDevice device;
    private final AddressSpace space;
    private final MigrationKind kind;
    private final Deque<AddressRange> plan;
    private final Consumer<MigrationSummary> done;
    private final long startNanos;
    private long blockedBytes;
    private long migratedBytes;
    private long skippedBytes;
    private long outOfMemoryBytes;
    private long deviceFullBytes;
    private long notCollectedBytes;
    private long racedBytes;
    private long batches;
    private int inFlight;
    private boolean collecting;

    MigrationJob(HmmDevice device, AddressSpace space, MigrationKind kind, Deque<AddressRange> plan, long blockedBytes,
            Consumer<MigrationSummary> done) {
        this.device = device;
        this.space = space;
        this.kind = kind;
        this.plan = new ArrayDeque<>(plan);
        this.blockedBytes = blockedBytes;
        this.done = done;
        this.startNanos = device.scheduler().now();
    }

    void start() {
        if (plan.isEmpty()) {
            device.scheduler().schedule(0, this::finishIfDone);
            return;
        }
        launchNext();
    }

    private void launchNext() {
        if (collecting || inFlight >= IN_FLIGHT || plan.isEmpty()) {
            return;
        }
        AddressRange range = plan.poll();
        collecting = true;
        inFlight++;
        device.core().run("hmm/collect", WorkPriority.KERNEL, device.drawBatchOverhead(), 0,
                () -> collect(range));
    }

    private void collect(AddressRange range) {
        collecting = false;
        if (device.pressured() && kind != MigrationKind.TO_RAM) {
            blockedBytes += range.length();
            inFlight--;
            afterBatch();
            return;
        }
        MigrationBatch batch = device.setup(space, range, kind);
        device.trace("hmm/unmap", device.scheduler().now(), 0, 0);
        if (kind != MigrationKind.TO_RAM) {
            notCollectedBytes += device.notCollectedBytes(batch);
        }
        long copyBytes = 0;
        long localBytes = 0;
        PhysicalMemory vram = device.pagemap().memory();
        for (MigratingPage page : batch.pages()) {
            if (kind != MigrationKind.TO_RAM) {
                var frame = vram.allocateFrame(page.size(), 0, NumaPolicy.ANY);
                if (frame.isEmpty()) {
                    // the device is full: migrate_vma_pages drops a page without a destination
                    deviceFullBytes += page.size().bytes();
                    continue;
                }
                page.setDestination(frame.getAsLong());
            }
            if (page.sourcePa().isEmpty()) {
                localBytes += page.size().bytes();
            } else {
                copyBytes += page.size().bytes();
            }
        }
        long now = device.scheduler().now();
        long end = Math.max(now, Math.max(device.links().hostDevice(copyBytes), device.links().deviceLocal(localBytes)));
        device.trace("hmm/copy", now, end - now, 0);
        device.scheduler().scheduleAt(end, () -> finish(batch));
        launchNext();
    }

    private void finish(MigrationBatch batch) {
        PhysicalMemory system = device.systemMemory();
        PhysicalMemory vram = device.pagemap().memory();
        for (MigratingPage page : batch.pages()) {
            if (page.state() != MigratingPageState.COLLECTED || page.destinationPa().isEmpty()) {
                continue;
            }
            long bytes = page.size().bytes();
            if (kind == MigrationKind.TO_RAM) {
                system.write(page.destinationPa().getAsLong(), vram.capture(page.sourcePa().getAsLong(), bytes));
            } else if (page.sourcePa().isEmpty()) {
                vram.zero(page.destinationPa().getAsLong(), bytes);
            } else {
                Payload contents = system.capture(page.sourcePa().getAsLong(), bytes);
                vram.write(page.destinationPa().getAsLong(), contents);
            }
        }
        long now = device.scheduler().now();
        device.trace("hmm/commit", now, 0, 0);
        MigrationResult result = device.commitAndFinalize(batch);
        for (MigratingPage page : batch.pages()) {
            if (kind != MigrationKind.TO_RAM && page.state() == MigratingPageState.SKIPPED
                    && page.destinationPa().isPresent()) {
                racedBytes += page.size().bytes();
            }
        }
        device.trace("hmm/finalize", now, 0, 0);
        batches++;
        migratedBytes += result.migratedBytes();
        skippedBytes += (result.skippedPages() + result.skippedAtSetup()) * PageSize.BASE.bytes();
        outOfMemoryBytes += batch.outOfMemoryPages() * PageSize.BASE.bytes();
        inFlight--;
        afterBatch();
    }

    private void afterBatch() {
        launchNext();
        finishIfDone();
    }

    private void finishIfDone() {
        if (inFlight == 0 && plan.isEmpty()) {
            MigrationSummary summary = new MigrationSummary(migratedBytes, skippedBytes, blockedBytes,
                    outOfMemoryBytes, deviceFullBytes, notCollectedBytes, racedBytes, batches, startNanos,
                    device.scheduler().now());
            device.incomplete(space, summary);
            done.accept(summary);
        }
    }
}
