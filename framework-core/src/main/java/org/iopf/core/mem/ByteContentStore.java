package org.iopf.core.mem;

import java.util.Arrays;
import org.iopf.api.mem.Payload;

/**
 * Contents as bytes: one 4 KiB array per page that was ever written (in 2 MiB chunks of 512 slots,
 * keyed by chunk number, a primitive {@code long}); a page zeroed in full is dropped.
 *
 * <p>{@link #capture} copies nothing: the payload is a view of the page arrays
 * ({@link BytesPayload#ofPages}), and each page it covers is marked shared, so that the next write
 * to that page first replaces the array with a private copy (copy-on-write). A captured payload
 * written elsewhere is copied once, into the destination pages.
 */
final class ByteContentStore implements ContentStore {
    private static final int PAGE_SHIFT = 12;

    private static final int PAGES_PER_CHUNK_SHIFT = 9;
    private static final int PAGES_PER_CHUNK = 1 << PAGES_PER_CHUNK_SHIFT;

    /**
     * The stored pages of each 2 MiB chunk that holds any, by chunk number (a primitive key): one
     * hash lookup per chunk, an array index per page.
     */
    private final RecentLongMap<Chunk> chunks = new RecentLongMap<>();
    private long storedPages;

    /**
     * The 512 page slots of one 2 MiB chunk, how many hold a page, and one bit per page set while a
     * captured payload also holds its array. The arrays sit in the slots themselves, with no object
     * per page between: a packet's copy reaches its page in one load less.
     */
    private static final class Chunk {
        final byte[][] pages = new byte[PAGES_PER_CHUNK][];
        final long[] shared = new long[PAGES_PER_CHUNK / Long.SIZE];
        int stored;

        void share(int slot) {
            shared[slot >>> 6] |= 1L << slot;
        }

        /** Clears the slot's shared bit and says whether it was set. */
        boolean unshare(int slot) {
            long bit = 1L << slot;
            boolean was = (shared[slot >>> 6] & bit) != 0;
            shared[slot >>> 6] &= ~bit;
            return was;
        }
    }

    private Chunk chunk(long chunkNumber) {
        return chunks.get(chunkNumber);
    }

    /** The stored bytes of frame {@code key}, or null. */
    private byte[] page(long key) {
        Chunk c = chunk(key >>> PAGES_PER_CHUNK_SHIFT);
        return c == null ? null : c.pages[(int) (key & (PAGES_PER_CHUNK - 1))];
    }

    /** The stored bytes of frame {@code key}, marked as held by a captured payload too; or null. */
    private byte[] share(long key) {
        Chunk c = chunk(key >>> PAGES_PER_CHUNK_SHIFT);
        int slot = (int) (key & (PAGES_PER_CHUNK - 1));
        byte[] page = c == null ? null : c.pages[slot];
        if (page != null) {
            c.share(slot);
        }
        return page;
    }

    /** Drops the page of frame {@code key} if stored. */
    private void remove(long key) {
        long chunkNumber = key >>> PAGES_PER_CHUNK_SHIFT;
        Chunk c = chunk(chunkNumber);
        int slot = (int) (key & (PAGES_PER_CHUNK - 1));
        if (c != null && c.pages[slot] != null) {
            c.pages[slot] = null;
            c.unshare(slot);
            storedPages--;
            if (--c.stored == 0) {
                chunks.remove(chunkNumber);
            }
        }
    }

    @Override
    public void read(long pa, byte[] dst, int off, int len) {
        long pos = pa;
        int done = 0;
        while (done < len) {
            int inPage = (int) (pos & (PAGE - 1));
            int n = (int) Math.min(PAGE - inPage, len - done);
            byte[] page = page(pos >>> PAGE_SHIFT);
            if (page == null) {
                Arrays.fill(dst, off + done, off + done + n, (byte) 0);
            } else {
                System.arraycopy(page, inPage, dst, off + done, n);
            }
            pos += n;
            done += n;
        }
    }

    @Override
    public void write(long pa, byte[] src, int off, int len) {
        long pos = pa;
        int done = 0;
        while (done < len) {
            int inPage = (int) (pos & (PAGE - 1));
            int n = (int) Math.min(PAGE - inPage, len - done);
            System.arraycopy(src, off + done, writable(pos), inPage, n);
            pos += n;
            done += n;
        }
    }

    /** The array of the page holding {@code pa}, created if absent, made private if shared. */
    private byte[] writable(long pa) {
        long key = pa >>> PAGE_SHIFT;
        long chunkNumber = key >>> PAGES_PER_CHUNK_SHIFT;
        Chunk c = chunk(chunkNumber);
        if (c == null) {
            c = new Chunk();
            chunks.put(chunkNumber, c);
        }
        int slot = (int) (key & (PAGES_PER_CHUNK - 1));
        byte[] page = c.pages[slot];
        if (page == null) {
            page = new byte[(int) PAGE];
            c.pages[slot] = page;
            c.stored++;
            storedPages++;
        } else if (c.unshare(slot)) {
            page = page.clone();
            c.pages[slot] = page;
        }
        return page;
    }

    @Override
    public Payload capture(long pa, long len) {
        if (len > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("cannot capture " + len + " bytes in BYTES mode");
        }
        int head = (int) (pa & (PAGE - 1));
        long first = pa >>> PAGE_SHIFT;
        if (len > 0 && head + len <= PAGE) {
            // within one stored page (a packet): a view of its array alone, no array of pages
            byte[] page = share(first);
            if (page != null) {
                return BytesPayload.ofPage(page, head, (int) len);
            }
        }
        byte[][] view = new byte[(int) ((head + len + PAGE - 1) >>> PAGE_SHIFT)][];
        for (int i = 0; i < view.length; i++) {
            view[i] = share(first + i);
        }
        return BytesPayload.ofPages(view, head, (int) len);
    }

    @Override
    public void write(long pa, Payload payload) {
        if (payload instanceof BytesPayload b) {
            write(pa, b);
        } else if (payload instanceof FingerprintPayload f) {
            ContentRuns runs = f.runs();
            long done = 0;
            while (done < runs.length()) {
                long pos = pa + done;
                int inPage = (int) (pos & (PAGE - 1));
                int n = (int) Math.min(PAGE - inPage, runs.length() - done);
                ContentRuns chunk = runs.slice(done, n);
                if (chunk.isBlank()) {
                    zero(pos, n);
                } else {
                    chunk.copyTo(0, writable(pos), inPage, n);
                }
                done += n;
            }
        } else {
            byte[] bytes = payload.bytes();
            write(pa, bytes, 0, bytes.length);
        }
    }

    /** Writes the bytes of {@code b}: one copy, from its arrays into the destination pages. */
    private void write(long pa, BytesPayload b) {
        if (b.isContiguous()) {
            write(pa, b.array(), b.arrayOffset(), (int) b.length());
            return;
        }
        int len = (int) b.length();
        long pos = pa;
        int done = 0;
        while (done < len) {
            int inPage = (int) (pos & (PAGE - 1));
            int n = (int) Math.min(PAGE - inPage, len - done);
            b.copyTo(done, writable(pos), inPage, n);
            pos += n;
            done += n;
        }
    }

    @Override
    public void zero(long pa, long len) {
        long pos = pa;
        long end = pa + len;
        while (pos < end) {
            int inPage = (int) (pos & (PAGE - 1));
            int n = (int) Math.min(PAGE - inPage, end - pos);
            if (n == PAGE) {
                remove(pos >>> PAGE_SHIFT);
            } else if (page(pos >>> PAGE_SHIFT) != null) {
                Arrays.fill(writable(pos), inPage, inPage + n, (byte) 0);
            }
            pos += n;
        }
    }

    @Override
    public long fingerprint(long pa, long len) {
        ContentHasher h = new ContentHasher();
        long pos = pa;
        long end = pa + len;
        while (pos < end) {
            int inPage = (int) (pos & (PAGE - 1));
            int n = (int) Math.min(PAGE - inPage, end - pos);
            byte[] page = page(pos >>> PAGE_SHIFT);
            if (page == null) {
                h.zeros(n);
            } else {
                h.update(page, inPage, n);
            }
            pos += n;
        }
        return h.finish();
    }

    /** Compares the stored bytes with the expected ones page piece by page piece; hashes nothing. */
    @Override
    public boolean holds(long pa, Payload expected) {
        long len = expected.length();
        byte[] want = new byte[(int) Math.min(PAGE, len)];
        long pos = pa;
        long done = 0;
        while (done < len) {
            int inPage = (int) (pos & (PAGE - 1));
            int n = (int) Math.min(PAGE - inPage, len - done);
            PayloadBytes.copy(expected, done, want, n);
            byte[] page = page(pos >>> PAGE_SHIFT);
            if (page == null) {
                for (int i = 0; i < n; i++) {
                    if (want[i] != 0) {
                        return false;
                    }
                }
            } else if (!Arrays.equals(page, inPage, inPage + n, want, 0, n)) {
                return false;
            }
            pos += n;
            done += n;
        }
        return true;
    }

    @Override
    public boolean readsAsZero(long pa, long len) {
        long pos = pa;
        long end = pa + len;
        while (pos < end) {
            int inPage = (int) (pos & (PAGE - 1));
            int n = (int) Math.min(PAGE - inPage, end - pos);
            byte[] data = page(pos >>> PAGE_SHIFT);
            if (data != null) {
                for (int i = inPage; i < inPage + n; i++) {
                    if (data[i] != 0) {
                        return false;
                    }
                }
            }
            pos += n;
        }
        return true;
    }

    @Override
    public long storedBytes() {
        return storedPages * PAGE;
    }
}
