package org.iopf.core.mem;

import static java.util.Objects.requireNonNull;

import org.iopf.api.mem.Payload;

/**
 * A payload that describes its contents exactly without holding them
 * ({@link org.iopf.api.mem.ContentMode#FINGERPRINT}): a list of runs, each either literal bytes or
 * deterministic generated content (a seed and an offset), with zeros between them. Slices and
 * copies share runs, so moving a GiB of generated data costs a few objects, while the fingerprint
 * stays the content hash of the bytes the runs stand for: equal to a {@link BytesPayload}'s
 * fingerprint of the same bytes. Computing a fingerprint costs CPU time proportional to the
 * non-zero length (the bytes are regenerated on the fly), but no memory. {@link #bytes()}
 * materializes them on demand. Immutable.
 *
 * @since 0.1
 */
public final class FingerprintPayload implements Payload {
    private final ContentRuns runs;
    private long fingerprint;
    private boolean fingerprinted;

    FingerprintPayload(ContentRuns runs) {
        this.runs = requireNonNull(runs, "runs is null");
    }

    /**
     * {@code length} bytes of deterministic pseudo-random content: the same seed gives the same
     * bytes, and {@code generated(s, n).slice(k, m)} equals the bytes {@code [k, k+m)} of any longer
     * stream of the same seed.
     *
     * @param seed selects the stream
     * @param length bytes, {@code >= 0}
     */
    public static FingerprintPayload generated(long seed, long length) {
        return new FingerprintPayload(ContentRuns.of(new GeneratedSource(seed), 0, length));
    }

    /** {@code length} zero bytes. */
    public static FingerprintPayload zeros(long length) {
        return new FingerprintPayload(ContentRuns.zeros(length));
    }

    /** The bytes of a copy of {@code src}, described as one literal run. */
    public static FingerprintPayload copyOf(byte[] src) {
        requireNonNull(src, "src is null");
        return new FingerprintPayload(ContentRuns.of(new LiteralSource(src.clone()), 0, src.length));
    }

    ContentRuns runs() {
        return runs;
    }

    /** Number of runs that describe the contents (a measure of fragmentation and storage). */
    public int runCount() {
        return runs.runCount();
    }

    @Override
    public long length() {
        return runs.length();
    }

    @Override
    public long fingerprint() {
        if (!fingerprinted) {
            fingerprint = runs.fingerprint();
            fingerprinted = true;
        }
        return fingerprint;
    }

    @Override
    public FingerprintPayload slice(long offset, long length) {
        return new FingerprintPayload(runs.slice(offset, length));
    }

    /**
     * Materializes the bytes the runs describe (regenerated on the fly; nothing is kept).
     *
     * @throws UnsupportedOperationException if the payload is longer than an array can hold
     */
    @Override
    public byte[] bytes() {
        if (length() > Integer.MAX_VALUE - 8) {
            throw new UnsupportedOperationException("a payload of " + length() + " B does not fit in an array");
        }
        byte[] out = new byte[(int) length()];
        runs.copyTo(0, out, 0, out.length);
        return out;
    }

    @Override
    public String toString() {
        return "FingerprintPayload[length=" + length() + ", runs=" + runs.runCount() + "]";
    }
}
