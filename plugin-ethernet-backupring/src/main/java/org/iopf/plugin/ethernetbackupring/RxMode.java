package org.iopf.plugin.ethernetbackupring;

import java.util.Locale;

/** How the receive path treats a user buffer that is not resident (seed 001 §3). */
enum RxMode {
    /** Every rx buffer is pinned and mapped before traffic: no fault can occur (the baseline). */
    PINNED,
    /** Unpinned rx buffers, no backup ring: a packet whose buffer faults is dropped (C2). */
    COLD_RING,
    /**
     * Unpinned rx buffers with a backup ring: only a packet whose buffer faults is written to the
     * pinned backup ring and copied after the fault is resolved (C3, with NIC support).
     */
    BACKUP_RING,
    /**
     * The prototype of seed 001 §3.3: the NIC cannot choose, so every packet is written to both the
     * user buffer and the backup ring, and the IOprovider copies every packet from the ring into
     * the user buffer (C4).
     */
    BACKUP_RING_PROTOTYPE;

    /** The name as platform files write it ({@code backup-ring-prototype}). */
    String key() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The mode named {@code key}. */
    static RxMode of(String key) {
        for (RxMode mode : values()) {
            if (mode.key().equals(key)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("unknown rx mode '" + key + "'");
    }

    /** Whether faulting packets go to the backup ring. */
    boolean usesBackupRing() {
        return this == BACKUP_RING || this == BACKUP_RING_PROTOTYPE;
    }
}
