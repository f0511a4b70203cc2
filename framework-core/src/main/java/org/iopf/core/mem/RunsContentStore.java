package org.iopf.core.mem;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import org.iopf.api.mem.Payload;

/**
 * Contents as exact run descriptions ({@link ContentRuns}), one per written 4 KiB page (in 2 MiB
 * chunks of 512 slots, {@link RunsChunk}), for fingerprint mode. Bytes written by the CPU are kept
 * as literal runs; generated payloads and copies of them cost a run each, not their length.
 * Reading bytes is not supported.
 *
 * <p>Pages that are one run over all their bytes (the usual shape of generated content and of its
 * copies) are kept without an object per page, and a 2 MiB chunk that is one piece of one run (a
 * huge frame filled from a generated run, or copied from one) is written, captured and freed in
 * one step instead of 512; both describe the same bytes, at the same {@link #storedBytes()} cost,
 * as a description per page.
 */
final class RunsContentStore implements ContentStore {
    private static final int CHUNK_SHIFT = 21;
    private static final long CHUNK = 1L << CHUNK_SHIFT;
    private static final int PAGES_PER_CHUNK_SHIFT = CHUNK_SHIFT - 12;

    /**
     * The stored pages of each 2 MiB chunk that holds any, by chunk number (a primitive key): one
     * hash lookup per chunk, an array index per page, and walks skip empty chunks in one step.
     */
    private final Long2ObjectOpenHashMap<RunsChunk> chunks = new Long2ObjectOpenHashMap<>();
    /** The chunk of the last lookup (walks go page after page through one chunk). */
    private long lastChunkNumber = -1;
    private RunsChunk lastChunk;
    private long storedBytes;

    private RunsChunk chunk(long chunkNumber) {
        if (chunkNumber != lastChunkNumber) {
            lastChunk = chunks.get(chunkNumber);
            lastChunkNumber = chunkNumber;
        }
        return lastChunk;
    }

    private static int slot(long key) {
        return (int) (key & (RunsChunk.PAGES - 1));
    }

    /** The stored page of frame {@code key}, or null. */
    private ContentRuns page(long key) {
        RunsChunk c = chunk(key >>> PAGES_PER_CHUNK_SHIFT);
        return c == null ? null : c.page(slot(key));
    }

    /** Makes {@code page} the contents of frame {@code key}; a blank page is not stored. */
    private void put(long key, ContentRuns page) {
        if (page.isBlank()) {
            clear(key);
        } else if (page.runCount() == 1 && page.start(0) == 0 && page.runLength(0) == PAGE) {
            putWhole(key, page.source(0), page.sourceOffset(0));
        } else {
            storedBytes += writableChunk(key).putRuns(slot(key), page);
        }
    }

    /** Makes bytes {@code [offset, offset+PAGE)} of {@code source} the contents of frame {@code key}. */
    private void putWhole(long key, ContentSource source, long offset) {
        storedBytes += writableChunk(key).putWhole(slot(key), source, offset);
    }

    /** Frame {@code key} reads as zeros again. */
    private void clear(long key) {
        long chunkNumber = key >>> PAGES_PER_CHUNK_SHIFT;
        RunsChunk c = chunk(chunkNumber);
        if (c != null) {
            storedBytes += c.clear(slot(key));
            if (c.stored() == 0) {
                removeChunk(chunkNumber);
            }
        }
    }

    /** The chunk of frame {@code key}, made if absent. */
    private RunsChunk writableChunk(long key) {
        long chunkNumber = key >>> PAGES_PER_CHUNK_SHIFT;
        RunsChunk c = chunk(chunkNumber);
        if (c == null) {
            c = new RunsChunk();
            chunks.put(chunkNumber, c);
            lastChunk = c;
        }
        return c;
    }

    /** Makes {@code c} chunk {@code chunkNumber}, replacing what it held. */
    private void replaceChunk(long chunkNumber, RunsChunk c) {
        removeChunk(chunkNumber);
        chunks.put(chunkNumber, c);
        lastChunkNumber = chunkNumber;
        lastChunk = c;
        storedBytes += c.cost();
    }

    /** Chunk {@code chunkNumber} reads as zeros again. */
    private void removeChunk(long chunkNumber) {
        RunsChunk old = chunk(chunkNumber);
        if (old != null) {
            storedBytes -= old.cost();
            chunks.remove(chunkNumber);
            lastChunk = null;
        }
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
            if (run == count || runs.start(run) >= done + chunkRest) {
                // zeros up to the chunk's end: nothing to do over a chunk that holds no page
                if (chunkRest == CHUNK) {
                    removeChunk(pos >>> CHUNK_SHIFT);
                }
                if (chunk(pos >>> CHUNK_SHIFT) == null) {
                    done += chunkRest;
                    continue;
                }
            } else if (chunkRest == CHUNK && runs.start(run) <= done
                    && runs.start(run) + runs.runLength(run) >= done + CHUNK) {
                replaceChunk(pos >>> CHUNK_SHIFT,
                        RunsChunk.following(runs.source(run), runs.sourceOffset(run) + (done - runs.start(run))));
                done += CHUNK;
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
            RunsChunk c = chunk(pos >>> CHUNK_SHIFT);
            long inChunk = pos & (CHUNK - 1);
            if (c == null) {
                done += CHUNK - inChunk;
                continue;
            }
            if (c.allFollow()) {
                long n = Math.min(CHUNK - inChunk, len - done);
                b.add(done, n, c.base(), c.baseOffset() + inChunk);
                done += n;
                continue;
            }
            int inPage = (int) (pos & (PAGE - 1));
            int n = (int) Math.min(PAGE - inPage, len - done);
            c.addTo(b, slot(pos >>> 12), inPage, n, done);
            done += n;
        }
        return new FingerprintPayload(b.build());
    }

    @Override
    public void zero(long pa, long len) {
        long done = 0;
        while (done < len) {
            long pos = pa + done;
            long inChunk = pos & (CHUNK - 1);
            if (inChunk == 0 && len - done >= CHUNK) {
                removeChunk(pos >>> CHUNK_SHIFT);
            }
            if (chunk(pos >>> CHUNK_SHIFT) == null) {
                done += CHUNK - inChunk;
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
