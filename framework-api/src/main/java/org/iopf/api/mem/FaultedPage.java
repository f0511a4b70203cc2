package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What {@link MemoryManager#faultIn} tells its caller when the fault is over: how it ended and,
 * when the page is resident, its page-table entry at that moment — so that a fault handler maps
 * the frame it was given instead of asking the memory manager again.
 *
 * @param result how the fault ended
 * @param entry the page's entry when {@code done} is called, if the page is resident then with the
 *     requested access; empty otherwise (a failed fault, or a page taken away again before the
 *     caller heard, as a device page migrated back can be)
 * @since 0.2
 */
@API(status = STABLE, since = "0.2")
public record FaultedPage(FaultInResult result, Optional<PageTableEntry> entry) {
    /** Checks arguments. */
    public FaultedPage {
        Objects.requireNonNull(result, "result is null");
        Objects.requireNonNull(entry, "entry is null");
        if (entry.isPresent() && !result.resident()) {
            throw new IllegalArgumentException("an entry comes with a resident page only: " + result + " " + entry);
        }
    }

    /** A fault that left no page the caller may use. */
    public static FaultedPage withoutPage(FaultInResult result) {
        return new FaultedPage(result, Optional.empty());
    }

    /** Whether the page is resident with the requested access. */
    public boolean resident() {
        return entry.isPresent();
    }

    /**
     * The physical address that backs {@code address} (inside the faulted page).
     *
     * @throws IllegalStateException if the page is not resident
     */
    public long physicalAddress(long address) {
        return entry.orElseThrow(() -> new IllegalStateException("no resident page: " + result))
                .physicalAddress(address);
    }
}
