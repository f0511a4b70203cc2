package org.iopf.plugin.infinibandnpf;

/**
 * The cost model of one network page fault, per phase (seed 001 §2.1 and the table of §2.3,
 * FIDELITY B1). Each phase has a fixed part and, where the seed says it grows with the message,
 * a part per translation entry the fault maps; {@code Hca} parts are firmware/hardware time on the
 * HCA, {@code Cpu} parts are driver time on a host core. All values in ns, non-negative (the
 * declarations of {@link NpfHcaType} range them).
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
public record NpfCosts(long detection, long detectionPerPage, long interrupt, long isrCpu, long driverCpu,
        long driverPerPage, long memoryHca, long allocationCpu, long allocationPerPage, long tableUpdateHca,
        long tableUpdatePerPage, long resume) {
    /** HCA time of detection for {@code entries} entries. */
    long detectionNanos(long entries) {
        return detection + detectionPerPage * entries;
    }

    /** Driver CPU time for {@code entries} entries. */
    long driverNanos(long entries) {
        return driverCpu + driverPerPage * entries;
    }

    /** Host CPU time of the allocation for {@code entries} entries. */
    long allocationNanos(long entries) {
        return allocationCpu + allocationPerPage * entries;
    }

    /** Host CPU time of writing {@code entries} entries into the translation update. */
    long tableWriteNanos(long entries) {
        return tableUpdatePerPage * entries;
    }
}
