package org.iopf.plugin.ethernetbackupring;

/**
 * The memory a receive mode holds over the whole run, not at one instant: the rx buffer's resident
 * pages plus the pinned backup ring, sampled at fixed intervals from the start of the stream to its
 * end; the peak and the time-weighted mean. A pinned buffer is resident throughout; an on-demand
 * buffer grows as the NIC's faults (and fault-around) bring its pages in.
 */
final class ResidencyMeter {
    private long peak;
    private double weighted;
    private long lastTime = -1;
    private long lastBytes;
    private long first = -1;

    /** Records that {@code bytes} are resident at {@code time} (ns). */
    void sample(long time, long bytes) {
        if (first < 0) {
            first = time;
        }
        if (lastTime >= 0 && time > lastTime) {
            weighted += (double) lastBytes * (time - lastTime);
        }
        lastTime = time;
        lastBytes = bytes;
        peak = Math.max(peak, bytes);
    }

    /** The most bytes resident at one sample. */
    long peakBytes() {
        return peak;
    }

    /** The time-weighted mean of the resident bytes from the first sample to the last. */
    long meanBytes() {
        long span = lastTime - first;
        return span <= 0 ? lastBytes : Math.round(weighted / span);
    }
}
