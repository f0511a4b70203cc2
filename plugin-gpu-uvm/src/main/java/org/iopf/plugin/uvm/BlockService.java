package org.iopf.plugin.uvm;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Consumer;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.DevicePrivateEntry;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.Vma;
import org.iopf.api.observe.Tracer;

/**
 * Services the unique faults of one VA block, as {@code uvm_va_block_service_locked} does
 * ({@code uvm_va_block.c}): faults on an address with no VMA, or writes to a read-only one, are
 * fatal; pages already on the GPU are mapped if they are not; the others (plus what the
 * {@link TreePrefetcher} adds) get the block a 2 MiB chunk — evicting the least recently used
 * block if GPU memory is full — and migrate from system memory through the OS model; the GPU page
 * table then maps them. A page that cannot migrate (not collected by the OS: pinned, say) is mapped
 * from system memory instead.
 */
final class BlockService {
    private final UvmGpu gpu;
    private final MemoryManager memory;
    private final DriverMetrics metrics;
    private final TreePrefetcher prefetcher;
    private final boolean eviction;
    private final ThrashingDetector thrashing;
    private final Tracer tracer;
    private final String track;
    /** The VA space each block holding a chunk belongs to. */
    private final Map<Long, Integer> owners = new HashMap<>();
    /** Blocks being serviced or evicted now, which eviction must not pick. */
    private final Set<Long> busy = new HashSet<>();
    /** Chunk requests that found every chunk held by a busy block: retried when one is no longer busy. */
    private final List<Runnable> waitingForChunk = new ArrayList<>();

    BlockService(UvmGpu gpu, DriverMetrics metrics, TreePrefetcher prefetcher, boolean eviction,
            ThrashingDetector thrashing, Tracer tracer, String track) {
        this.gpu = gpu;
        this.memory = gpu.memory();
        this.metrics = metrics;
        this.prefetcher = prefetcher;
        this.eviction = eviction;
        this.thrashing = thrashing;
        if (thrashing != null) {
            gpu.migrator().onMigratedPage(va -> thrashing.migrated(va, gpu.now()));
        }
        this.tracer = tracer;
        this.track = track;
    }

    /**
     * Services {@code block}; {@code done} hears its fatal faults (empty if none) once its pages are
     * mapped, possibly at once.
     */
    void service(FaultBatch.Block block, Consumer<List<FaultBatch.Unique>> done) {
        Optional<AddressSpace> found = memory.addressSpace(block.pid());
        List<FaultBatch.Unique> fatal = new ArrayList<>();
        BitSet faulted = new BitSet(TreePrefetcher.PAGES);
        GpuPageTable pt = gpu.pageTable();
        for (FaultBatch.Unique u : block.faults()) {
            Optional<Vma> vma = found.flatMap(s -> s.vma(u.page()));
            if (vma.isEmpty() || u.access() == Access.WRITE && !vma.get().writable()) {
                fatal.add(u);
                continue;
            }
            GpuPageTable.Pte pte = pt.lookup(u.page());
            if (pte != null && (u.access() == Access.READ || pte.writable())) {
                metrics.alreadyResident.increment();
                continue;
            }
            Optional<DevicePrivateEntry> here = gpu.migrator().deviceMemory().devicePrivateEntry(found.get(), u.page())
                    .filter(e -> e.pagemap() == gpu.migrator().pagemap());
            if (here.isPresent()) {
                pt.map(here.get().va(), here.get().devicePa(), here.get().size().bytes(), GpuPageTable.Aperture.VID,
                        vma.get().writable());
                metrics.alreadyResident.increment();
                continue;
            }
            ThrashingDetector.Hint hint = thrashing == null ? ThrashingDetector.Hint.NONE
                    : thrashing.hint(u.page(), gpu.now());
            switch (hint) {
                case THROTTLE -> metrics.throttled.increment(); // left for a later replay
                case PIN -> pin(found.get(), u, fatal);
                case NONE -> faulted.set(index(block.va(), u.page()));
                default -> throw new IllegalStateException(hint.toString());
            }
        }
        if (faulted.isEmpty()) {
            done.accept(fatal);
            return;
        }
        AddressSpace space = found.get();
        BitSet extra = prefetcher == null ? new BitSet() : prefetchable(space, block.va(),
                prefetcher.prefetch(residentPages(block.va()), faulted));
        busy.add(block.va());
        withChunk(block.va(), () -> migrate(space, block, faulted, extra, fatal, done), () -> {
            done(block.va());
            for (FaultBatch.Unique u : block.faults()) {
                if (faulted.get(index(block.va(), u.page()))) {
                    fatal.add(u); // no GPU memory and nothing to evict: NV_ERR_NO_MEMORY cancels the faults
                }
            }
            done.accept(fatal);
        });
    }

    private void migrate(AddressSpace space, FaultBatch.Block block, BitSet faulted, BitSet extra,
            List<FaultBatch.Unique> fatal, Consumer<List<FaultBatch.Unique>> done) {
        owners.put(block.va(), space.pid());
        BitSet all = (BitSet) faulted.clone();
        all.or(extra);
        List<AddressRange> runs = new ArrayList<>();
        for (int i = all.nextSetBit(0); i >= 0; i = all.nextSetBit(i)) {
            int end = all.nextClearBit(i);
            runs.add(new AddressRange(block.va() + i * GpuPageTable.PAGE, (long) (end - i) * GpuPageTable.PAGE));
            i = end;
        }
        long start = gpu.now();
        int[] left = {runs.size()};
        for (AddressRange run : runs) {
            gpu.migrator().toDevice(space, run, moved -> {
                gpu.metrics().migratedPages.add(moved.pages());
                if (--left[0] > 0) {
                    return;
                }
                if (tracer.enabled()) {
                    tracer.slice(track, "uvm/migrate", start, gpu.now() - start, block.firstId());
                }
                finish(space, block, faulted, extra, fatal);
                done(block.va());
                done.accept(fatal);
            });
        }
    }

    /** Counts what migrated; maps from system memory a faulted page that could not migrate. */
    private void finish(AddressSpace space, FaultBatch.Block block, BitSet faulted, BitSet extra,
            List<FaultBatch.Unique> fatal) {
        GpuPageTable pt = gpu.pageTable();
        for (int i = extra.nextSetBit(0); i >= 0; i = extra.nextSetBit(i + 1)) {
            if (pt.lookup(block.va() + i * GpuPageTable.PAGE) != null) {
                metrics.prefetchedPages.increment();
            }
        }
        for (FaultBatch.Unique u : block.faults()) {
            if (!faulted.get(index(block.va(), u.page()))) {
                continue;
            }
            if (pt.lookup(u.page()) != null) {
                metrics.migratedPages.increment();
                continue;
            }
            if (mapRemote(space, u, fatal)) {
                metrics.remotePages.increment();
            }
        }
        gpu.releaseIfEmpty(block.va());
    }

    /**
     * Maps the page of {@code u} from system memory (faulting it in on the CPU side first);
     * false, with {@code u} fatal, if it cannot be made present.
     */
    private boolean mapRemote(AddressSpace space, FaultBatch.Unique u, List<FaultBatch.Unique> fatal) {
        memory.faultInNow(space, u.page(), u.access());
        OptionalLong frame = memory.translate(space, u.page(), u.access());
        if (frame.isEmpty()) {
            fatal.add(u);
            return false;
        }
        long pa = frame.getAsLong();
        boolean writable = space.entry(u.page()).map(e -> e.writable()).orElse(false);
        gpu.pageTable().map(u.page(), pa, GpuPageTable.PAGE, GpuPageTable.Aperture.SYS, writable);
        return true;
    }

    /** A thrashing page pinned in system memory: mapped remotely until its pin ends, then unmapped. */
    private void pin(AddressSpace space, FaultBatch.Unique u, List<FaultBatch.Unique> fatal) {
        if (!mapRemote(space, u, fatal)) {
            return;
        }
        metrics.pinned.increment();
        long until = thrashing.pinnedUntil(u.page());
        GpuPageTable.Pte pinned = gpu.pageTable().lookup(u.page());
        gpu.at(until, () -> {
            if (gpu.pageTable().lookup(u.page()) == pinned) {
                gpu.pageTable().unmap(u.page(), GpuPageTable.PAGE); // the next access faults and migrates
            }
        });
    }

    /** Runs {@code ready} once {@code block} holds a chunk, evicting LRU blocks first if needed; else {@code full}. */
    private void withChunk(long block, Runnable ready, Runnable full) {
        ChunkPool chunks = gpu.chunks();
        if (chunks.allocate(block)) {
            ready.run();
            return;
        }
        long victim = eviction ? chunks.victim(busy) : -1;
        Optional<AddressSpace> owner = victim < 0 ? Optional.empty()
                : memory.addressSpace(owners.getOrDefault(victim, -1));
        if (owner.isEmpty()) {
            if (eviction && victim < 0 && chunks.blocks().stream().anyMatch(b -> b != block && busy.contains(b))) {
                // every chunk is held by a block being migrated or evicted now: once one is done it can be
                // evicted (the driver retries the allocation after evicting, it does not fail the fault)
                waitingForChunk.add(() -> withChunk(block, ready, full));
                return;
            }
            full.run();
            return;
        }
        busy.add(victim);
        metrics.evictions.increment();
        gpu.migrator().toRam(owner.get(), new AddressRange(victim, ChunkPool.CHUNK), moved -> {
            metrics.evictedPages.add(moved.pages());
            gpu.metrics().migratedBackPages.add(moved.pages());
            if (tracer.enabled()) {
                tracer.slice(track, "uvm/evict", moved.startedAt(), moved.endedAt() - moved.startedAt(), 0);
            }
            busy.remove(victim);
            chunks.release(victim);
            owners.remove(victim);
            withChunk(block, ready, full);
            retryWaiting();
        });
    }

    /** {@code block} is no longer being migrated or evicted: chunk requests waiting for that retry. */
    private void done(long block) {
        busy.remove(block);
        retryWaiting();
    }

    private void retryWaiting() {
        if (!waitingForChunk.isEmpty()) {
            List<Runnable> retry = new ArrayList<>(waitingForChunk);
            waitingForChunk.clear();
            retry.forEach(Runnable::run);
        }
    }

    private BitSet residentPages(long block) {
        BitSet resident = new BitSet(TreePrefetcher.PAGES);
        GpuPageTable pt = gpu.pageTable();
        for (int i = 0; i < TreePrefetcher.PAGES; i++) {
            GpuPageTable.Pte pte = pt.lookup(block + i * GpuPageTable.PAGE);
            if (pte != null && pte.aperture() == GpuPageTable.Aperture.VID) {
                resident.set(i);
            }
        }
        return resident;
    }

    /**
     * Keeps the prefetched pages that lie in a VMA (the prefetch region is clamped to the VA range)
     * and are not thrashing (prefetching never includes those).
     */
    private BitSet prefetchable(AddressSpace space, long block, BitSet pages) {
        BitSet kept = new BitSet(TreePrefetcher.PAGES);
        for (int i = pages.nextSetBit(0); i >= 0; i = pages.nextSetBit(i + 1)) {
            long va = block + i * GpuPageTable.PAGE;
            if (space.vma(va).isPresent() && (thrashing == null || !thrashing.thrashing(va))) {
                kept.set(i);
            }
        }
        return kept;
    }

    private static int index(long block, long page) {
        return (int) ((page - block) / GpuPageTable.PAGE);
    }
}
