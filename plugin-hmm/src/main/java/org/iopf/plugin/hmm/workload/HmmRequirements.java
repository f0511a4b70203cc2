package org.iopf.plugin.hmm.workload;

import org.iopf.api.platform.NodeRequirement;
import org.iopf.api.platform.Role;

/**
 * What the hmm workloads need of a node: an {@code hmm-device} in its buffer-manager role. Their
 * buffers move between host and device memory as the run goes, so no memory is declared.
 */
final class HmmRequirements {
    private HmmRequirements() {
    }

    /** The node that {@code parameter} names, whose {@code hmm-device} the workload drives. */
    static NodeRequirement device(String parameter) {
        return NodeRequirement.on(parameter, "drives its device").componentType(Role.BUFFER_MANAGER, "hmm-device");
    }
}
