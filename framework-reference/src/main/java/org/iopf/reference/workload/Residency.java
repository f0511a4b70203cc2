package org.iopf.reference.workload;

import static java.util.Objects.requireNonNull;

import org.iopf.api.mem.PageSize;
import org.iopf.api.platform.Parameters;

/**
 * How much of each workload buffer is resident, and how much pinned, when traffic starts: the
 * first {@code resident} fraction of a buffer's pages is faulted in and the first {@code pinned}
 * fraction is also pinned; the rest has never been touched, so a device that reaches it meets a
 * non-resident page (a zero-fill fault for a page-fault-capable component).
 *
 * @param resident fraction of each buffer's pages resident at start, {@code 0..1}
 * @param pinned fraction of each buffer's pages pinned at start, {@code 0..resident}
 */
record Residency(double resident, double pinned) {
    /** Every page resident, none pinned by the workload itself. */
    static final Residency ALL_RESIDENT = new Residency(1.0, 0.0);

    /** Checks arguments. */
    Residency {
        fraction(WorkloadParameters.RESIDENT.name(), resident);
        fraction(WorkloadParameters.PINNED.name(), pinned);
        if (pinned > resident) {
            throw new IllegalArgumentException(WorkloadParameters.PINNED.name() + " (" + pinned + ") must be <= "
                    + WorkloadParameters.RESIDENT.name() + " (" + resident + "): a pinned page is resident");
        }
    }

    /**
     * Reads and validates the fractions from a workload's parameters.
     *
     * @throws IllegalArgumentException naming the parameter when a value is out of range
     */
    static Residency from(Parameters parameters) {
        requireNonNull(parameters, "parameters is null");
        return new Residency(parameters.get(WorkloadParameters.RESIDENT), parameters.get(WorkloadParameters.PINNED));
    }

    /** Bytes at the start of a {@code length}-byte buffer that are resident: whole pages, rounded to nearest. */
    long residentBytes(long length) {
        return prefix(resident, length);
    }

    /** Bytes at the start of a {@code length}-byte buffer that are pinned: whole pages, rounded to nearest. */
    long pinnedBytes(long length) {
        return prefix(pinned, length);
    }

    private static long prefix(double fraction, long length) {
        long pages = PageSize.BASE.alignUp(length) / PageSize.BASE.bytes();
        return Math.min(length, Math.round(fraction * pages) * PageSize.BASE.bytes());
    }

    private static void fraction(String name, double value) {
        if (!(value >= 0.0 && value <= 1.0)) {
            throw new IllegalArgumentException(name + " must be a fraction in 0..1: " + value);
        }
    }
}
