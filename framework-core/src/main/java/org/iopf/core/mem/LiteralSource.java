package org.iopf.core.mem;

import static java.util.Objects.requireNonNull;

/** Content held as bytes. The array is owned by this source and never modified. */
final class LiteralSource implements ContentSource {
    private final byte[] bytes;

    /** Takes ownership of {@code bytes}: the caller must not modify it afterwards. */
    LiteralSource(byte[] bytes) {
        this.bytes = requireNonNull(bytes, "bytes is null");
    }

    @Override
    public void copyTo(long from, byte[] dst, int off, int len) {
        System.arraycopy(bytes, Math.toIntExact(from), dst, off, len);
    }

    @Override
    public void hash(long from, long len, ContentHasher hasher) {
        hasher.update(bytes, Math.toIntExact(from), Math.toIntExact(len));
    }

    @Override
    public boolean isLiteral() {
        return true;
    }
}
