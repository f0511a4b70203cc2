package org.iopf.core.mem;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import org.iopf.api.mem.Payload;

/**
 * Contents as exact run descriptions ({@link ContentRuns}), one per written 4 KiB page (in 2 MiB
 * chunks of 512 slots), for fingerprint mode. Bytes written by the CPU are kept as literal runs; generated payloads and
 * copies of them cost a run each, not their length. Reading bytes is not supported.
 */
final class RunsContentStore implements ContentStore {
    private static final int CHUNK_SHIFT = 21;
    private static final int PAGES_PER_CHUNK_SHIFT = CHUNK_SHIFT - 12;
    private static final int PAGES_PER_CHUNK = 1 << PAGES_PER_CHUNK_SHIFT;

    /**
     * The stored pages of each 2 MiB chunk that holds any, by chunk number (a primitive key): one
     * hash lookup per chunk, an array index per page, and walks skip empty chunks in one step.
     */
    private final Long2ObjectOpenHashMap<Chunk> chunks = new Long2ObjectOpenHashMap<>();
    /** The chunk of the last lookup (walks go page after page through one chunk). */
    private long lastChunkNumber = -1;
    private Chunk lastChunk;
    private long storedBytes;

    /** The 512 page slots of one 2 MiB chunk and how many hold a page. */
    private static final class Chunk {
        final ContentRuns[] pages = new ContentRuns[PAGES_PER_CHUNK];
        int stored;
    }

    private Chunk chunk(long chunkNumber) {
        if (chunkNumber != lastChunkNumber) {
            lastChunk = chunks.get(chunkNumber);
            lastChunkNumber = chunkNumber;
        }
        return lastChunk;
    }

    /** The stored page of frame {@code key}, or null. */
    private ContentRuns page(long key) {
        Chunk c = chunk(key >>> PAGES_PER_CHUNK_SHIFT);
        return c == null ? null : c.pages[(int) (key & (PAGES_PER_CHUNK - 1))];
    }

    @Override
    public void read(long pa, byte[] dst, int off, int len) {
        capture(pa, len).runs().copyTo(0, dst, off, len);
    }

    @Override
    public void write(long pa, byte[] src, int off, int len) {
        byte[] copy = java.util.Arrays.copyOfRange(src, off, off + len);
        writeRuns(pa, ContentRuns.of(new LiteralSource(copy), 0, len));
    }

    @Override
    public void write(long pa, Payload payload) {
        if (payload instanceof FingerprintPayload f) {
            writeRuns(pa, f.runs());
        } else if (payload instanceof BytesPayload b && b.isContiguous()) {
            writeRuns(pa, ContentRuns.of(new LiteralSource(b.array()), b.arrayOffset(), b.length()));
        } else {
            byte[] bytes = payload.bytes();
            writeRuns(pa, ContentRuns.of(new LiteralSource(bytes), 0, bytes.length));
        }
    }

    private void writeRuns(long pa, ContentRuns runs) {
        long done = 0;
        while (done < runs.length()) {
            long pos = pa + done;
            int inPage = (int) (pos & (PAGE - 1));
            int n = (int) Math.min(PAGE - inPage, runs.length() - done);
            ContentRuns chunk = runs.slice(done, n);
            long key = pos >>> 12;
            ContentRuns old = page(key);
            ContentRuns page = old == null ? ContentRuns.zeros(PAGE) : old;
            replace(key, old, page.overlay(inPage, chunk));
            done += n;
        }
    }

    private void replace(long key, ContentRuns old, ContentRuns page) {
        if (old != null) {
            storedBytes -= old.storageCost();
        }
        long chunkNumber = key >>> PAGES_PER_CHUNK_SHIFT;
        int slot = (int) (key & (PAGES_PER_CHUNK - 1));
        Chunk c = chunk(chunkNumber);
        if (page.isBlank()) {
            if (c != null && c.pages[slot] != null) {
                c.pages[slot] = null;
                if (--c.stored == 0) {
                    chunks.remove(chunkNumber);
                    lastChunk = null;
                }
            }
        } else {
            if (c == null) {
                c = new Chunk();
                chunks.put(chunkNumber, c);
                lastChunk = c;
            }
            if (c.pages[slot] == null) {
                c.stored++;
            }
            c.pages[slot] = page;
            storedBytes += page.storageCost();
        }
    }

    /** Bytes from {@code pos} to the end of its 2 MiB chunk if the chunk holds no page, else 0. */
    private long emptyChunkRest(long pos) {
        if (chunk(pos >>> CHUNK_SHIFT) != null) {
            return 0;
        }
        return (1L << CHUNK_SHIFT) - (pos & ((1L << CHUNK_SHIFT) - 1));
    }

    @Override
    public FingerprintPayload capture(long pa, long len) {
        int head = (int) (pa & (PAGE - 1));
        if (len > 0 && head + len <= PAGE) {
            // within one page (a packet): the page's own slice, the runs a builder would give
            ContentRuns page = page(pa >>> 12);
            return new FingerprintPayload(page == null ? ContentRuns.zeros(len) : page.slice(head, len));
        }
        ContentRuns.Builder b = new ContentRuns.Builder(len);
        long done = 0;
        while (done < len) {
            long pos = pa + done;
            long skip = emptyChunkRest(pos);
            if (skip > 0) {
                done += skip;
                continue;
            }
            int inPage = (int) (pos & (PAGE - 1));
            int n = (int) Math.min(PAGE - inPage, len - done);
            ContentRuns page = page(pos >>> 12);
            if (page != null) {
                b.addSlice(page, inPage, n, done);
            }
            done += n;
        }
        return new FingerprintPayload(b.build());
    }

    @Override
    public void zero(long pa, long len) {
        long done = 0;
        while (done < len) {
            long pos = pa + done;
            long skip = emptyChunkRest(pos);
            if (skip > 0) {
                done += skip;
                continue;
            }
            int inPage = (int) (pos & (PAGE - 1));
            int n = (int) Math.min(PAGE - inPage, len - done);
            long key = pos >>> 12;
            ContentRuns old = page(key);
            if (old != null) {
                replace(key, old, n == PAGE ? ContentRuns.zeros(PAGE) : old.overlay(inPage, ContentRuns.zeros(n)));
            }
            done += n;
        }
    }

    @Override
    public long fingerprint(long pa, long len) {
        return capture(pa, len).fingerprint();
    }

    /**
     * Compares fingerprints of the descriptions (generated runs in O(log n) each, literal bytes
     * hashed once per description); only when they differ are the bytes compared, since the same
     * bytes may be described as generated content on one side and a literal copy on the other.
     */
    @Override
    public boolean holds(long pa, Payload expected) {
        FingerprintPayload actual = capture(pa, expected.length());
        return actual.fingerprint() == expected.fingerprint() || PayloadBytes.equal(actual, expected);
    }

    @Override
    public boolean readsAsZero(long pa, long len) {
        return capture(pa, len).runs().isBlank();
    }

    @Override
    public long storedBytes() {
        return storedBytes;
    }
}
