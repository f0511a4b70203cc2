package org.iopf.plugin.hmm.workload;

import org.iopf.api.platform.NodeRequirement;
import org.iopf.api.platform.Role;

/**
 * What the hmm workloads need of a node: an {@code hmm-device} in its buffer-manager role, and the
 * system memory their buffers are populated in before the device first touches them (they move
 * between host and device memory as the run goes; what the host holds at the start is declared).
 */
final class HmmRequirements {
    private HmmRequirements() {
    }

    /**
     * The node that {@code parameter} names, whose {@code hmm-device} the workload drives, with
     * {@code populatedBytes} populated in its system memory at the start.
     */
    static NodeRequirement device(String parameter, long populatedBytes) {
        return NodeRequirement.on(parameter, "drives its device").componentType(Role.BUFFER_MANAGER, "hmm-device")
                .memory(populatedBytes, 0);
    }
}
