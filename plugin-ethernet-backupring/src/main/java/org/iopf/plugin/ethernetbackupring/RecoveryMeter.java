package org.iopf.plugin.ethernetbackupring;

import java.util.Arrays;

/**
 * Delivered bytes sampled over fixed intervals of simulated time, and the recovery they show after
 * a cold-ring trigger. The steady rate is the mean over the last {@link #STEADY} whole samples (a
 * quarter of those after the trigger if fewer), not counting the quiet tail a timeout on the last
 * segments leaves. Once a sample after the trigger falls below {@link #THRESHOLD} of it,
 * the ring has recovered at the start of the first run of {@link #SETTLE} consecutive samples at or
 * above it again; the cold throughput is the rate from the trigger to recovery.
 */
final class RecoveryMeter {
    /** Consecutive samples at the steady rate that mark recovery. */
    static final int SETTLE = 10;
    /** Fraction of the steady rate a sample must reach. */
    static final double THRESHOLD = 0.9;
    /** Samples at the end of the run that give the steady rate. */
    static final int STEADY = 100;

    private final long interval;
    private long[] samples = new long[256];
    private long[] busy = new long[256];
    private int used;

    /** A meter with samples of {@code interval} ns. */
    RecoveryMeter(long interval) {
        if (interval <= 0) {
            throw new IllegalArgumentException("interval must be > 0: " + interval);
        }
        this.interval = interval;
    }

    /**
     * Records {@code bytes} delivered at {@code time}, when the receive core had been busy for
     * {@code coreBusy} ns in all.
     */
    void record(long time, long bytes, long coreBusy) {
        int i = Math.toIntExact(time / interval);
        if (i >= samples.length) {
            int size = Math.max(samples.length * 2, i + 1);
            samples = Arrays.copyOf(samples, size);
            busy = Arrays.copyOf(busy, size);
        }
        for (int j = used; j < i; j++) {
            busy[j] = used == 0 ? 0 : busy[used - 1];
        }
        samples[i] += bytes;
        busy[i] = coreBusy;
        used = Math.max(used, i + 1);
    }

    /** The outcome, for a run whose trigger acted at {@code triggerAt} and which ended at {@code end}. */
    Recovery recovery(long triggerAt, long end) {
        int first = (int) (triggerAt / interval);
        int whole = wholeSamples(first, end);
        int window = steadyWindow(first, whole);
        if (window < 1) {
            return new Recovery(0, 0, 0);
        }
        int best = whole - window;
        long steadyBytes = 0;
        for (int i = best; i < best + window; i++) {
            steadyBytes += samples[i];
        }
        double steadyPerSample = steadyBytes / (double) window;
        int dip = first;
        while (dip < whole && samples[dip] >= THRESHOLD * steadyPerSample) {
            dip++;
        }
        int recovered = dip;
        if (dip < whole) {
            recovered = whole;
            int run = 0;
            for (int i = dip; i < whole; i++) {
                run = samples[i] >= THRESHOLD * steadyPerSample ? run + 1 : 0;
                if (run == SETTLE) {
                    recovered = i - SETTLE + 1;
                    break;
                }
            }
        }
        long recoveryNanos = dip == recovered ? 0 : Math.max(0, recovered * interval - triggerAt);
        long coldBytes = 0;
        for (int i = first; i < recovered; i++) {
            coldBytes += samples[i];
        }
        double steadyRate = steadyPerSample * 8e9 / interval;
        double coldRate = recoveryNanos == 0 ? steadyRate : coldBytes * 8e9 / ((recovered - first) * interval);
        return new Recovery(recoveryNanos, (long) coldRate, (long) steadyRate);
    }

    /** The end of the whole samples from {@code first} up to {@code end} ns, without the quiet tail. */
    private int wholeSamples(int first, long end) {
        return trimTail(first, (int) Math.min(used, end / interval));
    }

    /** Samples at the end of {@code [first, whole)} that give the steady rate (0 if too few). */
    private static int steadyWindow(int first, int whole) {
        return Math.min(STEADY, (whole - first) / 4);
    }

    /**
     * The end of the samples in {@code [from, to)} without the quiet tail that a timeout on the
     * last segments leaves: samples at the end below a tenth of the mean are dropped.
     */
    private int trimTail(int from, int to) {
        long sum = 0;
        for (int i = from; i < to; i++) {
            sum += samples[i];
        }
        double mean = to > from ? sum / (double) (to - from) : 0;
        int end = to;
        while (end > from && samples[end - 1] < mean / 10) {
            end--;
        }
        return end;
    }

    /**
     * The receive core's utilisation over the steady samples (the same window as the steady rate
     * of {@link #recovery}), in per mille, from its busy time at the last delivery of each sample.
     */
    long steadyCorePermille(long triggerAt, long end) {
        int first = (int) (triggerAt / interval);
        int whole = wholeSamples(first, end);
        int window = steadyWindow(first, whole);
        if (window < 1) {
            return 0;
        }
        int best = whole - window;
        long before = best == 0 ? 0 : busy[best - 1];
        return Math.round(1000.0 * (busy[best + window - 1] - before) / (window * (double) interval));
    }

    /**
     * What a run shows after its trigger.
     *
     * @param nanos time from the trigger until the throughput is back at its steady rate (0: never left it)
     * @param coldBitsPerSecond throughput from the trigger to recovery
     * @param steadyBitsPerSecond throughput at the end of the run
     */
    record Recovery(long nanos, long coldBitsPerSecond, long steadyBitsPerSecond) {
        /** How far the cold throughput fell below the steady one, in percent. */
        long dropPercent() {
            return steadyBitsPerSecond == 0 ? 0 : Math.round(100.0 * (1 - coldBitsPerSecond / (double) steadyBitsPerSecond));
        }
    }
}
