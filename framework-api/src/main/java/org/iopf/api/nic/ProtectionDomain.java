package org.iopf.api.nic;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;
import org.iopf.api.mem.AddressSpace;

/**
 * A NIC protection domain: groups memory regions and queue pairs of one process.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface ProtectionDomain {
    /** The domain's number within its NIC. */
    int pdn();

    /** The process whose memory the domain's regions map. */
    AddressSpace space();
}
