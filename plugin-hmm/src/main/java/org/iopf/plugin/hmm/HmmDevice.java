package org.iopf.plugin.hmm;

import static java.util.Objects.requireNonNull;

import jakarta.inject.Inject;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;
import org.iopf.api.buffer.AllocationResult;
import org.iopf.api.buffer.Attachment;
import org.iopf.api.buffer.Buffer;
import org.iopf.api.buffer.BufferManager;
import org.iopf.api.buffer.BufferSpec;
import org.iopf.api.fault.FaultSink;
import org.iopf.api.hmm.MigrationPolicy;
import org.iopf.api.hmm.MigrationPolicyContext;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.DeviceMemory;
import org.iopf.api.mem.DevicePagemap;
import org.iopf.api.mem.DevicePrivateEntry;
import org.iopf.api.mem.DevicePrivateFault;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.MigratingPage;
import org.iopf.api.mem.MigratingPageState;
import org.iopf.api.mem.MigrationBatch;
import org.iopf.api.mem.MigrationKind;
import org.iopf.api.mem.MigrationResult;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PhysicalMemory;
import org.iopf.api.observe.Tracer;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.sim.CpuCore;
import org.iopf.api.sim.Scheduler;
import org.iopf.api.sim.ServiceTime;
import org.iopf.plugin.hmm.policy.MigrationPolicies;
import org.iopf.toolkit.buffer.ProcessMemoryBuffers;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An accelerator with device-private memory and its HMM driver (seed 003). It registers its
 * memory with the node's OS memory manager as device-private memory, migrates ranges into it in
 * batches ({@link #migrateToDevice}, migrate or mirror mode), brings pages back when the CPU
 * touches them (the {@code migrate_to_ram} callback) or when asked ({@link #migrateToRam}), runs
 * kernels that read migrated pages from device memory and the others over PCIe ({@link #compute}),
 * and writes device pages back to storage through a pinned host bounce buffer ({@link #writeBack}).
 * It may take exclusive access to system pages for atomic operations ({@link #makeExclusive},
 * Linux {@code make_device_exclusive}).
 * As the node's buffer manager it maps buffers for processes; they stay in system memory until
 * migrated.
 *
 * <p>Migrate-back pressure (F6): when a page cannot come back for lack of system memory the device
 * counts a pressure event, stops migrating to the device (so nothing ping-pongs against a full
 * host), and the CPU access fails with {@code OUT_OF_MEMORY} instead of retrying forever.
 *
 * @since 0.1
 */
public final class HmmDevice implements BufferManager {
    private static final Logger LOG = LoggerFactory.getLogger(HmmDevice.class);

    private final ComponentContext context;
    /** Draws the service times; a constant draws nothing. */
    private final RandomGenerator random;
    private final MemoryManager memory;
    private final DeviceMemory deviceMemory;
    private final FaultSink faults;
    private final HmmSettings settings;
    private final DeviceLinks links;
    private final DevicePagemap pagemap;
    private final MigrationPolicy policy;
    private final HmmMetrics metrics;
    private final MirrorCopies mirrors;
    private final ExclusiveAccess exclusive;
    private final CpuCore core;
    private final BounceWriteBack writeBack;
    private final ProcessMemoryBuffers buffers;
    private final String track;
    private boolean pressured;
    private boolean warnedIncomplete;

    /** One batch's collect-to-finalize CPU time, drawn from the device's random stream. */
    long drawBatchOverhead() {
        return settings.batchOverhead().draw(random);
    }

    @Inject
    HmmDevice(ComponentContext context, MemoryManager memory, FaultSink faults) {
        this.context = requireNonNull(context, "context is null");
        this.random = context.random();
        this.memory = requireNonNull(memory, "memory is null");
        this.deviceMemory = memory.requireDeviceMemory();
        this.faults = requireNonNull(faults, "faults is null");
        this.settings = HmmSettings.from(context.parameters());
        this.track = context.path();
        this.buffers = new ProcessMemoryBuffers(memory, track);
        this.links = new DeviceLinks(
                context.resources().bandwidth(context.name() + ".vram", settings.deviceBandwidth()),
                context.resources().bandwidth(context.name() + ".pcie", settings.pcieBandwidth()),
                context.resources().bandwidth(context.name() + ".ddr", settings.ddrBandwidth()));
        this.pagemap = deviceMemory.addDevicePagemap(context.path(), settings.deviceMemoryBytes(), this::migrateToRam);
        this.policy = MigrationPolicies.discover(context).require(settings.policy()).create(new MigrationPolicyContext(
                context.path(), settings.granularityBytes(), settings.pingPongThreshold()));
        this.metrics = new HmmMetrics(context.metrics());
        this.mirrors = new MirrorCopies(pagemap.memory(), metrics,
                (space, va) -> policy.faultedBack(space.pid(), va, context.scheduler().now()));
        this.exclusive = new ExclusiveAccess(memory, deviceMemory, pagemap);
        this.core = settings.core().isEmpty() ? context.resources().cores().get(0)
                : context.resources().requireCore(settings.core());
        this.writeBack = new BounceWriteBack(this, context.resources().bandwidth(context.name() + ".storage",
                settings.storageBandwidth()));
        long system = memory.physicalMemory().size();
        boolean tight = settings.deviceMemoryBytes() > settings.pressureRatio() * system;
        HmmMetrics.PRESSURE_CONFIGURED.gauge(context.metrics(), () -> tight ? 1 : 0);
        HmmMetrics.BLOCKED_RANGES.gauge(context.metrics(), policy::blockedRanges);
        HmmMetrics.DEVICE_USED.gauge(context.metrics(), () -> pagemap.memory().size() - pagemap.memory().freeBytes());
        HmmMetrics.PAGE_BY_PAGE.gauge(context.metrics(), () -> settings.pageByPage() ? 1 : 0);
        if (tight) {
            LOG.warn("{}: device memory ({} B) is not much smaller than system memory ({} B): migrating back may "
                    + "find no free system memory (seed 003, F6)", track, settings.deviceMemoryBytes(), system);
        }
        if (settings.pageByPage()) {
            LOG.warn("{}: batchSize {} B migrates page by page; seed 003 says migrate MiBs to GiBs at once (F3)",
                    track, settings.batchBytes());
        }
    }

    // ---- operations for workloads --------------------------------------------------------------

    /**
     * Migrates {@code [va, va+length)} into device memory in batches, mirror or migrate mode as
     * configured, skipping what the migration policy refuses. {@code done} hears the summary when
     * the last batch has been finalized.
     */
    public void migrateToDevice(AddressSpace space, long va, long length, Consumer<MigrationSummary> done) {
        requireNonNull(space, "space is null");
        requireNonNull(done, "done is null");
        if (settings.mirror()) {
            trackMirrors(space);
        }
        long now = scheduler().now();
        Deque<AddressRange> plan = new ArrayDeque<>();
        long blocked = 0;
        long runStart = -1;
        long pos = va;
        long end = va + length;
        long granule = settings.granularityBytes();
        while (pos < end) {
            long next = Math.min(pos - Math.floorMod(pos, granule) + granule, end);
            boolean allowed = !pressured && policy.shouldMigrate(space.pid(), new AddressRange(pos, next - pos), now);
            if (allowed && runStart < 0) {
                runStart = pos;
            } else if (!allowed) {
                blocked += next - pos;
                if (runStart >= 0) {
                    cut(plan, runStart, pos);
                    runStart = -1;
                }
            }
            pos = next;
        }
        if (runStart >= 0) {
            cut(plan, runStart, end);
        }
        metrics.blockedBytes.add(blocked);
        new MigrationJob(this, space, settings.mirror() ? MigrationKind.MIRROR_TO_DEVICE : MigrationKind.TO_DEVICE,
                plan, blocked, done).start();
    }

    /** Migrates the device-private pages of {@code [va, va+length)} back to system memory in batches. */
    public void migrateToRam(AddressSpace space, long va, long length, Consumer<MigrationSummary> done) {
        requireNonNull(space, "space is null");
        requireNonNull(done, "done is null");
        Deque<AddressRange> plan = new ArrayDeque<>();
        cut(plan, va, va + length);
        new MigrationJob(this, space, MigrationKind.TO_RAM, plan, 0, done).start();
    }

    /**
     * Runs a device kernel that reads {@code [src, src+length)} and writes it to
     * {@code [dst, dst+length)}: pages in device memory (migrated or mirrored) move at device
     * bandwidth, the others over PCIe; pages not present at all are faulted in through the OS
     * first (as {@code hmm_range_fault} does).
     */
    public void compute(AddressSpace space, long src, long dst, long length, Consumer<ComputeSummary> done) {
        new DeviceCompute(this, space).run(src, dst, length, done);
    }

    /**
     * Writes {@code [va, va+length)} of {@code space} to storage, into the file mapped at
     * {@code fileVa} of {@code fileSpace}: device-private pages go through the pinned host bounce
     * buffer (device to bounce over PCIe, bounce to storage), system pages straight to storage;
     * pages stay where they are (F5).
     */
    public void writeBack(AddressSpace space, long va, long length, AddressSpace fileSpace, long fileVa,
            Consumer<WriteBackSummary> done) {
        writeBack.start(space, va, length, fileSpace, fileVa, done);
    }

    /**
     * Takes exclusive access for the device's atomic operations to the pages of
     * {@code [va, va+length)} (Linux {@code make_device_exclusive}, as {@code lib/test_hmm.c}'s
     * {@code HMM_DMIRROR_EXCLUSIVE} does page by page): each page is faulted in for writing, stays in
     * system memory, and its CPU entry becomes a device-exclusive entry. {@link #compute} then
     * reaches these pages over PCIe directly, without a fault, until the CPU touches one (or any
     * other invalidation of it: munmap, reclaim, fork, mprotect) and the device loses it. Pages
     * that cannot be made exclusive (no write permission, a shared mapping) are left as they are.
     * Costs no simulated time (the fault-in and the notifier round are not charged).
     *
     * @return the pages of the range the device holds exclusive access to (the self-test's {@code cpages})
     */
    public long makeExclusive(AddressSpace space, long va, long length) {
        requireNonNull(space, "space is null");
        return exclusive.make(space, va, length);
    }

    /**
     * Pages of {@code [va, va+length)} the device still holds exclusive access to
     * ({@code HMM_DMIRROR_CHECK_EXCLUSIVE}: none once the CPU has touched them).
     */
    public long exclusivePages(AddressSpace space, long va, long length) {
        requireNonNull(space, "space is null");
        return exclusive.held(space, va, length);
    }

    /** The device memory registered with the OS. */
    public DevicePagemap pagemap() {
        return pagemap;
    }

    /** The migration policy in use. */
    public MigrationPolicy policy() {
        return policy;
    }

    /** Whether migrate-back pressure has been detected (F6). */
    public boolean pressured() {
        return pressured;
    }

    /** CPU accesses to this device's pages migrated back so far. */
    public long faultBacks() {
        return metrics.faultBacks.value();
    }

    /** Bytes moved over the PCIe link so far. */
    public long pcieBytes() {
        return links.pcie().bytesTransferred();
    }

    /** The PCIe link's rate, for workloads that derive expected figures. */
    public org.iopf.api.sim.DataRate pcieRate() {
        return links.pcie().rate();
    }

    // ---- the migrate_to_ram callback (F2) --------------------------------------------------------

    private OptionalLong migrateToRam(DevicePrivateFault fault) {
        long now = scheduler().now();
        long flow = faults.nextFaultId();
        DevicePrivateEntry entry = fault.entry();
        AddressSpace space = fault.space();
        policy.faultedBack(space.pid(), fault.va(), now);
        if (tracer().enabled()) {
            tracer().instant(track, "fault/DEVICE_PRIVATE", flow);
        }
        MigrationBatch batch = setup(space, new AddressRange(entry.va(), entry.size().bytes()), MigrationKind.TO_RAM);
        long bytes = 0;
        for (MigratingPage page : batch.pages()) {
            systemMemory().write(page.destinationPa().getAsLong(),
                    pagemap.memory().capture(page.sourcePa().getAsLong(), page.size().bytes()));
            bytes += page.size().bytes();
        }
        MigrationResult result = commitAndFinalize(batch);
        if (result.migratedPages() == 0) {
            return OptionalLong.empty();
        }
        long copied = links.hostDevice(bytes);
        long doneAt = copied + settings.faultBackLatency().draw(random);
        metrics.faultBacks.increment();
        metrics.faultBackBytes.add(bytes);
        metrics.faultBackLatency.record(doneAt - now);
        trace("hmm/faultback", now, doneAt - now, flow);
        return OptionalLong.of(doneAt);
    }

    // ---- services for the jobs ---------------------------------------------------------------------

    MigrationBatch setup(AddressSpace space, AddressRange range, MigrationKind kind) {
        return mirrors.whileSelfInvalidating(() -> exclusive.whileMigrating(
                () -> deviceMemory.migrateSetup(space, range.start(), range.length(), kind, pagemap)));
    }

    MigrationResult commitAndFinalize(MigrationBatch batch) {
        deviceMemory.migrateCommit(batch);
        long now = scheduler().now();
        if (batch.kind() == MigrationKind.MIRROR_TO_DEVICE) {
            for (MigratingPage page : batch.pages()) {
                if (page.state() == MigratingPageState.MIGRATED) {
                    mirrors.add(batch.space(), page.va(), page.destinationPa().getAsLong(), page.size());
                }
            }
        }
        MigrationResult result = deviceMemory.migrateFinalize(batch);
        long migratedBytes = result.migratedBytes();
        if (batch.kind() == MigrationKind.TO_RAM) {
            metrics.migratedBackBytes.add(migratedBytes);
        } else {
            metrics.migratedPages.add(result.migratedPages());
            metrics.migratedBytes.add(migratedBytes);
            for (MigratingPage page : batch.pages()) {
                if (page.state() == MigratingPageState.MIGRATED) {
                    policy.migrated(batch.space().pid(), new AddressRange(page.va(), page.size().bytes()), now);
                }
            }
        }
        metrics.skippedPages.add(result.skippedPages());
        metrics.batches.increment();
        if (batch.outOfMemoryPages() > 0) {
            metrics.pressureEvents.increment();
            if (!pressured) {
                LOG.warn("{}: {} pages cannot migrate back: no free system memory; migration to the device stops "
                        + "(seed 003, F6)", track, batch.outOfMemoryPages());
            }
            pressured = true;
        }
        return result;
    }

    /**
     * Bytes of a to-device batch's range that setup did not collect and that are not already on
     * this device (or mirrored by it): pinned, swapped out, another device's, unmapped.
     */
    long notCollectedBytes(MigrationBatch batch) {
        AddressSpace space = batch.space();
        long pos = batch.range().start();
        long end = batch.range().start() + batch.range().length();
        long bytes = 0;
        for (MigratingPage page : batch.pages()) {
            bytes += foreignBytes(space, pos, Math.max(pos, page.va()));
            pos = Math.max(pos, page.va() + page.size().bytes());
        }
        return bytes + foreignBytes(space, pos, end);
    }

    private long foreignBytes(AddressSpace space, long from, long to) {
        long bytes = 0;
        long pos = from;
        while (pos < to) {
            var dp = deviceMemory.devicePrivateEntry(space, pos);
            long next;
            boolean here;
            if (dp.isPresent()) {
                next = dp.get().va() + dp.get().size().bytes();
                here = dp.get().pagemap() == pagemap;
            } else {
                var pte = space.entry(pos);
                next = pte.map(e -> e.va() + e.size().bytes()).orElse(pos - Math.floorMod(pos, PageSize.BASE.bytes())
                        + PageSize.BASE.bytes());
                here = mirrors.find(space, pos) != null;
            }
            next = Math.min(Math.max(next, pos + 1), to);
            if (!here) {
                bytes += next - pos;
            }
            pos = next;
        }
        return bytes;
    }

    /** Counts what a to-device migration left behind and warns the first time it happens. */
    void incomplete(AddressSpace space, MigrationSummary summary) {
        long bytes = summary.incompleteBytes();
        if (bytes == 0) {
            return;
        }
        long page = PageSize.BASE.bytes();
        metrics.incompletePages.add(bytes / page);
        metrics.incompleteBytes.add(bytes);
        metrics.deviceFullPages.add(summary.deviceFullBytes() / page);
        metrics.notCollectedPages.add(summary.notCollectedBytes() / page);
        metrics.racedPages.add(summary.racedBytes() / page);
        if (!warnedIncomplete) {
            warnedIncomplete = true;
            LOG.warn("{}: a migration to the device of process {} is incomplete: {} B stayed in system memory "
                    + "({} B found no free device memory, {} B could not be isolated (pinned, swapped out or another "
                    + "device's), {} B were touched by the CPU during the copy); counted in {}.migrate.skippedBytes, "
                    + "warned once", track, space.pid(), bytes, summary.deviceFullBytes(), summary.notCollectedBytes(),
                    summary.racedBytes(), context.path().replace('/', '.'));
        }
    }

    private void cut(Deque<AddressRange> plan, long start, long end) {
        for (long pos = start; pos < end; pos += settings.batchBytes()) {
            plan.add(new AddressRange(pos, Math.min(settings.batchBytes(), end - pos)));
        }
    }

    private void trackMirrors(AddressSpace space) {
        if (!mirrors.tracks(space)) {
            mirrors.track(space);
            memory.registerNotifier(space, mirrors::invalidate);
        }
    }

    void trace(String name, long start, long duration, long flow) {
        if (tracer().enabled()) {
            tracer().slice(track, name, start, duration, flow);
        }
    }

    Scheduler scheduler() {
        return context.scheduler();
    }

    Tracer tracer() {
        return context.tracer();
    }

    CpuCore core() {
        return core;
    }

    HmmSettings settings() {
        return settings;
    }

    DeviceLinks links() {
        return links;
    }

    HmmMetrics metrics() {
        return metrics;
    }

    MirrorCopies mirrors() {
        return mirrors;
    }

    ExclusiveAccess exclusive() {
        return exclusive;
    }

    MemoryManager memory() {
        return memory;
    }

    /** The node memory manager's device-memory capability, in which this device registered its pagemap. */
    DeviceMemory deviceMemory() {
        return deviceMemory;
    }

    PhysicalMemory systemMemory() {
        return memory.physicalMemory();
    }

    // ---- BufferManager -------------------------------------------------------------------------------

    @Override
    public AllocationResult allocate(AddressSpace owner, BufferSpec spec) {
        requireNonNull(spec, "spec is null");
        return new AllocationResult.Allocated(buffers.allocate(owner, spec,
                MapOptions.DEFAULT.withTransparentHugePages(spec.hugePages())));
    }

    @Override
    public void retain(Buffer buffer) {
        buffers.retain(buffer);
    }

    @Override
    public void release(Buffer buffer) {
        buffers.release(buffer);
    }

    /** Not supported: device-private memory cannot be exported to another device (no dma-buf). */
    @Override
    public Attachment attach(Buffer buffer, String importer) {
        throw new UnsupportedOperationException(track + ": HMM buffers cannot be exported; devices reach them "
                + "through the process address space");
    }

    /** Not supported; see {@link #attach}. */
    @Override
    public void detach(Attachment attachment) {
        throw new UnsupportedOperationException(track + ": HMM buffers have no attachments");
    }

    @Override
    public List<Buffer> buffers() {
        return buffers.buffers();
    }

    @Override
    public long reservedBytes() {
        return buffers.reservedBytes();
    }

    @Override
    public String toString() {
        return "HmmDevice[" + track + "]";
    }
}
