package org.iopf.core.mem;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import org.iopf.api.mem.Payload;

/**
 * Contents as exact run descriptions ({@link ContentRuns}), one per written 4 KiB page (in 2 MiB
 * chunks of 512 slots), for fingerprint mode. Bytes written by the CPU are kept as literal runs; generated payloads and
 * copies of them cost a run each, not their length. Reading bytes is not supported.
 *
 * <p>A page that is one run over all its bytes (the usual shape of generated content and of its
 * copies) is kept as that run's source and offset in two arrays of its chunk, so writing, moving,
 * capturing and freeing it allocates nothing; a page of any other shape is kept as its
 * {@link ContentRuns}. Both describe the same bytes and cost the same in {@link #storedBytes()}.
 */
final class RunsContentStore implements ContentStore {
    private static final int CHUNK_SHIFT = 21;
    private static final long CHUNK = 1L << CHUNK_SHIFT;
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

    /**
     * The 512 page slots of one 2 MiB chunk and how many hold a page. Slot {@code s} holds a
     * whole-page run ({@code wholeSources[s]} from {@code wholeOffsets[s]}), another description
     * ({@code pages[s]}, made on first use), or nothing.
     */
    private static final class Chunk {
        final ContentSource[] wholeSources = new ContentSource[PAGES_PER_CHUNK];
        final long[] wholeOffsets = new long[PAGES_PER_CHUNK];
        ContentRuns[] pages;
        int stored;
    }

    private Chunk chunk(long chunkNumber) {
        if (chunkNumber != lastChunkNumber) {
            lastChunk = chunks.get(chunkNumber);
            lastChunkNumber = chunkNumber;
        }
        return lastChunk;
    }

    private static int slot(long key) {
        return (int) (key & (PAGES_PER_CHUNK - 1));
    }

    /** The stored page of frame {@code key}, or null. */
    private ContentRuns page(long key) {
        Chunk c = chunk(key >>> PAGES_PER_CHUNK_SHIFT);
        if (c == null) {
            return null;
        }
        int s = slot(key);
        ContentSource whole = c.wholeSources[s];
        if (whole != null) {
            return ContentRuns.of(whole, c.wholeOffsets[s], PAGE);
        }
        return c.pages == null ? null : c.pages[s];
    }

    /** Makes {@code page} the contents of frame {@code key}; a blank page is not stored. */
    private void put(long key, ContentRuns page) {
        if (page.isBlank()) {
            clear(key);
        } else if (page.runCount() == 1 && page.start(0) == 0 && page.runLength(0) == PAGE) {
            putWhole(key, page.source(0), page.sourceOffset(0));
        } else {
            Chunk c = writableChunk(key);
            int s = slot(key);
            if (!drop(c, s)) {
                c.stored++;
            }
            if (c.pages == null) {
                c.pages = new ContentRuns[PAGES_PER_CHUNK];
            }
            c.pages[s] = page;
            storedBytes += page.storageCost();
        }
    }

    /** Makes bytes {@code [offset, offset+PAGE)} of {@code source} the contents of frame {@code key}. */
    private void putWhole(long key, ContentSource source, long offset) {
        Chunk c = writableChunk(key);
        int s = slot(key);
        if (!drop(c, s)) {
            c.stored++;
        }
        c.wholeSources[s] = source;
        c.wholeOffsets[s] = offset;
        storedBytes += wholeCost(source);
    }

    /** Frame {@code key} reads as zeros again. */
    private void clear(long key) {
        long chunkNumber = key >>> PAGES_PER_CHUNK_SHIFT;
        Chunk c = chunk(chunkNumber);
        if (c != null && drop(c, slot(key)) && --c.stored == 0) {
            chunks.remove(chunkNumber);
            lastChunk = null;
        }
    }

    /** The chunk of frame {@code key}, made if absent. */
    private Chunk writableChunk(long key) {
        long chunkNumber = key >>> PAGES_PER_CHUNK_SHIFT;
        Chunk c = chunk(chunkNumber);
        if (c == null) {
            c = new Chunk();
            chunks.put(chunkNumber, c);
            lastChunk = c;
        }
        return c;
    }

    /** Empties slot {@code s} of {@code c} and takes its cost off; whether it held a page. */
    private boolean drop(Chunk c, int s) {
        ContentSource whole = c.wholeSources[s];
        if (whole != null) {
            storedBytes -= wholeCost(whole);
            c.wholeSources[s] = null;
            return true;
        }
        ContentRuns old = c.pages == null ? null : c.pages[s];
        if (old != null) {
            storedBytes -= old.storageCost();
            c.pages[s] = null;
            return true;
        }
        return false;
    }

    /** {@link ContentRuns#storageCost()} of a page that is one run of {@code source}. */
    private static long wholeCost(ContentSource source) {
        return ContentRuns.RUN_COST + (source.isLiteral() ? PAGE : 0);
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
        long length = runs.length();
        int count = runs.runCount();
        int run = 0; // the first run of runs that ends after done
        long done = 0;
        while (done < length) {
            while (run < count && runs.start(run) + runs.runLength(run) <= done) {
                run++;
            }
            long pos = pa + done;
            long chunkRest = Math.min(length - done, CHUNK - (pos & (CHUNK - 1)));
            if ((run == count || runs.start(run) >= done + chunkRest) && chunk(pos >>> CHUNK_SHIFT) == null) {
                done += chunkRest; // zeros over a chunk that holds no page change nothing
                continue;
            }
            int inPage = (int) (pos & (PAGE - 1));
            int n = (int) Math.min(PAGE - inPage, length - done);
            long key = pos >>> 12;
            if (n == PAGE) {
                writePage(key, runs, run, done);
            } else {
                ContentRuns old = page(key);
                put(key, (old == null ? ContentRuns.zeros(PAGE) : old).overlay(inPage, runs.slice(done, n)));
            }
            done += n;
        }
    }

    /**
     * Frame {@code key} gets bytes {@code [from, from+PAGE)} of {@code runs}, whose first run ending
     * after {@code from} is {@code run}.
     */
    private void writePage(long key, ContentRuns runs, int run, long from) {
        long end = from + PAGE;
        if (run == runs.runCount() || runs.start(run) >= end) {
            clear(key);
        } else if (runs.start(run) <= from && runs.start(run) + runs.runLength(run) >= end) {
            putWhole(key, runs.source(run), runs.sourceOffset(run) + (from - runs.start(run)));
        } else {
            put(key, runs.slice(from, PAGE));
        }
    }

    @Override
    public FingerprintPayload capture(long pa, long len) {
        ContentRuns.Builder b = new ContentRuns.Builder(len);
        long done = 0;
        while (done < len) {
            long pos = pa + done;
            Chunk c = chunk(pos >>> CHUNK_SHIFT);
            if (c == null) {
                done += CHUNK - (pos & (CHUNK - 1));
                continue;
            }
            int inPage = (int) (pos & (PAGE - 1));
            int n = (int) Math.min(PAGE - inPage, len - done);
            int s = slot(pos >>> 12);
            ContentSource whole = c.wholeSources[s];
            if (whole != null) {
                b.add(done, n, whole, c.wholeOffsets[s] + inPage);
            } else if (c.pages != null && c.pages[s] != null) {
                b.addSlice(c.pages[s], inPage, n, done);
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
            if (chunk(pos >>> CHUNK_SHIFT) == null) {
                done += CHUNK - (pos & (CHUNK - 1));
                continue;
            }
            int inPage = (int) (pos & (PAGE - 1));
            int n = (int) Math.min(PAGE - inPage, len - done);
            long key = pos >>> 12;
            if (n == PAGE) {
                clear(key);
            } else {
                ContentRuns old = page(key);
                if (old != null) {
                    put(key, old.overlay(inPage, ContentRuns.zeros(n)));
                }
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
