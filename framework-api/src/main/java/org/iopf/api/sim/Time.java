package org.iopf.api.sim;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * Named helpers for simulated time. Time is always a {@code long} count of nanoseconds; code never
 * writes bare numbers of nanoseconds, it writes {@code Time.micros(200)}.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public final class Time {
    /** Nanoseconds in one microsecond. */
    public static final long NANOS_PER_MICRO = 1_000L;
    /** Nanoseconds in one millisecond. */
    public static final long NANOS_PER_MILLI = 1_000_000L;
    /** Nanoseconds in one second. */
    public static final long NANOS_PER_SECOND = 1_000_000_000L;

    private Time() {
    }

    /** Returns {@code n} nanoseconds. */
    public static long nanos(long n) {
        return n;
    }

    /** Returns {@code n} microseconds in nanoseconds. */
    public static long micros(long n) {
        return Math.multiplyExact(n, NANOS_PER_MICRO);
    }

    /** Returns {@code n} milliseconds in nanoseconds. */
    public static long millis(long n) {
        return Math.multiplyExact(n, NANOS_PER_MILLI);
    }

    /** Returns {@code n} seconds in nanoseconds. */
    public static long seconds(long n) {
        return Math.multiplyExact(n, NANOS_PER_SECOND);
    }

    /** Converts nanoseconds to (fractional) seconds. */
    public static double toSeconds(long nanos) {
        return nanos / (double) NANOS_PER_SECOND;
    }

    /** Converts nanoseconds to (fractional) microseconds. */
    public static double toMicros(long nanos) {
        return nanos / (double) NANOS_PER_MICRO;
    }

    /**
     * Formats a duration with the largest unit that keeps it at or above one, for humans:
     * {@code 1500 -> "1.500us"}, {@code 200_000_000 -> "200.000ms"}.
     */
    public static String format(long nanos) {
        long abs = Math.abs(nanos);
        if (abs >= NANOS_PER_SECOND) {
            return String.format(java.util.Locale.ROOT, "%.3fs", nanos / (double) NANOS_PER_SECOND);
        }
        if (abs >= NANOS_PER_MILLI) {
            return String.format(java.util.Locale.ROOT, "%.3fms", nanos / (double) NANOS_PER_MILLI);
        }
        if (abs >= NANOS_PER_MICRO) {
            return String.format(java.util.Locale.ROOT, "%.3fus", nanos / (double) NANOS_PER_MICRO);
        }
        return nanos + "ns";
    }
}
