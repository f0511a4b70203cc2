package org.iopf.api.buffer;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.List;
import org.apiguardian.api.API;
import org.iopf.api.mem.AddressSpace;

/**
 * The buffer-manager role: allocates buffers in a process's address space with NUMA placement,
 * pins and unpins them, counts references, and exports them to importers.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface BufferManager {
    /** Allocates a buffer for {@code owner}; the result holds one reference. */
    AllocationResult allocate(AddressSpace owner, BufferSpec spec);

    /** Adds a reference. Retaining a freed buffer is an {@link IllegalStateException}. */
    void retain(Buffer buffer);

    /**
     * Drops a reference that the caller holds (the allocation's or a retained one); the last
     * reference frees the buffer. An attachment's reference is dropped only by {@link #detach}:
     * releasing a freed buffer, or releasing while only attachments hold it, is an
     * {@link IllegalStateException} and changes nothing.
     */
    void release(Buffer buffer);

    /**
     * Exports the buffer to {@code importer}: adds a reference and builds its own SG table.
     * Attaching a freed buffer is an {@link IllegalStateException}; a manager that cannot export
     * (device-private memory) throws {@link UnsupportedOperationException} and takes no reference.
     */
    Attachment attach(Buffer buffer, String importer);

    /** Ends an attachment and drops its reference. */
    void detach(Attachment attachment);

    /** The live buffers, by id. */
    List<Buffer> buffers();

    /** Bytes of memory the manager holds reserved (allocated and not freed). */
    long reservedBytes();
}
