package org.iopf.core.mem;

import static java.util.Objects.requireNonNull;

import org.iopf.api.mem.FaultInResult;

/**
 * A CPU-side access through {@link DemandPagingMemoryManager#read} or
 * {@link DemandPagingMemoryManager#write} that could not be resolved: the equivalent of SIGSEGV
 * or SIGBUS for the emulated process. Devices never see it; they get -1 from
 * {@code translate} and a {@link FaultInResult} from {@code faultIn}.
 *
 * @since 0.1
 */
public final class MemoryAccessException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final long va;
    private final FaultInResult result;

    /**
     * Creates the exception.
     *
     * @param va the faulting virtual address
     * @param result why the fault could not be resolved, not null
     */
    public MemoryAccessException(long va, FaultInResult result) {
        this(String.format("access at 0x%x failed: %s", va, requireNonNull(result, "result is null")), va, result);
    }

    /**
     * Creates the exception for an access to {@code memory}: its message names the memory and,
     * when no frame was left ({@link FaultInResult#OUT_OF_MEMORY}), its size, so that a platform
     * whose node has too little memory for its workload is told so.
     *
     * @param memory the physical memory behind the access, not null
     * @param va the faulting virtual address
     * @param result why the fault could not be resolved, not null
     */
    public MemoryAccessException(SparsePhysicalMemory memory, long va, FaultInResult result) {
        this(String.format("%s: access at 0x%x failed: %s", memory.name(), va, requireNonNull(result, "result is null"))
                + (result == FaultInResult.OUT_OF_MEMORY ? " (no frame free in its " + memory.size()
                        + " B, nor any to reclaim)" : ""), va, result);
    }

    private MemoryAccessException(String message, long va, FaultInResult result) {
        super(message);
        this.va = va;
        this.result = result;
    }

    /** Whether the memory had no frame left: the platform gives its node too little memory for the work. */
    public boolean outOfMemory() {
        return result == FaultInResult.OUT_OF_MEMORY;
    }

    /** The faulting virtual address. */
    public long va() {
        return va;
    }

    /** Why the fault could not be resolved. */
    public FaultInResult result() {
        return result;
    }
}
