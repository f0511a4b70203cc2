package org.iopf.plugin.hmm.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.FaultInResult;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PinResult;
import org.iopf.api.observe.Counter;
import org.iopf.api.platform.Parameters;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadOutcome;
import org.iopf.plugin.hmm.HmmDevice;
import org.iopf.toolkit.workload.WorkloadMetrics;

/**
 * The {@code hmm-mixed} run. Figures under {@code workload.}: {@code shared.pages} (pages of shared
 * objects), {@code shared.migrated} (of them, pages found on the device after the migration: must
 * be 0), {@code private.unmigrated} (pages of the other objects left in system memory: 0 unless
 * the device is full), {@code shared.faultBacks} (fault-backs while the CPU used the shared
 * objects during the device phase: must be 0), {@code device.hostBytes} (bytes the kernel moved
 * over PCIe, the shared objects' share), {@code errors}, {@code integrity.mismatchedPages}. Its
 * outcome counts four steps: lay out the heap (pinning the shared objects), migrate it, compute on
 * the device, use the shared objects on the CPU.
 */
final class MixedHeap implements Workload {
    private static final long PAGE = PageSize.BASE.bytes();

    /** One heap object. */
    private record HeapObject(long va, long length, boolean shared) {
    }

    private final WorkloadContext context;
    private final HmmDevice device;
    private final MemoryManager memory;
    private final long heapSize;
    private final long maxObject;
    private final double sharedFraction;
    private final long seed;
    private final List<HeapObject> objects = new ArrayList<>();
    private final long[] figures = new long[5];
    private final Counter errors;
    private final Counter mismatched;
    private final Steps steps;
    private AddressSpace space;
    private long heap;
    private HostContent content;

    MixedHeap(WorkloadContext context) {
        this.context = context;
        Parameters p = context.parameters();
        this.device = Devices.require(context, p.get(MixedHeapType.NODE));
        this.memory = context.requireNode(p.get(MixedHeapType.NODE)).memoryManager();
        this.heapSize = p.get(MixedHeapType.HEAP);
        this.maxObject = p.get(MixedHeapType.MAX_OBJECT);
        this.sharedFraction = p.get(MixedHeapType.SHARED_FRACTION);
        this.seed = p.get(MixedHeapType.SEED);
        this.errors = context.metrics().counter(WorkloadMetrics.ERRORS, WorkloadMetrics.OPERATIONS);
        this.mismatched = context.metrics().counter(WorkloadMetrics.MISMATCHED_PAGES, WorkloadMetrics.PAGES);
        this.steps = new Steps(4, "steps", errors::value);
        for (int i = 0; i < MixedHeapType.STATISTICS.size(); i++) {
            int k = i;
            MixedHeapType.STATISTICS.get(i).gauge(context.metrics(), () -> figures[k]);
        }
    }

    @Override
    public void start() {
        space = memory.createAddressSpace("malloc-app");
        heap = memory.mmap(space, heapSize, MapOptions.DEFAULT);
        content = new HostContent(memory, space, seed, heapSize, Devices.zeroReference(memory, space));
        content.populate(heap, heapSize);
        long pos = 0;
        while (pos < heapSize) {
            long length = Math.min(heapSize - pos, PAGE * (1 + context.random().nextLong(maxObject / PAGE)));
            boolean shared = context.random().nextDouble() < sharedFraction;
            objects.add(new HeapObject(heap + pos, length, shared));
            if (shared) {
                figures[0] += length / PAGE;
                if (memory.pin(space, heap + pos, length) != PinResult.PINNED) {
                    errors.increment();
                }
            }
            pos += length;
        }
        steps.ended();
        device.migrateToDevice(space, heap, heapSize, m -> {
            for (HeapObject o : objects) {
                for (long va = o.va(); va < o.va() + o.length(); va += PAGE) {
                    boolean onDevice = memory.requireDeviceMemory().devicePrivateEntry(space, va).isPresent();
                    if (o.shared() && onDevice) {
                        figures[1]++;
                    } else if (!o.shared() && !onDevice) {
                        figures[2]++;
                    }
                }
            }
            steps.ended();
            device.compute(space, heap, heap, heapSize, c -> {
                figures[4] = c.hostBytes();
                errors.add(c.errors());
                steps.ended();
                useShared(0, device.faultBacks());
            });
        });
    }

    /** The run's four steps, of which those that ended without an error. */
    @Override
    public Optional<WorkloadOutcome> outcome() {
        return Optional.of(steps.outcome());
    }

    /** The CPU reads every page of every shared object in turn while the data stays on the device. */
    private void useShared(int index, long faultBacksBefore) {
        while (index < objects.size() && !objects.get(index).shared()) {
            index++;
        }
        if (index == objects.size()) {
            figures[3] = device.faultBacks() - faultBacksBefore;
            mismatched.add(content.mismatchedPages(heap, heapSize));
            steps.ended();
            context.finish();
            return;
        }
        HeapObject o = objects.get(index);
        int next = index + 1;
        touch(o.va(), o.va() + o.length(), () -> useShared(next, faultBacksBefore));
    }

    private void touch(long va, long end, Runnable then) {
        if (va >= end) {
            then.run();
            return;
        }
        memory.faultIn(space, va, Access.READ, r -> {
            if (r.result() != FaultInResult.ALREADY_PRESENT) {
                errors.increment();
            }
            touch(va + PAGE, end, then);
        });
    }
}
