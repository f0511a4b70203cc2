package org.iopf.core.mem;

import static java.util.Objects.requireNonNull;

import java.util.Arrays;
import org.iopf.api.mem.Payload;

/**
 * A payload that holds its bytes ({@link org.iopf.api.mem.ContentMode#BYTES}). Immutable: the
 * factory copies the caller's array once, and {@link #slice} shares it without copying. Equal when
 * the bytes are equal.
 *
 * @since 0.1
 */
public final class BytesPayload implements Payload {
    private final byte[] data;
    private final int offset;
    private final int length;
    private long fingerprint;
    private boolean fingerprinted;

    private BytesPayload(byte[] data, int offset, int length) {
        this.data = data;
        this.offset = offset;
        this.length = length;
    }

    /** A payload holding a copy of {@code src}, not null. */
    public static BytesPayload copyOf(byte[] src) {
        requireNonNull(src, "src is null");
        return copyOf(src, 0, src.length);
    }

    /** A payload holding a copy of {@code src[offset..offset+length)}. */
    public static BytesPayload copyOf(byte[] src, int offset, int length) {
        requireNonNull(src, "src is null");
        java.util.Objects.checkFromIndexSize(offset, length, src.length);
        return new BytesPayload(Arrays.copyOfRange(src, offset, offset + length), 0, length);
    }

    /** Wraps an array the caller hands over and never modifies again. */
    static BytesPayload adopt(byte[] owned) {
        return new BytesPayload(requireNonNull(owned, "owned is null"), 0, owned.length);
    }

    /** The backing array, shared: never modify it. */
    byte[] array() {
        return data;
    }

    /** Where this payload starts in {@link #array()}. */
    int arrayOffset() {
        return offset;
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public long fingerprint() {
        if (!fingerprinted) {
            fingerprint = ContentHasher.of(data, offset, length);
            fingerprinted = true;
        }
        return fingerprint;
    }

    @Override
    public BytesPayload slice(long offset, long length) {
        java.util.Objects.checkFromIndexSize(offset, length, (long) this.length);
        return new BytesPayload(data, this.offset + (int) offset, (int) length);
    }

    /** A copy of the bytes. */
    @Override
    public byte[] bytes() {
        return Arrays.copyOfRange(data, offset, offset + length);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BytesPayload other
                && Arrays.equals(data, offset, offset + length, other.data, other.offset, other.offset + other.length);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(fingerprint());
    }

    @Override
    public String toString() {
        return "BytesPayload[length=" + length + "]";
    }
}
