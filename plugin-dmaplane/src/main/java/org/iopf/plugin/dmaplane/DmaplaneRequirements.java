package org.iopf.plugin.dmaplane;

import org.iopf.api.platform.NodeRequirement;
import org.iopf.api.platform.Role;

/** What the dmaplane workloads need of a node: a {@code dmaplane} in its buffer-manager role. */
final class DmaplaneRequirements {
    private DmaplaneRequirements() {
    }

    /** The node that {@code parameter} names, whose {@code dmaplane} the workload uses for {@code purpose}. */
    static NodeRequirement dmaplane(String parameter, String purpose) {
        return NodeRequirement.on(parameter, purpose).componentType(Role.BUFFER_MANAGER, "dmaplane");
    }
}
