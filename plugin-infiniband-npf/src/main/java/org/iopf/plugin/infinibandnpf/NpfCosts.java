package org.iopf.plugin.infinibandnpf;

import java.util.random.RandomGenerator;
import org.iopf.api.sim.ServiceTime;

/**
 * The cost model of one network page fault, per phase (seed 001 §2.1 and the table of §2.3,
 * FIDELITY B1). Each phase has a fixed part and, where the seed says it grows with the message,
 * a part per translation entry the fault maps; {@code Hca} parts are firmware/hardware time on the
 * HCA, {@code Cpu} parts are driver time on a host core. The fixed parts are service times: each
 * fault draws them from the HCA's random stream (a constant draws nothing); the per-entry parts are
 * constants. All values in ns, non-negative (the declarations of {@link NpfHcaType} range them).
 *
 * @param detection HCA: MTT miss detected, QP suspended, fault context recorded
 * @param detectionPerPage HCA: per entry of the faulting range checked
 * @param interrupt HCA firmware: page-fault event written and MSI-X raised
 * @param isrCpu host: the interrupt handler
 * @param driverCpu host: the driver's page-fault work (find the region, decode the range)
 * @param driverPerPage host: per entry of the range decoded
 * @param memoryHca HCA firmware: translation-table (ICM/MTT) space prepared for the range
 * @param allocationCpu host: fixed part of getting the pages (hmm_range_fault, DMA mapping)
 * @param allocationPerPage host: per entry got and DMA-mapped
 * @param tableUpdateHca HCA: the translation update (UMR) executed and its caches made coherent
 * @param tableUpdatePerPage host: per entry written into the update
 * @param resume HCA firmware: the suspended QP resumed
 * @since 0.1
 */
public record NpfCosts(ServiceTime detection, long detectionPerPage, ServiceTime interrupt, ServiceTime isrCpu,
        ServiceTime driverCpu, long driverPerPage, ServiceTime memoryHca, ServiceTime allocationCpu,
        long allocationPerPage, ServiceTime tableUpdateHca, long tableUpdatePerPage, ServiceTime resume) {
    /** HCA time of detection for {@code entries} entries. */
    long detectionNanos(long entries, RandomGenerator random) {
        return detection.draw(random) + detectionPerPage * entries;
    }

    /** Driver CPU time for {@code entries} entries. */
    long driverNanos(long entries, RandomGenerator random) {
        return driverCpu.draw(random) + driverPerPage * entries;
    }

    /** Host CPU time of the allocation for {@code entries} entries. */
    long allocationNanos(long entries, RandomGenerator random) {
        return allocationCpu.draw(random) + allocationPerPage * entries;
    }

    /** Host CPU time of writing {@code entries} entries into the translation update. */
    long tableWriteNanos(long entries) {
        return tableUpdatePerPage * entries;
    }
}
