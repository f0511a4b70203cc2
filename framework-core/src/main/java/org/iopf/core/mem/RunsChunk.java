package org.iopf.core.mem;

/**
 * The stored pages of one 2 MiB chunk of a {@link RunsContentStore}, with their storage cost
 * ({@link ContentRuns#storageCost()} summed over the pages).
 *
 * <p>A page that is one run over all its 4 KiB is kept without an object: if it continues the
 * chunk's base run (page {@code s} holds bytes {@code [baseOffset + s * 4 KiB, +4 KiB)} of the base
 * source, as a 2 MiB frame filled from one generated run or copied from one does), as one bit;
 * otherwise as its source and offset in two arrays made on first use. A page of any other shape
 * is kept as its {@link ContentRuns}. Mutators return the change of the cost.
 */
final class RunsChunk {
    static final int PAGES = 512;
    private static final long PAGE = ContentStore.PAGE;

    private ContentSource base;
    private long baseOffset;
    /** Bit {@code s}: page {@code s} continues the base run. */
    private final long[] follows = new long[PAGES / Long.SIZE];
    private int followers;
    private ContentSource[] wholeSources;
    private long[] wholeOffsets;
    private ContentRuns[] pages;
    private int stored;
    private long cost;

    /** A chunk whose pages are bytes {@code [offset, offset + 2 MiB)} of {@code source}. */
    static RunsChunk following(ContentSource source, long offset) {
        RunsChunk c = new RunsChunk();
        c.base = source;
        c.baseOffset = offset;
        java.util.Arrays.fill(c.follows, -1L);
        c.followers = PAGES;
        c.stored = PAGES;
        c.cost = PAGES * wholeCost(source);
        return c;
    }

    /** Pages stored. */
    int stored() {
        return stored;
    }

    /** The storage cost of the stored pages. */
    long cost() {
        return cost;
    }

    /** Whether every page continues the base run, so any piece of the chunk is one piece of it. */
    boolean allFollow() {
        return followers == PAGES;
    }

    ContentSource base() {
        return base;
    }

    /** The base source's offset of the chunk's first byte. */
    long baseOffset() {
        return baseOffset;
    }

    private boolean followsBase(int s) {
        return (follows[s >>> 6] & (1L << s)) != 0;
    }

    /** Adds bytes {@code [inPage, inPage+n)} of page {@code s}, if stored, to {@code b} at {@code at}. */
    void addTo(ContentRuns.Builder b, int s, int inPage, int n, long at) {
        if (followsBase(s)) {
            b.add(at, n, base, baseOffset + s * PAGE + inPage);
        } else if (wholeSources != null && wholeSources[s] != null) {
            b.add(at, n, wholeSources[s], wholeOffsets[s] + inPage);
        } else if (pages != null && pages[s] != null) {
            b.addSlice(pages[s], inPage, n, at);
        }
    }

    /**
     * Whether bytes {@code [inPage, inPage+n)} of page {@code s} are bytes
     * {@code [offset, offset+n)} of {@code source} within one run of the page's description: then
     * writing that piece there again leaves the page as it is.
     */
    boolean holdsPiece(int s, int inPage, long n, ContentSource source, long offset) {
        if (followsBase(s)) {
            return source == base && offset == baseOffset + s * PAGE + inPage;
        }
        if (wholeSources != null && wholeSources[s] != null) {
            return wholeSources[s] == source && offset == wholeOffsets[s] + inPage;
        }
        ContentRuns page = pages == null ? null : pages[s];
        if (page == null) {
            return false;
        }
        int i = page.firstRunEndingAfter(inPage);
        return i < page.runCount() && page.source(i) == source && page.start(i) <= inPage
                && page.start(i) + page.runLength(i) >= inPage + n
                && page.sourceOffset(i) + (inPage - page.start(i)) == offset;
    }

    /** Bytes {@code [inPage, inPage+n)} of page {@code s} as a description, or null if it is not stored. */
    ContentRuns slice(int s, int inPage, long n) {
        if (followsBase(s)) {
            return ContentRuns.of(base, baseOffset + s * PAGE + inPage, n);
        }
        if (wholeSources != null && wholeSources[s] != null) {
            return ContentRuns.of(wholeSources[s], wholeOffsets[s] + inPage, n);
        }
        return pages == null || pages[s] == null ? null : pages[s].slice(inPage, n);
    }

    /** Makes page {@code s} bytes {@code [offset, offset+PAGE)} of {@code source}. */
    long putWhole(int s, ContentSource source, long offset) {
        if (holdsWhole(s, source, offset)) {
            return 0;
        }
        long freed = clear(s);
        long added = wholeCost(source);
        stored++;
        if (followers == 0) {
            base = source;
            baseOffset = offset - s * PAGE;
        }
        if (source == base && offset == baseOffset + s * PAGE) {
            follows[s >>> 6] |= 1L << s;
            followers++;
        } else {
            if (wholeSources == null) {
                wholeSources = new ContentSource[PAGES];
                wholeOffsets = new long[PAGES];
            }
            wholeSources[s] = source;
            wholeOffsets[s] = offset;
        }
        cost += added;
        return freed + added;
    }

    /** Whether page {@code s} is bytes {@code [offset, offset+PAGE)} of {@code source}, kept as one run. */
    private boolean holdsWhole(int s, ContentSource source, long offset) {
        if (followsBase(s)) {
            return source == base && offset == baseOffset + s * PAGE;
        }
        return wholeSources != null && wholeSources[s] == source && wholeOffsets[s] == offset;
    }

    /** Page {@code s} if it is kept as a description (neither blank nor one whole-page run), or null. */
    ContentRuns described(int s) {
        return pages == null ? null : pages[s];
    }

    /** Makes {@code page}, neither blank nor one whole-page run, page {@code s}. */
    long putRuns(int s, ContentRuns page) {
        long freed = clear(s);
        long added = page.storageCost();
        stored++;
        if (pages == null) {
            pages = new ContentRuns[PAGES];
        }
        pages[s] = page;
        cost += added;
        return freed + added;
    }

    /** Empties slot {@code s} (if stored). */
    long clear(int s) {
        long delta;
        if (followsBase(s)) {
            follows[s >>> 6] &= ~(1L << s);
            followers--;
            delta = -wholeCost(base);
        } else if (wholeSources != null && wholeSources[s] != null) {
            delta = -wholeCost(wholeSources[s]);
            wholeSources[s] = null;
        } else if (pages != null && pages[s] != null) {
            delta = -pages[s].storageCost();
            pages[s] = null;
        } else {
            return 0;
        }
        stored--;
        cost += delta;
        return delta;
    }

    /** {@link ContentRuns#storageCost()} of a page that is one run of {@code source}. */
    private static long wholeCost(ContentSource source) {
        return ContentRuns.RUN_COST + (source.isLiteral() ? PAGE : 0);
    }
}
