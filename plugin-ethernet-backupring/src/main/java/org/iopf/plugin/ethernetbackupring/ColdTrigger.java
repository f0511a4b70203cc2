package org.iopf.plugin.ethernetbackupring;

import java.util.Locale;

/**
 * What makes the rx ring cold (seed 001 §3.1, FIDELITY C6). Each acts on memory through the
 * receiving node's memory manager. VM resume/migration is not offered: the memory manager models
 * no VMs.
 */
enum ColdTrigger {
    /** No trigger: the rx buffer is resident (or pinned) before traffic and stays so. */
    NONE,
    /** Start-up: the rx buffer has never been touched when traffic starts. */
    STARTUP,
    /** The resident rx buffer is swapped out (reclaim) while traffic runs, and comes back. */
    SWAP,
    /** The resident rx buffer is migrated to another NUMA node while traffic runs. */
    NUMA_MIGRATION,
    /**
     * The receiving process forks while traffic runs (a checkpoint or a forked logger): its rx
     * buffer becomes copy-on-write, the NIC's writable translations are revoked, and each page
     * is copied when the next write (the NIC's, through the OS) breaks the sharing.
     */
    COW;

    /** The name as platform files write it ({@code numa-migration}). */
    String key() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The trigger named {@code key}. */
    static ColdTrigger of(String key) {
        for (ColdTrigger t : values()) {
            if (t.key().equals(key)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown trigger '" + key + "'");
    }

    /** Whether the rx buffer is made resident before traffic. */
    boolean residentAtStart() {
        return this != STARTUP;
    }

    /** Whether something happens to the buffer while traffic runs. */
    boolean actsDuringTraffic() {
        return this == SWAP || this == NUMA_MIGRATION || this == COW;
    }
}
