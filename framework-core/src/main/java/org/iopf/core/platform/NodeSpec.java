package org.iopf.core.platform;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.iopf.core.sim.CoreGroup;

/**
 * One node of a platform: its memory, its CPU cores (at most {@link PlatformLimits#MAX_CORES}),
 * and its components.
 *
 * @param name the node's name, unique in the platform
 * @param memory its memory and memory manager
 * @param cores its CPU clusters ({@code a53 x 4}, {@code r5 x 2})
 * @param components its components, at most one per role
 */
public record NodeSpec(String name, MemorySpec memory, List<CoreGroup> cores, List<ComponentSpec> components) {
    /** Checks arguments. */
    public NodeSpec {
        Objects.requireNonNull(name, "name is null");
        Objects.requireNonNull(memory, "memory is null");
        cores = List.copyOf(cores);
        components = List.copyOf(components);
        long total = cores.stream().mapToLong(CoreGroup::count).sum();
        if (total > PlatformLimits.MAX_CORES) {
            throw new IllegalArgumentException("node '" + name + "' has " + total + " cores; a node has at most "
                    + PlatformLimits.MAX_CORES);
        }
        Set<String> names = new HashSet<>();
        for (ComponentSpec c : components) {
            if (!names.add(c.name())) {
                throw new IllegalArgumentException("node '" + name + "' has two components named '" + c.name() + "'");
            }
        }
    }
}
