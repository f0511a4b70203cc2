package org.iopf.api.fault;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * The four kinds of translation failure that the ExaNeSt SMMU driver distinguishes (seed 000
 * §3.2.1). Only translation faults are recoverable: the page exists in the process's view but has
 * no entry yet; the others are reported as unrecoverable (FIDELITY A3).
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public enum FaultKind {
    /** No translation entry for the address (FSR.TF): recoverable by mapping the page. */
    TRANSLATION(true),
    /** An entry exists but does not allow the access (FSR.PF). */
    PERMISSION(false),
    /** The address is outside the range the context may reach (access / out of range). */
    ACCESS(false),
    /** The translation context is misconfigured (no context bank, bad TCR). */
    CONFIGURATION(false);

    private final boolean recoverable;

    FaultKind(boolean recoverable) {
        this.recoverable = recoverable;
    }

    /** Whether a fault handler may resolve this kind by making the page present. */
    public boolean isRecoverable() {
        return recoverable;
    }
}
