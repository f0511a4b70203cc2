package org.iopf.core.mem;

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
    private final RecentLongMap<RunsChunk> chunks = new RecentLongMap<>();
    private long storedBytes;
    /**
     * Where a partly written page's new runs are assembled (old bytes before the write, the written
     * bytes, old bytes after it) before they are stored: one builder for every such write.
     */
    private final ContentRuns.Builder assembly = new ContentRuns.Builder(PAGE);

    private RunsChunk chunk(long chunkNumber) {
        return chunks.get(chunkNumber);
    }

    private static int slot(long key) {
        return (int) (key & (RunsChunk.PAGES - 1));
    }

    /**
     * Makes the runs in {@link #assembly} the contents of frame {@code key}: a blank page is not
     * stored, one run over the whole page is kept without a description.
     */
    private void putAssembly(long key) {
        if (assembly.runCount() == 0) {
            clear(key);
        } else if (assembly.isOneWholeRun()) {
            putWhole(key, assembly.source(0), assembly.sourceOffset(0));
        } else {
            // a page rewritten with the runs it holds (a packet copied where it was written
            // already) keeps its description: descriptions are immutable, so an equal one would do
            RunsChunk c = writableChunk(key);
            ContentRuns held = c.described(slot(key));
            storedBytes += c.putRuns(slot(key), held != null && assembly.describes(held) ? held : assembly.build());
        }
    }

    /**
     * Starts {@link #assembly} for a write of {@code n} bytes at {@code inPage} into frame
     * {@code key}: adds the frame's bytes before them. {@link #endAssembly} adds the bytes after.
     */
    private void startAssembly(long key, int inPage) {
        assembly.reset();
        RunsChunk c = chunk(key >>> PAGES_PER_CHUNK_SHIFT);
        if (c != null) {
            c.addTo(assembly, slot(key), 0, inPage, 0);
        }
    }

    /** Adds the bytes of frame {@code key} after a write that ends at {@code end} in it. */
    private void endAssembly(long key, int end) {
        RunsChunk c = chunk(key >>> PAGES_PER_CHUNK_SHIFT);
        if (c != null) {
            c.addTo(assembly, slot(key), end, (int) (PAGE - end), end);
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
        }
        return c;
    }

    /** Makes {@code c} chunk {@code chunkNumber}, replacing what it held. */
    private void replaceChunk(long chunkNumber, RunsChunk c) {
        removeChunk(chunkNumber);
        chunks.put(chunkNumber, c);
        storedBytes += c.cost();
    }

    /** Chunk {@code chunkNumber} reads as zeros again. */
    private void removeChunk(long chunkNumber) {
        RunsChunk old = chunk(chunkNumber);
        if (old != null) {
            storedBytes -= old.cost();
            chunks.remove(chunkNumber);
        }
    }

    @Override
    public void read(long pa, byte[] dst, int off, int len) {
        capture(pa, len).runs().copyTo(0, dst, off, len);
    }

    @Override
    public void write(long pa, byte[] src, int off, int len) {
        byte[] copy = java.util.Arrays.copyOfRange(src, off, off + len);
        writeRuns(pa, ContentRuns.of(new LiteralSource(copy), 0, len), 0, len);
    }

    @Override
    public void write(long pa, Payload payload) {
        if (payload instanceof FingerprintPayload f) {
            writeRuns(pa, f.runs(), 0, f.length());
        } else if (payload instanceof BytesPayload b && b.isContiguous()) {
            writeRuns(pa, ContentRuns.of(new LiteralSource(b.array()), b.arrayOffset(), b.length()), 0, b.length());
        } else {
            byte[] bytes = payload.bytes();
            writeRuns(pa, ContentRuns.of(new LiteralSource(bytes), 0, bytes.length), 0, bytes.length);
        }
    }

    @Override
    public void write(long pa, Payload payload, long offset, long length) {
        if (payload instanceof FingerprintPayload f) {
            writeRuns(pa, f.runs(), offset, length);
        } else {
            write(pa, payload.slice(offset, length));
        }
    }

    /**
     * As {@code write(dstPa, capture(srcPa, len))}; a copy within one page to within one page (a
     * packet) is assembled from the two pages' runs without describing the captured bytes first.
     */
    @Override
    public void copy(long srcPa, long dstPa, long len) {
        int head = (int) (srcPa & (PAGE - 1));
        int inPage = (int) (dstPa & (PAGE - 1));
        if (len <= 0 || head + len > PAGE || inPage + len > PAGE) {
            write(dstPa, capture(srcPa, len));
            return;
        }
        long key = dstPa >>> 12;
        long srcKey = srcPa >>> 12;
        RunsChunk src = chunk(srcKey >>> PAGES_PER_CHUNK_SHIFT);
        if (src != null && holdsAlready(key, inPage, src, srcKey, head, (int) len)) {
            return;
        }
        startAssembly(key, inPage);
        if (src != null) {
            src.addTo(assembly, slot(srcKey), head, (int) len, inPage);
        }
        endAssembly(key, inPage + (int) len);
        putAssembly(key);
    }

    /**
     * Whether frame {@code key} holds at {@code inPage} the {@code len} bytes of frame
     * {@code srcKey} at {@code head} already, as one piece of one of its runs (a packet copied
     * where it was written before): writing them again would leave its description as it is.
     */
    private boolean holdsAlready(long key, int inPage, RunsChunk src, long srcKey, int head, int len) {
        assembly.reset();
        src.addTo(assembly, slot(srcKey), head, len, 0);
        if (!assembly.isOneRunOver(len)) {
            return false;
        }
        RunsChunk dst = chunk(key >>> PAGES_PER_CHUNK_SHIFT);
        return dst != null && dst.holdsPiece(slot(key), inPage, len, assembly.source(0), assembly.sourceOffset(0));
    }

    /**
     * Writes bytes {@code [from, from+length)} of {@code runs} at {@code pa}: what writing
     * {@code runs.slice(from, length)} does, without the slice.
     */
    private void writeRuns(long pa, ContentRuns runs, long from, long length) {
        int count = runs.runCount();
        int run = runs.firstRunEndingAfter(from); // the first run of runs that ends after from + done
        long done = 0;
        while (done < length) {
            long at = from + done;
            while (run < count && runs.start(run) + runs.runLength(run) <= at) {
                run++;
            }
            long pos = pa + done;
            long chunkRest = Math.min(length - done, CHUNK - (pos & (CHUNK - 1)));
            if (run == count || runs.start(run) >= at + chunkRest) {
                // zeros up to the chunk's end: nothing to do over a chunk that holds no page
                if (chunkRest == CHUNK) {
                    removeChunk(pos >>> CHUNK_SHIFT);
                }
                if (chunk(pos >>> CHUNK_SHIFT) == null) {
                    done += chunkRest;
                    continue;
                }
            } else if (chunkRest == CHUNK && runs.start(run) <= at
                    && runs.start(run) + runs.runLength(run) >= at + CHUNK) {
                replaceChunk(pos >>> CHUNK_SHIFT,
                        RunsChunk.following(runs.source(run), runs.sourceOffset(run) + (at - runs.start(run))));
                done += CHUNK;
                continue;
            }
            int inPage = (int) (pos & (PAGE - 1));
            int n = (int) Math.min(PAGE - inPage, length - done);
            long key = pos >>> 12;
            if (n == PAGE) {
                writePage(key, runs, run, at);
            } else {
                startAssembly(key, inPage);
                assembly.addSlice(runs, at, n, inPage);
                endAssembly(key, inPage + n);
                putAssembly(key);
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
            assembly.reset().addSlice(runs, from, PAGE, 0);
            putAssembly(key);
        }
    }

    @Override
    public FingerprintPayload capture(long pa, long len) {
        int head = (int) (pa & (PAGE - 1));
        if (len > 0 && head + len <= PAGE) {
            // within one page (a packet): the page's own slice, the runs a builder would give
            long key = pa >>> 12;
            RunsChunk c = chunk(key >>> PAGES_PER_CHUNK_SHIFT);
            ContentRuns piece = c == null ? null : c.slice(slot(key), head, len);
            return new FingerprintPayload(piece == null ? ContentRuns.zeros(len) : piece);
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
                // a page not stored stays so (clearing it does nothing)
                startAssembly(key, inPage);
                endAssembly(key, inPage + n);
                putAssembly(key);
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
