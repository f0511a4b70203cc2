package org.iopf.core.mem;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import org.iopf.api.mem.Payload;

/**
 * Contents as exact run descriptions ({@link ContentRuns}), one per written 4 KiB page, for
 * fingerprint mode. Bytes written by the CPU are kept as literal runs; generated payloads and
 * copies of them cost a run each, not their length. Reading bytes is not supported.
 */
final class RunsContentStore implements ContentStore {
    private static final int CHUNK_SHIFT = 21;

    /** Stored pages by frame number (primitive keys). */
    private final Long2ObjectOpenHashMap<ContentRuns> pages = new Long2ObjectOpenHashMap<>();
    /** Stored pages per 2 MiB chunk, so that walks skip chunks holding nothing in one step. */
    private final Long2IntOpenHashMap pagesPerChunk = new Long2IntOpenHashMap();
    private long storedBytes;

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
            ContentRuns old = pages.get(key);
            ContentRuns page = old == null ? ContentRuns.zeros(PAGE) : old;
            replace(key, old, page.overlay(inPage, chunk));
            done += n;
        }
    }

    private void replace(long key, ContentRuns old, ContentRuns page) {
        if (old != null) {
            storedBytes -= old.storageCost();
        }
        if (page.isBlank()) {
            if (pages.remove(key) != null) {
                long chunk = key >>> (CHUNK_SHIFT - 12);
                if (pagesPerChunk.addTo(chunk, -1) == 1) {
                    pagesPerChunk.remove(chunk);
                }
            }
        } else {
            if (pages.put(key, page) == null) {
                pagesPerChunk.addTo(key >>> (CHUNK_SHIFT - 12), 1);
            }
            storedBytes += page.storageCost();
        }
    }

    /** Bytes from {@code pos} to the end of its 2 MiB chunk if the chunk holds no page, else 0. */
    private long emptyChunkRest(long pos) {
        if (pagesPerChunk.containsKey(pos >>> CHUNK_SHIFT)) {
            return 0;
        }
        return (1L << CHUNK_SHIFT) - (pos & ((1L << CHUNK_SHIFT) - 1));
    }

    @Override
    public FingerprintPayload capture(long pa, long len) {
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
            ContentRuns page = pages.get(pos >>> 12);
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
            ContentRuns old = pages.get(key);
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
