package org.iopf.plugin.uvm;

import java.util.Optional;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;
import org.iopf.api.fault.PageFault;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.FaultInResult;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.Vma;
import org.iopf.api.sim.CpuCore;
import org.iopf.api.sim.ServiceTime;
import org.iopf.api.sim.WorkPriority;

/**
 * The driver's non-replayable path, after {@code uvm_gpu_non_replayable_faults.c}: the entries a
 * copy engine wrote (a copy engine faults and is switched out: it cannot replay) are taken from the
 * non-replayable buffer (in the driver, RM's shadow copy of it) and
 * serviced one by one on the driver's core ({@code uvm/nonreplayable}). A fault outside any VMA —
 * a copy from memory the process has freed — or a write to a read-only VMA cannot be serviced:
 * the channel is cancelled with an error status (the fault is terminated). Otherwise the page is
 * faulted in through the OS where it is and mapped from system memory, and the channel's faulted
 * bit is cleared ({@code clear_faulted_on_gpu}) so that the engine goes on (the fault is retried);
 * non-replayable faults do not
 * migrate pages in this model (an assumption: the driver's non-replayable path services through
 * the same block code as replayable faults, which this model leaves to them).
 */
final class NonReplayableService {
    private final UvmGpu gpu;
    private final MemoryManager memory;
    private final CpuCore core;
    private final ServiceTime serviceTime;
    private final RandomGenerator random;
    private final DriverMetrics metrics;

    NonReplayableService(UvmGpu gpu, MemoryManager memory, CpuCore core, ServiceTime serviceTime, RandomGenerator random,
            DriverMetrics metrics) {
        this.gpu = gpu;
        this.memory = memory;
        this.core = core;
        this.serviceTime = serviceTime;
        this.random = random;
        this.metrics = metrics;
    }

    /** Services {@code fault}, a copy engine's; {@code retry} or {@code terminate} ends it. */
    void handle(PageFault fault, Consumer<PageFault> retry, Consumer<PageFault> terminate) {
        long id = fault.record().id();
        // the entry has reached the driver: take it from the buffer (it and those before it)
        gpu.fetchNonReplayable(e -> e.record().id() <= id);
        metrics.nonReplayable.increment();
        core.run("uvm/nonreplayable", WorkPriority.INTERRUPT, serviceTime.draw(random), id, () -> {
            if (service(fault)) {
                retry.accept(fault);
            } else {
                metrics.nonReplayableFatal.increment();
                terminate.accept(fault);
            }
        });
    }

    private boolean service(PageFault fault) {
        var r = fault.record();
        Optional<AddressSpace> space = memory.addressSpace(r.pid());
        if (space.isEmpty()) {
            return false;
        }
        Optional<Vma> vma = space.get().vma(r.address());
        if (vma.isEmpty() || (r.access() == Access.WRITE && !vma.get().writable())) {
            return false;
        }
        FaultInResult in = memory.faultInNow(space.get(), r.address(), r.access());
        if (in == FaultInResult.NO_MAPPING || in == FaultInResult.OUT_OF_MEMORY
                || in == FaultInResult.PROTECTION_VIOLATION) {
            return false;
        }
        long page = r.address() - Math.floorMod(r.address(), GpuPageTable.PAGE);
        long pa = memory.translate(space.get(), page, r.access()).orElse(-1);
        if (pa < 0) {
            return false;
        }
        gpu.pageTable().map(page, pa, GpuPageTable.PAGE, GpuPageTable.Aperture.SYS, vma.get().writable());
        return true;
    }
}
