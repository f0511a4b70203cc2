package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A process's virtual address space: its VMAs and page table. Read-only view; changes go through
 * the {@link MemoryManager}.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface AddressSpace {
    /** Process id, unique within the node. */
    int pid();

    /** Process name for reports. */
    String name();

    /** The VMAs in address order. */
    List<Vma> vmas();

    /** The VMA that contains {@code va}, if any. */
    Optional<Vma> vma(long va);

    /** The page-table entry for the page containing {@code va}, if the page has one. */
    Optional<PageTableEntry> entry(long va);

    /** Bytes of this process that are resident in system memory. */
    long residentBytes();
}
