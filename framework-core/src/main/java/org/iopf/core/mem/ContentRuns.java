package org.iopf.core.mem;

import static java.util.Objects.requireNonNull;

import java.util.Arrays;

/**
 * The exact contents of a byte range as sorted, non-overlapping runs; bytes not covered by a run
 * are zero. A run is {@code (start, length, source, sourceOffset)}: bytes
 * {@code [start, start+length)} equal source bytes {@code [sourceOffset, sourceOffset+length)}.
 * Immutable, so slices and copies share runs and sources instead of bytes.
 */
final class ContentRuns {
    /** Approximate heap cost of one run, for {@link #storageCost()}. */
    static final long RUN_COST = 32;

    private final long length;
    private final long[] starts;
    private final long[] lengths;
    private final ContentSource[] sources;
    private final long[] sourceOffsets;
    private final int count;

    private ContentRuns(long length, long[] starts, long[] lengths, ContentSource[] sources, long[] sourceOffsets,
            int count) {
        this.length = length;
        this.starts = starts;
        this.lengths = lengths;
        this.sources = sources;
        this.sourceOffsets = sourceOffsets;
        this.count = count;
    }

    /** {@code length} zero bytes. */
    static ContentRuns zeros(long length) {
        return new Builder(length).build();
    }

    /** {@code length} bytes of {@code source} from {@code sourceOffset}. */
    static ContentRuns of(ContentSource source, long sourceOffset, long length) {
        Builder b = new Builder(length);
        b.add(0, length, source, sourceOffset);
        return b.build();
    }

    long length() {
        return length;
    }

    int runCount() {
        return count;
    }

    /** Whether no run is stored: every byte is zero. */
    boolean isBlank() {
        return count == 0;
    }

    /** Approximate heap bytes this description holds: its runs plus the literal bytes they cover. */
    long storageCost() {
        long cost = 0;
        for (int i = 0; i < count; i++) {
            cost += RUN_COST + (sources[i].isLiteral() ? lengths[i] : 0);
        }
        return cost;
    }

    /** Bytes {@code [from, from+len)} of this content. */
    ContentRuns slice(long from, long len) {
        checkRange(from, len);
        if (from == 0 && len == length) {
            return this;
        }
        Builder b = new Builder(len);
        b.addSlice(this, from, len, 0);
        return b.build();
    }

    /** This content with {@code other} written over it at {@code at}. */
    ContentRuns overlay(long at, ContentRuns other) {
        requireNonNull(other, "other is null");
        checkRange(at, other.length);
        if (at == 0 && other.length == length) {
            return other;
        }
        Builder b = new Builder(length);
        b.addSlice(this, 0, at, 0);
        b.addSlice(other, 0, other.length, at);
        long tail = at + other.length;
        b.addSlice(this, tail, length - tail, tail);
        return b.build();
    }

    /** Copies bytes {@code [from, from+len)} into {@code dst[off..]}, zeros included. */
    void copyTo(long from, byte[] dst, int off, int len) {
        checkRange(from, len);
        Arrays.fill(dst, off, off + len, (byte) 0);
        long end = from + len;
        for (int i = firstRunEndingAfter(from); i < count && starts[i] < end; i++) {
            long s = Math.max(starts[i], from);
            long e = Math.min(starts[i] + lengths[i], end);
            sources[i].copyTo(sourceOffsets[i] + (s - starts[i]), dst, off + (int) (s - from), (int) (e - s));
        }
    }

    /** Adds all bytes of this content to {@code hasher}. */
    void hashInto(ContentHasher hasher) {
        long pos = 0;
        for (int i = 0; i < count; i++) {
            hasher.zeros(starts[i] - pos);
            sources[i].hash(sourceOffsets[i], lengths[i], hasher);
            pos = starts[i] + lengths[i];
        }
        hasher.zeros(length - pos);
    }

    /** The fingerprint of this content. */
    long fingerprint() {
        ContentHasher h = new ContentHasher();
        hashInto(h);
        return h.finish();
    }

    private int firstRunEndingAfter(long pos) {
        int lo = 0;
        int hi = count;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (starts[mid] + lengths[mid] <= pos) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private void checkRange(long from, long len) {
        if (from < 0 || len < 0 || from + len > length) {
            throw new IndexOutOfBoundsException("range [" + from + ", " + (from + len) + ") outside " + length);
        }
    }

    /** Builds a {@link ContentRuns} from runs added in increasing, non-overlapping order. */
    static final class Builder {
        private final long length;
        private long[] starts = new long[4];
        private long[] lengths = new long[4];
        private ContentSource[] sources = new ContentSource[4];
        private long[] sourceOffsets = new long[4];
        private int count;

        Builder(long length) {
            if (length < 0) {
                throw new IllegalArgumentException("length must be >= 0: " + length);
            }
            this.length = length;
        }

        /** Adds a run at {@code start}; runs must be added in address order. */
        Builder add(long start, long len, ContentSource source, long sourceOffset) {
            if (len == 0) {
                return this;
            }
            long prevEnd = count == 0 ? 0 : starts[count - 1] + lengths[count - 1];
            if (start < prevEnd || start + len > length) {
                throw new IllegalArgumentException("run [" + start + ", " + (start + len) + ") out of order or range");
            }
            if (count > 0 && prevEnd == start && sources[count - 1] == source
                    && sourceOffsets[count - 1] + lengths[count - 1] == sourceOffset) {
                lengths[count - 1] += len;
                return this;
            }
            if (count == starts.length) {
                int n = count * 2;
                starts = Arrays.copyOf(starts, n);
                lengths = Arrays.copyOf(lengths, n);
                sources = Arrays.copyOf(sources, n);
                sourceOffsets = Arrays.copyOf(sourceOffsets, n);
            }
            starts[count] = start;
            lengths[count] = len;
            sources[count] = requireNonNull(source, "source is null");
            sourceOffsets[count] = sourceOffset;
            count++;
            return this;
        }

        /** Adds bytes {@code [from, from+len)} of {@code content}, placed at {@code at}. */
        Builder addSlice(ContentRuns content, long from, long len, long at) {
            if (len == 0) {
                return this;
            }
            long end = from + len;
            for (int i = content.firstRunEndingAfter(from); i < content.count && content.starts[i] < end; i++) {
                long s = Math.max(content.starts[i], from);
                long e = Math.min(content.starts[i] + content.lengths[i], end);
                add(at + (s - from), e - s, content.sources[i], content.sourceOffsets[i] + (s - content.starts[i]));
            }
            return this;
        }

        ContentRuns build() {
            return new ContentRuns(length, Arrays.copyOf(starts, count), Arrays.copyOf(lengths, count),
                    Arrays.copyOf(sources, count), Arrays.copyOf(sourceOffsets, count), count);
        }
    }
}
