package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * madvise-style advice about a range.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public enum Advice {
    /** Prefetch: fault the range in now (MADV_WILLNEED). */
    WILL_NEED,
    /** The contents are no longer needed: drop the pages (MADV_DONTNEED). */
    DONT_NEED,
    /** Back the range with huge pages where possible (MADV_HUGEPAGE). */
    HUGE_PAGE,
    /** Back the range with base pages only (MADV_NOHUGEPAGE). */
    NO_HUGE_PAGE
}
