package org.iopf.api.nic;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;
import org.iopf.api.fabric.Endpoint;
import org.iopf.api.mem.AddressSpace;

/**
 * The NIC role: a port on the fabric and a verbs-like API. How the receive path translates
 * addresses and handles a non-resident page is the implementation's mechanism (pinned regions,
 * network page faults with RNR, a backup ring, drop).
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface Nic {
    /** The NIC's port address on the fabric. */
    Endpoint endpoint();

    /** Allocates a protection domain for a process. */
    ProtectionDomain allocateProtectionDomain(AddressSpace space);

    /**
     * Registers {@code [address, address+length)} of the domain's process.
     *
     * @param onDemand register without pinning (on-demand paging); a NIC without fault support
     *     refuses it
     */
    RegistrationResult registerMemory(ProtectionDomain pd, long address, long length, boolean remoteWrite,
            boolean remoteRead, boolean onDemand);

    /** Deregisters a region (and unpins it if it was pinned). */
    void deregisterMemory(MemoryRegion region);

    /** Creates a completion queue holding at most {@code capacity} entries. */
    CompletionQueue createCompletionQueue(int capacity);

    /** Creates a reliable-connected queue pair. */
    QueuePair createQueuePair(ProtectionDomain pd, CompletionQueue sendQueue, CompletionQueue receiveQueue,
            QueuePairConfig config);
}
