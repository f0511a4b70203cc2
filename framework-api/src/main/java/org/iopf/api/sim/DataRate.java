package org.iopf.api.sim;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * A data rate: bytes per second. Factories take the units the seeds quote ({@code 10 Gbps},
 * {@code 13284 MB/s}); decimal prefixes (1 MB/s = 10^6 bytes per second, 1 Gbps = 10^9 bits per
 * second), as network and memory bandwidths are quoted.
 *
 * @param bytesPerSecond the rate, {@code > 0}
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record DataRate(double bytesPerSecond) {
    /** Checks that the rate is positive and finite. */
    public DataRate {
        if (!(bytesPerSecond > 0) || Double.isInfinite(bytesPerSecond)) {
            throw new IllegalArgumentException("data rate must be positive and finite: " + bytesPerSecond);
        }
    }

    /** {@code n} gigabits per second. */
    public static DataRate gbps(double n) {
        return new DataRate(n * 1e9 / 8);
    }

    /** {@code n} megabits per second. */
    public static DataRate mbps(double n) {
        return new DataRate(n * 1e6 / 8);
    }

    /** {@code n} megabytes (10^6) per second. */
    public static DataRate megabytesPerSecond(double n) {
        return new DataRate(n * 1e6);
    }

    /** {@code n} gigabytes (10^9) per second. */
    public static DataRate gigabytesPerSecond(double n) {
        return new DataRate(n * 1e9);
    }

    /** The rate in bits per second. */
    public double bitsPerSecond() {
        return bytesPerSecond * 8;
    }

    /** The rate in gigabits per second. */
    public double gbps() {
        return bitsPerSecond() / 1e9;
    }

    /** The rate in megabytes (10^6) per second. */
    public double megabytesPerSecond() {
        return bytesPerSecond / 1e6;
    }

    /**
     * The time to move {@code bytes} at this rate, in nanoseconds, rounded up so that a non-empty
     * transfer always takes at least one nanosecond.
     */
    public long nanosFor(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes must be >= 0: " + bytes);
        }
        return (long) Math.ceil(bytes * 1e9 / bytesPerSecond);
    }

    /** This rate scaled by {@code factor} (for example a remote-NUMA penalty). */
    public DataRate scaled(double factor) {
        return new DataRate(bytesPerSecond * factor);
    }

    /** The rate measured from {@code bytes} moved in {@code nanos}. */
    public static DataRate measured(long bytes, long nanos) {
        if (bytes <= 0 || nanos <= 0) {
            throw new IllegalArgumentException("bytes and nanos must be > 0: " + bytes + ", " + nanos);
        }
        return new DataRate(bytes * 1e9 / nanos);
    }

    @Override
    public String toString() {
        return bitsPerSecond() >= 1e9
                ? String.format(java.util.Locale.ROOT, "%.3fGbps", gbps())
                : String.format(java.util.Locale.ROOT, "%.3fMB/s", megabytesPerSecond());
    }
}
