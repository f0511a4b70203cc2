package org.iopf.testkit;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.iopf.api.mem.Access;

/**
 * The simplest IOMMU that honours the {@link org.iopf.api.iommu.Iommu} role, for a window of pages
 * of one domain: what each page maps now, and which earlier states a cache may still serve because
 * no invalidation covered the page since (a map does not invalidate; an unmap, an invalidate and an
 * invalidate-all do). A translation of a page may answer its current state or any of those.
 */
final class IommuModel {
    /** Outcome of a translation that faulted with TRANSLATION. */
    static final long TRANSLATION_FAULT = -1;
    /** Outcome of a translation that faulted with PERMISSION. */
    static final long PERMISSION_FAULT = -2;
    private static final long UNMAPPED = -1;
    private static final long WRITABLE = 1;

    private final long base;
    private final long[] current;
    private final List<Set<Long>> cachable = new ArrayList<>();

    /** A window of {@code pages} 4 KiB pages from {@code base}, nothing mapped, nothing cached. */
    IommuModel(long base, int pages) {
        this.base = base;
        this.current = new long[pages];
        java.util.Arrays.fill(current, UNMAPPED);
        for (int i = 0; i < pages; i++) {
            cachable.add(new HashSet<>());
        }
    }

    int pages() {
        return current.length;
    }

    long address(int page) {
        return base + page * IommuRig.PAGE;
    }

    /** {@code Iommu.map} of pages {@code [first, first+n)} to {@code pa}: the old states stay cachable. */
    void map(int first, int n, long pa, boolean writable) {
        for (int i = 0; i < n; i++) {
            cachable.get(first + i).add(current[first + i]);
            current[first + i] = (pa + i * IommuRig.PAGE) | (writable ? WRITABLE : 0);
        }
    }

    /** {@code Iommu.unmap}: unmapped and invalidated. */
    void unmap(int first, int n) {
        for (int i = 0; i < n; i++) {
            current[first + i] = UNMAPPED;
            cachable.get(first + i).clear();
        }
    }

    /** {@code Iommu.invalidate} of the pages. */
    void invalidate(int first, int n) {
        for (int i = 0; i < n; i++) {
            cachable.get(first + i).clear();
        }
    }

    /** {@code Iommu.invalidateAll}. */
    void invalidateAll() {
        cachable.forEach(Set::clear);
    }

    /**
     * The outcomes a translation of {@code offset} into {@code page} for {@code access} may have:
     * a physical address, {@link #TRANSLATION_FAULT} or {@link #PERMISSION_FAULT}.
     */
    Set<Long> allowed(int page, long offset, Access access) {
        Set<Long> outcomes = new TreeSet<>();
        outcomes.add(outcome(current[page], offset, access));
        for (long state : cachable.get(page)) {
            outcomes.add(outcome(state, offset, access));
        }
        return outcomes;
    }

    /** Whether an invalidation covered the page since its last change: only its current state may be served. */
    boolean fresh(int page) {
        return cachable.get(page).isEmpty();
    }

    private static long outcome(long state, long offset, Access access) {
        if (state == UNMAPPED) {
            return TRANSLATION_FAULT;
        }
        if (access.isWrite() && (state & WRITABLE) == 0) {
            return PERMISSION_FAULT;
        }
        return (state & ~WRITABLE) + offset;
    }

    /** Describes an outcome for a failure message. */
    static String describe(long outcome) {
        return outcome == TRANSLATION_FAULT ? "TRANSLATION fault"
                : outcome == PERMISSION_FAULT ? "PERMISSION fault" : String.format("0x%x", outcome);
    }
}
