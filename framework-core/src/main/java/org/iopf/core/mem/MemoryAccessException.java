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
        super(String.format("access at 0x%x failed: %s", va, requireNonNull(result, "result is null")));
        this.va = va;
        this.result = result;
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
