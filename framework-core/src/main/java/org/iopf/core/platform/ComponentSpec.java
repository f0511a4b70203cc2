package org.iopf.core.platform;

import java.util.Map;
import java.util.Objects;

/**
 * One component of a node as a platform describes it: its name within the node, its type, and its
 * parameter values as written (with units).
 *
 * @param name the component's name within the node ({@code smmu}); also its fabric port name
 * @param type the component type's name ({@code zynq-smmu})
 * @param parameters raw values by parameter name
 */
public record ComponentSpec(String name, String type, Map<String, String> parameters) {
    /** Checks arguments. */
    public ComponentSpec {
        Objects.requireNonNull(name, "name is null");
        Objects.requireNonNull(type, "type is null");
        parameters = Map.copyOf(parameters);
    }

    /** A component with default parameters. */
    public static ComponentSpec of(String name, String type) {
        return new ComponentSpec(name, type, Map.of());
    }
}
