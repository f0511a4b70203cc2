package org.iopf.toolkit.rc;

import java.util.Objects;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.nic.ProtectionDomain;

/** A NIC's protection domains, numbered from 1 in the order they are allocated. */
public final class ProtectionDomains {
    private int nextPdn = 1;

    /**
     * Allocates the next domain for a process.
     *
     * @param space the process whose memory the domain's regions map
     * @return the new domain
     */
    public ProtectionDomain allocate(AddressSpace space) {
        return new Numbered(nextPdn++, Objects.requireNonNull(space, "space is null"));
    }

    private record Numbered(int pdn, AddressSpace space) implements ProtectionDomain {
    }
}
