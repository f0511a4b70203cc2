package org.iopf.api.buffer;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.List;
import java.util.OptionalInt;
import org.apiguardian.api.API;
import org.iopf.api.mem.AddressSpace;

/**
 * A buffer owned by a buffer manager. It is freed only when its last reference (the allocation
 * itself, an mmap, an importer's attachment, an engine's transfer) is released.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface Buffer {
    /** The buffer's id within its manager. */
    long id();

    /** Its size in bytes. */
    long size();

    /** How it was allocated. */
    BufferSpec spec();

    /** The process it is mapped into. */
    AddressSpace owner();

    /** Its virtual address in the owner's address space. */
    long address();

    /** The NUMA node that holds its pages, if any is resident. */
    OptionalInt numaNode();

    /** Current reference count; 0 once freed. */
    int refCount();

    /** Whether its pages are pinned. */
    boolean pinned();

    /** Whether it has been freed. */
    default boolean isFreed() {
        return refCount() == 0;
    }
}
