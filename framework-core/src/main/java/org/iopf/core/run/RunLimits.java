package org.iopf.core.run;

/**
 * Bounds on one run, so that a workload asked for too much (10<sup>15</sup> messages, a stream that
 * never ends) stops instead of running for days: no event later than {@code maxSimTimeNanos} of
 * simulated time runs, and at most {@code maxEvents} events are executed. A run that reaches a bound
 * stops there with its workload unfinished ({@link CompletedRun#cutShort()}); its figures cover the
 * run so far. {@link Long#MAX_VALUE} for a bound means none.
 *
 * @param maxSimTimeNanos the last simulated time at which an event may run, ns, {@code >= 1}
 * @param maxEvents the most events to execute, {@code >= 1}
 * @since 0.1
 */
public record RunLimits(long maxSimTimeNanos, long maxEvents) {
    /** No bound: a run goes on until its workload finishes and no event is left. */
    public static final RunLimits NONE = new RunLimits(Long.MAX_VALUE, Long.MAX_VALUE);

    /** Checks arguments. */
    public RunLimits {
        if (maxSimTimeNanos < 1) {
            throw new IllegalArgumentException("maxSimTimeNanos must be >= 1: " + maxSimTimeNanos);
        }
        if (maxEvents < 1) {
            throw new IllegalArgumentException("maxEvents must be >= 1: " + maxEvents);
        }
    }

    /** Whether either bound is set. */
    public boolean bounded() {
        return maxSimTimeNanos != Long.MAX_VALUE || maxEvents != Long.MAX_VALUE;
    }
}
