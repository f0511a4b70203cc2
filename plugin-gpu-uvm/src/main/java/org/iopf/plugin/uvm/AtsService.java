package org.iopf.plugin.uvm;

import java.util.Optional;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.fault.FaultRecord;
import org.iopf.api.fault.PageFault;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.sim.CpuCore;
import org.iopf.api.sim.ServiceTime;
import org.iopf.api.sim.WorkPriority;
import org.iopf.toolkit.fault.IoMappings;

/**
 * Faults that reach the driver from the node's IOMMU rather than from its GPU's fault buffer: a
 * device translating through the CPU's page tables (ATS), which the open driver services in
 * {@code uvm_ats_faults.c} by making the page present in the process ({@code handle_mm_fault}
 * through {@code get_user_pages}) and letting the IOMMU see it. Here the page is faulted in through
 * the OS model, mapped into the faulting domain as writable as the CPU's entry, and the transaction
 * retried; an address with no VMA, a write the VMA forbids, or any kind other than a translation
 * fault is terminated. An MMU notifier keeps the IOMMU's mappings coherent with the OS.
 */
final class AtsService {
    private final MemoryManager memory;
    private final CpuCore core;
    private final ServiceTime serviceTime;
    private final RandomGenerator random;
    private final DriverMetrics metrics;
    private final IoMappings mappings;
    private Iommu iommu;

    AtsService(MemoryManager memory, CpuCore core, ServiceTime serviceTime, RandomGenerator random,
            DriverMetrics metrics) {
        this.memory = memory;
        this.core = core;
        this.serviceTime = serviceTime;
        this.random = random;
        this.metrics = metrics;
        this.mappings = new IoMappings(memory, () -> iommu, (pid, domain, range) -> { });
    }

    void useIommu(Iommu iommu) {
        this.iommu = iommu;
    }

    /** Services one IOMMU fault; {@code retry}/{@code terminate} end it. */
    void handle(PageFault fault, Consumer<PageFault> retry, Consumer<PageFault> terminate) {
        metrics.atsFaults.increment();
        FaultRecord r = fault.record();
        Optional<AddressSpace> space = iommu != null && r.kind() == FaultKind.TRANSLATION
                ? memory.addressSpace(r.pid()) : Optional.empty();
        if (space.isEmpty()) {
            core.run("uvm/ats", WorkPriority.INTERRUPT, serviceTime.draw(random), r.id(), () -> terminate.accept(fault));
            return;
        }
        core.run("uvm/ats", WorkPriority.KERNEL, serviceTime.draw(random), r.id(), () -> mappings.resolve(space.get(), r.domain(),
                r.address(), r.access(), entry -> {
                    if (entry.isPresent()) {
                        retry.accept(fault);
                    } else {
                        terminate.accept(fault);
                    }
                }));
    }
}
