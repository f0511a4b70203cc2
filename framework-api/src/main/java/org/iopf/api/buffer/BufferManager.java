package org.iopf.api.buffer;

import java.util.List;
import org.iopf.api.mem.AddressSpace;

/**
 * The buffer-manager role: allocates buffers in a process's address space with NUMA placement,
 * pins and unpins them, counts references, and exports them to importers.
 *
 * @since 0.1
 */
public interface BufferManager {
    /** Allocates a buffer for {@code owner}; the result holds one reference. */
    AllocationResult allocate(AddressSpace owner, BufferSpec spec);

    /** Adds a reference. Retaining a freed buffer is an {@link IllegalStateException}. */
    void retain(Buffer buffer);

    /** Drops a reference; the last one frees the buffer. */
    void release(Buffer buffer);

    /** Exports the buffer to {@code importer}: adds a reference and builds its own SG table. */
    Attachment attach(Buffer buffer, String importer);

    /** Ends an attachment and drops its reference. */
    void detach(Attachment attachment);

    /** The live buffers, by id. */
    List<Buffer> buffers();

    /** Bytes of memory the manager holds reserved (allocated and not freed). */
    long reservedBytes();
}
