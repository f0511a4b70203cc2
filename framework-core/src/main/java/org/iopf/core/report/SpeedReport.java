package org.iopf.core.report;

import java.util.Locale;
import org.iopf.api.sim.Time;
import org.iopf.core.platform.Expectation.Quantity;

/**
 * How fast a run simulated: events executed, wall time, simulated time and peak heap, with the
 * rates derived from them (events per wall second, simulated seconds per wall second).
 *
 * @param events events the kernel executed, {@code >= 0}
 * @param wallNanos wall-clock time of the run in ns, {@code >= 0}
 * @param simNanos simulated time at the end of the run in ns, {@code >= 0}
 * @param peakHeapBytes peak heap use in bytes, or -1 if not measured
 * @since 0.1
 */
public record SpeedReport(long events, long wallNanos, long simNanos, long peakHeapBytes) {
    /** Checks the arguments. */
    public SpeedReport {
        if (events < 0 || wallNanos < 0 || simNanos < 0 || peakHeapBytes < -1) {
            throw new IllegalArgumentException("bad speed report: " + events + " events, " + wallNanos
                    + " ns wall, " + simNanos + " ns simulated, " + peakHeapBytes + " B heap");
        }
    }

    /** Events per wall-clock second, 0 if no wall time passed. */
    public double eventsPerSecond() {
        return wallNanos == 0 ? 0 : events / (wallNanos / 1e9);
    }

    /** Simulated seconds per wall-clock second, 0 if no wall time passed. */
    public double simSecondsPerWallSecond() {
        return wallNanos == 0 ? 0 : (double) simNanos / wallNanos;
    }

    /** Whether the peak heap was measured. */
    public boolean hasPeakHeap() {
        return peakHeapBytes >= 0;
    }

    /**
     * One line for people: {@code 49,408 events in 0.081 s: 609,975 events/s, simulated 5.470ms
     * (0.0675 sim s per wall s), peak heap 112.00 MiB}.
     */
    public String line() {
        String line = String.format(Locale.ROOT,
                "%,d events in %.3f s: %,.0f events/s, simulated %s (%.3g sim s per wall s)", events,
                wallNanos / 1e9, eventsPerSecond(), Time.format(simNanos), simSecondsPerWallSecond());
        return hasPeakHeap() ? line + ", peak heap " + UnitFormat.format(peakHeapBytes, Quantity.BYTES) : line;
    }
}
