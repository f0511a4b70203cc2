package org.iopf.api.platform;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * A run asked more of a modelled resource than its platform file gives it: a node's memory had no
 * frame left for an SMMU translation table, an rx buffer could not be made resident. It is the
 * user's input that is short, not a bug of iopf or of the plugin, so the command line reports it
 * as bad input (exit status 2) with its message, which should name the node, the resource and what
 * to give more of.
 *
 * <p>Throw it from a component or a workload where the platform runs out; validation catches what
 * {@link NodeRequirement}s declare before the first event, this what only the run can find.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class PlatformCapacityException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what ran out, on which node, and what to give more of
     */
    public PlatformCapacityException(String message) {
        super(message);
    }
}
