package org.iopf.plugin.uvm;

import static java.util.Objects.requireNonNull;

import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Consumer;
import org.iopf.api.buffer.AllocationResult;
import org.iopf.api.buffer.Attachment;
import org.iopf.api.buffer.Buffer;
import org.iopf.api.buffer.BufferManager;
import org.iopf.api.buffer.BufferSpec;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.fault.FaultRecord;
import org.iopf.api.fault.FaultResolution;
import org.iopf.api.fault.FaultSink;
import org.iopf.api.fault.PageFault;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.DeviceMemory;
import org.iopf.api.mem.DevicePrivateFault;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PhysicalMemory;
import org.iopf.api.observe.Inspectable;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.Parameters;
import org.iopf.api.sim.BandwidthResource;
import org.iopf.api.sim.DataRate;
import org.iopf.api.sim.ServiceTime;
import org.iopf.toolkit.buffer.ProcessMemoryBuffers;

/**
 * A GPU with its own memory that faults on managed memory, as NVIDIA GPUs with replayable faults
 * do (Pascal and later). Its warps walk a kernel's {@link AccessStream}; each access looks up the
 * GPU page table; a miss goes to the warp's SM µTLB, which records at most one outstanding fault per
 * page and at most {@code utlbOutstandingFaults} pages, and a new fault is written into the
 * {@link FaultBuffer replayable fault buffer} and raised into the node's fault queue — or dropped,
 * with the overflow flag set, if the buffer is full. The faulting warp waits; a {@link #replay()}
 * (pushed by the driver) re-issues every waiting access, and those whose page is still unmapped
 * fault again. A fault the driver terminates is fatal: its channel is cancelled and the kernel ends
 * with an error status.
 *
 * <p>As the node's buffer manager it maps managed allocations (process memory, without pinning)
 * and registers its memory with the OS as device-private memory, so pages migrated to it are
 * device-private on the CPU side and a CPU access migrates them back (the {@code migrate_to_ram}
 * callback). Its memory is handed out in 2 MiB chunks, one per VA block ({@link ChunkPool}).
 *
 * @since 0.1
 */
public final class UvmGpu implements BufferManager, Inspectable {
    private final ComponentContext context;
    private final MemoryManager memory;
    private final FaultSink faults;
    private final GpuPageTable pageTable = new GpuPageTable();
    private final MicroTlb[] utlbs;
    private final FaultBuffer faultBuffer;
    private final FaultBuffer nonReplayable;
    /** Non-replayable faults raised and not yet ended: fault id to the copy waiting on it. */
    private final Map<Long, CopyRun> nonReplayableFaults = new HashMap<>();
    private final Map<Integer, CopyRun> copies = new HashMap<>();
    private final HostLink link;
    private final ChunkPool chunks;
    private final Migrator migrator;
    private final GpuMetrics metrics;
    private final BandwidthResource vram;
    private final AccessWave localWave;
    private final AccessWave remoteWave;
    private final int warps;
    private final ServiceTime replayLatency;
    /** When the replay on its way lands (valid while {@code replayPending}). */
    private long replayAt;
    /** Waiting accesses (stalled warps), in the order they stalled. */
    private final List<Waiting> waiting = new ArrayList<>();
    private final Map<Integer, KernelRun> channels = new HashMap<>();
    private final Set<Integer> watchedSpaces = new HashSet<>();
    private final ProcessMemoryBuffers buffers;
    private final String path;
    private int nextChannel = 1;
    private boolean replayPending;

    private record Waiting(KernelRun run, int warp) {
    }

    @Inject
    UvmGpu(ComponentContext context, MemoryManager memory, FaultSink faults) {
        this.context = requireNonNull(context, "context is null");
        this.memory = requireNonNull(memory, "memory is null");
        this.faults = requireNonNull(faults, "faults is null");
        this.path = context.path();
        this.buffers = new ProcessMemoryBuffers(memory, path);
        Parameters p = context.parameters();
        DeviceMemory deviceMemory = memory.requireDeviceMemory();
        long bytes = p.get(UvmGpuType.DEVICE_MEMORY);
        int sms = p.get(UvmGpuType.SMS);
        this.warps = sms * p.get(UvmGpuType.WARPS_PER_SM);
        this.utlbs = new MicroTlb[sms];
        for (int i = 0; i < sms; i++) {
            utlbs[i] = new MicroTlb(p.get(UvmGpuType.UTLB_FAULTS));
        }
        this.faultBuffer = new FaultBuffer(p.get(UvmGpuType.FAULT_BUFFER_ENTRIES));
        this.nonReplayable = new FaultBuffer(p.get(UvmGpuType.NON_REPLAYABLE_ENTRIES));
        this.replayLatency = p.get(UvmGpuType.REPLAY_LATENCY);
        DataRate linkRate = p.get(UvmGpuType.HOST_LINK_BANDWIDTH);
        BandwidthResource[] ces = new BandwidthResource[p.get(UvmGpuType.COPY_ENGINES)];
        for (int i = 0; i < ces.length; i++) {
            ces[i] = context.resources().bandwidth(context.name() + ".ce" + i, linkRate);
        }
        this.vram = context.resources().bandwidth(context.name() + ".vram", p.get(UvmGpuType.DEVICE_BANDWIDTH));
        this.link = new HostLink(ces, context.resources().bandwidth(context.name() + ".hostLink", linkRate), vram);
        this.localWave = new AccessWave(context.scheduler(), link::local);
        this.remoteWave = new AccessWave(context.scheduler(), link::remote);
        this.chunks = new ChunkPool(bytes);
        var pagemap = deviceMemory.addDevicePagemap(path, bytes, this::cpuFaultBack);
        this.migrator = new Migrator(deviceMemory, pagemap, memory.physicalMemory(), link, pageTable,
                context.scheduler());
        this.metrics = new GpuMetrics(context.metrics());
        GpuMetrics.LINK_BYTES.gauge(context.metrics(), link::linkBytes);
        GpuMetrics.CHUNKS_USED.gauge(context.metrics(), chunks::used);
    }

    // ---- kernels ---------------------------------------------------------------------------------

    /**
     * Launches a kernel on a new channel: every warp of the GPU walks {@code stream} in
     * {@code space}. {@code done} hears how it ended.
     *
     * @return the channel
     */
    public int launch(AddressSpace space, AccessStream stream, Consumer<KernelResult> done) {
        requireNonNull(space, "space is null");
        requireNonNull(stream, "stream is null");
        requireNonNull(done, "done is null");
        watch(space);
        int channel = nextChannel++;
        KernelRun run = new KernelRun(this, channel, space, stream, warps, done);
        channels.put(channel, run);
        run.start();
        return channel;
    }

    /**
     * Starts a copy-engine transfer of {@code length} bytes from {@code src} to {@code dst} in
     * {@code space} on a new channel (page-aligned ranges); {@code done} hears how it ended.
     *
     * @return the channel
     */
    public int copy(AddressSpace space, long src, long dst, long length, Consumer<KernelResult> done) {
        requireNonNull(space, "space is null");
        requireNonNull(done, "done is null");
        watch(space);
        int channel = nextChannel++;
        CopyRun run = new CopyRun(this, channel, space, src, dst, length, done);
        copies.put(channel, run);
        run.resume();
        return channel;
    }

    /**
     * One page of a copy: both pages translated, the bytes moved over the copy engines; returns when
     * the page is done, or -1 if a page missed and a non-replayable fault was raised for it.
     */
    long copyPage(CopyRun run, long src, long dst) {
        GpuPageTable.Pte from = pageTable.lookup(src);
        if (from == null) {
            raiseNonReplayable(run, src, Access.READ);
            return -1;
        }
        GpuPageTable.Pte to = pageTable.lookup(dst);
        if (to == null || !to.writable()) {
            raiseNonReplayable(run, dst, Access.WRITE);
            return -1;
        }
        frames(to).write(to.pa(), frames(from).capture(from.pa(), GpuPageTable.PAGE));
        boolean local = from.aperture() == GpuPageTable.Aperture.VID && to.aperture() == GpuPageTable.Aperture.VID;
        metrics.copiedPages.increment();
        return local ? link.local(2 * GpuPageTable.PAGE) : link.copy(GpuPageTable.PAGE);
    }

    /** A copy engine's miss: an entry in the non-replayable buffer, raised to the node; the channel waits. */
    private void raiseNonReplayable(CopyRun run, long va, Access access) {
        FaultRecord record = new FaultRecord(faults.nextFaultId(), path, new StreamId(utlbs.length),
                new DomainId(run.channel()), OptionalInt.of(run.space().pid()), va, access, FaultKind.TRANSLATION, now());
        if (!nonReplayable.write(new FaultBuffer.Entry(record, -1))) {
            // nothing re-issues a copy engine's access: a lost non-replayable fault is the channel's end
            metrics.cancelled.increment();
            run.cancel(String.format("non-replayable fault buffer overflow at 0x%x: channel %d cancelled", va,
                    run.channel()));
            return;
        }
        metrics.nonReplayableFaults.increment();
        nonReplayableFaults.put(record.id(), run);
        if (context.tracer().enabled()) {
            context.tracer().instant(path, "fault/NON_REPLAYABLE", record.id());
        }
        faults.raise(new PageFault(record, this::ended));
    }

    /** Whether fault {@code id} is a non-replayable one (a copy engine's) still in service. */
    boolean nonReplayable(long id) {
        return nonReplayableFaults.containsKey(id);
    }

    /** The driver takes the non-replayable entries that have reached it (the shadow buffer copy). */
    java.util.List<FaultBuffer.Entry> fetchNonReplayable(java.util.function.Predicate<FaultBuffer.Entry> valid) {
        return nonReplayable.fetch(nonReplayable.capacity(), valid);
    }

    void ended(CopyRun run) {
        copies.remove(run.channel());
    }

    /** One warp access: the GPU page table either maps it (hit) or the µTLB takes the miss. */
    void access(KernelRun run, int warp, long index, long va) {
        Access access = run.stream().access(warp, index);
        GpuPageTable.Pte pte = pageTable.lookup(va);
        long source = access == Access.WRITE ? run.stream().copySource(warp, index, run.warps()) : -1;
        if (source >= 0 && pte != null && pte.writable()) {
            GpuPageTable.Pte from = pageTable.lookup(source);
            if (from == null) {
                // the load's page went away (evicted, or taken back by the CPU) before the store: it faults again
                miss(run, warp, source, Access.READ, null);
                return;
            }
            long n = run.stream().accessBytes();
            frames(pte).write(pte.pa() + Math.floorMod(va, GpuPageTable.PAGE),
                    frames(from).capture(from.pa() + Math.floorMod(source, GpuPageTable.PAGE), n));
        }
        if (pte != null && (access == Access.READ || pte.writable())) {
            metrics.accesses.increment();
            AccessWave wave = pte.aperture() == GpuPageTable.Aperture.VID ? localWave : remoteWave;
            wave.add(run.stream().accessBytes(), () -> run.advance(warp));
            return;
        }
        miss(run, warp, va, access, pte);
    }

    /** The memory a mapping's frame is in: the GPU's own, or system memory. */
    private PhysicalMemory frames(GpuPageTable.Pte pte) {
        return pte.aperture() == GpuPageTable.Aperture.VID ? migrator.pagemap().memory() : memory.physicalMemory();
    }

    /** A miss stalls the warp; its SM's µTLB decides whether it raises a new fault. */
    private void miss(KernelRun run, int warp, long va, Access access, GpuPageTable.Pte pte) {
        metrics.misses.increment();
        int sm = warp % utlbs.length;
        long page = va - Math.floorMod(va, GpuPageTable.PAGE);
        waiting.add(new Waiting(run, warp));
        switch (utlbs[sm].miss(page)) {
            case COALESCED -> metrics.coalesced.increment();
            case THROTTLED -> metrics.throttled.increment();
            case NEW_FAULT -> raise(run, sm, page, va, access, pte == null ? FaultKind.TRANSLATION : FaultKind.PERMISSION);
            default -> throw new IllegalStateException();
        }
    }

    private void raise(KernelRun run, int sm, long page, long va, Access access, FaultKind kind) {
        FaultRecord record = new FaultRecord(faults.nextFaultId(), path, new StreamId(sm), new DomainId(run.channel()),
                OptionalInt.of(run.space().pid()), va, access, kind, now());
        if (!faultBuffer.write(new FaultBuffer.Entry(record, sm))) {
            metrics.dropped.increment();
            return;
        }
        metrics.faults.increment();
        if (context.tracer().enabled()) {
            context.tracer().instant(path, "fault/" + kind, record.id());
        }
        faults.raise(new PageFault(record, this::ended));
    }

    /** The driver's answer to one fault: a TERMINATE is fatal and cancels the fault's channel. */
    private void ended(FaultRecord record, FaultResolution resolution) {
        CopyRun copy = nonReplayableFaults.remove(record.id());
        if (copy != null) {
            if (resolution != FaultResolution.TERMINATE) {
                copy.resume(); // the driver cleared the channel's faulted state: the engine goes on
            } else if (!copy.ended()) {
                metrics.cancelled.increment();
                copy.cancel(String.format("non-replayable %s fault on %s of 0x%x (copy engine): channel %d cancelled, "
                        + "error status MMU_FAULT", record.kind(), record.access(), record.address(),
                        record.domain().value()));
            }
            return;
        }
        if (resolution == FaultResolution.TERMINATE) {
            KernelRun run = channels.get(record.domain().value());
            if (run != null && !run.ended()) {
                metrics.cancelled.increment();
                run.cancel(String.format("fatal %s fault on %s of 0x%x: channel %d cancelled", record.kind(),
                        record.access(), record.address(), record.domain().value()));
            }
        }
    }

    /**
     * A replay pushed by the driver: after {@code replayLatency} (drawn per replay) every µTLB
     * forgets its outstanding faults and every waiting access is re-issued (those still unmapped
     * fault again). Replays that arrive while one is on its way are one replay.
     *
     * @return the time until the replay this push joins lands
     */
    public long replay() {
        if (replayPending) {
            return replayAt - context.scheduler().now();
        }
        replayPending = true;
        long latency = replayLatency.draw(context.random());
        replayAt = context.scheduler().now() + latency;
        context.scheduler().schedule(latency, () -> {
            replayPending = false;
            metrics.replays.increment();
            for (MicroTlb utlb : utlbs) {
                utlb.replay();
            }
            List<Waiting> again = new ArrayList<>(waiting);
            waiting.clear();
            for (Waiting w : again) {
                w.run().issue(w.warp());
            }
        });
        return latency;
    }

    void ended(KernelRun run) {
        channels.remove(run.channel());
        waiting.removeIf(w -> w.run() == run);
    }

    // ---- the CPU side ------------------------------------------------------------------------------

    /** The migrate_to_ram callback: a CPU access to a GPU-resident page brings it back. */
    private OptionalLong cpuFaultBack(DevicePrivateFault fault) {
        AddressRange page = new AddressRange(fault.entry().va(), fault.entry().size().bytes());
        long done = migrator.pageToRam(fault.space(), page, metrics.migratedBackPages::add);
        if (done < 0) {
            return OptionalLong.empty();
        }
        metrics.cpuFaultBacks.increment();
        releaseIfEmpty(ChunkPool.blockOf(page.start()));
        return OptionalLong.of(done);
    }

    /** Frees the chunk of {@code block} once no page of it is on the GPU. */
    void releaseIfEmpty(long block) {
        if (pageTable.mapped(block, ChunkPool.CHUNK, GpuPageTable.Aperture.VID) == 0) {
            chunks.release(block);
        }
    }

    private void watch(AddressSpace space) {
        if (watchedSpaces.add(space.pid())) {
            // the OS invalidates a range (migration, reclaim, munmap): the GPU must not use it any more
            memory.registerNotifier(space, (s, range, reason) -> pageTable.unmap(range.start(), range.length()));
        }
    }

    // ---- for the driver ---------------------------------------------------------------------------

    FaultBuffer faultBuffer() {
        return faultBuffer;
    }

    GpuPageTable pageTable() {
        return pageTable;
    }

    ChunkPool chunks() {
        return chunks;
    }

    Migrator migrator() {
        return migrator;
    }

    GpuMetrics metrics() {
        return metrics;
    }

    MemoryManager memory() {
        return memory;
    }

    String path() {
        return path;
    }

    long now() {
        return context.scheduler().now();
    }

    void at(long time, Runnable event) {
        context.scheduler().scheduleAt(Math.max(time, now()), event::run);
    }

    /** Warps the GPU runs a kernel with. */
    public int warps() {
        return warps;
    }

    /** 4 KiB pages migrated from system memory into GPU memory so far. */
    public long migratedToDevicePages() {
        return metrics.migratedPages.value();
    }

    /** Bytes of GPU memory. */
    public long deviceMemoryBytes() {
        return chunks.total() * ChunkPool.CHUNK;
    }

    // ---- BufferManager -----------------------------------------------------------------------------

    /** Maps a managed allocation in {@code owner}'s address space (no THP: the driver tracks 4 KiB pages). */
    @Override
    public AllocationResult allocate(AddressSpace owner, BufferSpec spec) {
        AllocationResult result = new AllocationResult.Allocated(buffers.allocate(owner, spec, MapOptions.DEFAULT));
        watch(owner);
        return result;
    }

    @Override
    public void retain(Buffer buffer) {
        buffers.retain(buffer);
    }

    @Override
    public void release(Buffer buffer) {
        buffers.release(buffer);
    }

    /** Not supported: managed memory is reached through the process's address space, not dma-buf. */
    @Override
    public Attachment attach(Buffer buffer, String importer) {
        throw new UnsupportedOperationException(path + ": managed allocations cannot be exported");
    }

    /** Not supported; see {@link #attach}. */
    @Override
    public void detach(Attachment attachment) {
        throw new UnsupportedOperationException(path + ": managed allocations have no attachments");
    }

    @Override
    public List<Buffer> buffers() {
        return buffers.buffers();
    }

    @Override
    public long reservedBytes() {
        return buffers.reservedBytes();
    }

    // ---- Inspectable -------------------------------------------------------------------------------

    @Override
    public List<String> views() {
        return List.of("faultBuffer", "vaBlocks");
    }

    @Override
    public List<String> render(String view) {
        return switch (view) {
            case "faultBuffer" -> List.of(
                    String.format("entries %d (32 B each), put %d, get %d, pending %d, overflow %s",
                            faultBuffer.capacity(), faultBuffer.putIndex(), faultBuffer.getIndex(),
                            faultBuffer.pending(), faultBuffer.overflow()),
                    String.format("written %d, dropped %d", faultBuffer.written(), faultBuffer.dropped()),
                    String.format("non-replayable: entries %d, pending %d, written %d, dropped %d",
                            nonReplayable.capacity(), nonReplayable.pending(), nonReplayable.written(),
                            nonReplayable.dropped()));
            case "vaBlocks" -> vaBlocks();
            default -> throw new IllegalArgumentException("no view '" + view + "'; views: " + views());
        };
    }

    private List<String> vaBlocks() {
        List<String> lines = new ArrayList<>();
        lines.add(String.format("chunks %d of %d used (2 MiB each), least recently used first:", chunks.used(),
                chunks.total()));
        for (long block : chunks.blocks()) {
            lines.add(String.format("  block 0x%x: %d of 512 pages on the GPU", block,
                    pageTable.mapped(block, ChunkPool.CHUNK, GpuPageTable.Aperture.VID)));
        }
        return lines;
    }

    @Override
    public String toString() {
        return "UvmGpu[" + path + "]";
    }
}
