package org.iopf.core.mem;

import static java.util.Objects.requireNonNull;

import java.util.Arrays;
import org.iopf.api.mem.Payload;

/**
 * A payload that holds its bytes ({@link org.iopf.api.mem.ContentMode#BYTES}). Immutable: the
 * factory copies the caller's array once, and {@link #slice} shares it without copying. Equal when
 * the bytes are equal.
 *
 * <p>A payload captured from memory is a view of the memory's 4 KiB page arrays, not a copy: the
 * memory marks each page it hands out as shared and copies it before it next writes to it
 * (copy-on-write, {@link ByteContentStore}), so the view keeps the bytes of the moment of the
 * capture, and writing the payload elsewhere is the only copy its bytes cost. A {@code null} page
 * of the view stands for a page of zeros.
 *
 * @since 0.1
 */
public final class BytesPayload implements Payload {
    private static final int PAGE_SHIFT = 12;
    private static final int PAGE = 1 << PAGE_SHIFT;

    /** The bytes when contiguous, else null. */
    private final byte[] data;
    /** The page arrays of a view ({@code null} entries are zero pages) when {@link #data} is null. */
    private final byte[][] pages;
    /** Where this payload starts: in {@link #data}, or in the concatenation of {@link #pages}. */
    private final long offset;
    private final int length;
    private long fingerprint;
    private boolean fingerprinted;

    private BytesPayload(byte[] data, byte[][] pages, long offset, int length) {
        this.data = data;
        this.pages = pages;
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
        return new BytesPayload(Arrays.copyOfRange(src, offset, offset + length), null, 0, length);
    }

    /** Wraps an array the caller hands over and never modifies again. */
    static BytesPayload adopt(byte[] owned) {
        return new BytesPayload(requireNonNull(owned, "owned is null"), null, 0, owned.length);
    }

    /**
     * A view of {@code length} bytes from {@code offset} of the concatenated 4 KiB {@code pages}
     * ({@code null} = zeros); the caller hands the arrays over read-only and never modifies them.
     */
    static BytesPayload ofPages(byte[][] pages, int offset, int length) {
        requireNonNull(pages, "pages is null");
        if (offset < 0 || length < 0 || offset + (long) length > (long) pages.length << PAGE_SHIFT) {
            throw new IndexOutOfBoundsException("view " + offset + "+" + length + " of " + pages.length + " pages");
        }
        return new BytesPayload(null, pages, offset, length);
    }

    /**
     * A view of {@code length} bytes from {@code offset} of one page array, which the caller hands
     * over read-only and never modifies (as {@link #ofPages} with one page, held contiguous).
     */
    static BytesPayload ofPage(byte[] page, int offset, int length) {
        requireNonNull(page, "page is null");
        java.util.Objects.checkFromIndexSize(offset, length, page.length);
        return new BytesPayload(page, null, offset, length);
    }

    /** The backing array of a contiguous payload, shared: never modify it. */
    byte[] array() {
        if (data == null) {
            throw new IllegalStateException("a view of memory pages has no single array");
        }
        return data;
    }

    /** Where this payload starts in {@link #array()}. */
    int arrayOffset() {
        return (int) offset;
    }

    /** Whether the bytes lie in one array ({@link #array()}), rather than in a view of pages. */
    boolean isContiguous() {
        return data != null;
    }

    /** Copies bytes {@code [from, from+len)} of this payload into {@code dst[off..]}. */
    void copyTo(int from, byte[] dst, int off, int len) {
        java.util.Objects.checkFromIndexSize(from, len, length);
        if (data != null) {
            System.arraycopy(data, (int) offset + from, dst, off, len);
            return;
        }
        long pos = offset + from;
        int done = 0;
        while (done < len) {
            int inPage = (int) (pos & (PAGE - 1));
            int n = Math.min(PAGE - inPage, len - done);
            byte[] page = pages[(int) (pos >>> PAGE_SHIFT)];
            if (page == null) {
                Arrays.fill(dst, off + done, off + done + n, (byte) 0);
            } else {
                System.arraycopy(page, inPage, dst, off + done, n);
            }
            pos += n;
            done += n;
        }
    }

    /** Adds the bytes to {@code hasher}. */
    void hashInto(ContentHasher hasher) {
        if (data != null) {
            hasher.update(data, (int) offset, length);
            return;
        }
        long pos = offset;
        long end = offset + length;
        while (pos < end) {
            int inPage = (int) (pos & (PAGE - 1));
            int n = (int) Math.min(PAGE - inPage, end - pos);
            byte[] page = pages[(int) (pos >>> PAGE_SHIFT)];
            if (page == null) {
                hasher.zeros(n);
            } else {
                hasher.update(page, inPage, n);
            }
            pos += n;
        }
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public long fingerprint() {
        if (!fingerprinted) {
            ContentHasher h = new ContentHasher();
            hashInto(h);
            fingerprint = h.finish();
            fingerprinted = true;
        }
        return fingerprint;
    }

    @Override
    public BytesPayload slice(long offset, long length) {
        java.util.Objects.checkFromIndexSize(offset, length, (long) this.length);
        return new BytesPayload(data, pages, this.offset + offset, (int) length);
    }

    /** A copy of the bytes. */
    @Override
    public byte[] bytes() {
        if (data != null) {
            return Arrays.copyOfRange(data, (int) offset, (int) offset + length);
        }
        byte[] out = new byte[length];
        copyTo(0, out, 0, length);
        return out;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof BytesPayload other) || other.length != length) {
            return false;
        }
        if (data != null && other.data != null) {
            return Arrays.equals(data, (int) offset, (int) offset + length,
                    other.data, (int) other.offset, (int) other.offset + other.length);
        }
        return Arrays.equals(bytes(), other.bytes());
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
