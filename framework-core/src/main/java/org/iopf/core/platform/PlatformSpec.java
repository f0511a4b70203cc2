package org.iopf.core.platform;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.iopf.api.fabric.LinkSpec;

/**
 * A whole platform: the run's seed, the fabric, and the nodes, within {@link PlatformLimits}.
 *
 * @param seed the run's seed; the same seed gives the same run
 * @param defaultLink the link of fabric ports that do not choose their own
 * @param switchLatencyNanos the switch's forwarding latency, ns
 * @param nodes the nodes, in declaration order
 */
public record PlatformSpec(long seed, LinkSpec defaultLink, long switchLatencyNanos, List<NodeSpec> nodes) {
    /** Checks arguments. */
    public PlatformSpec {
        Objects.requireNonNull(defaultLink, "defaultLink is null");
        nodes = List.copyOf(nodes);
        if (nodes.size() > PlatformLimits.MAX_NODES) {
            throw new IllegalArgumentException(nodes.size() + " nodes; a platform has at most "
                    + PlatformLimits.MAX_NODES);
        }
        PlatformLimits.requireLatency("the link latency", defaultLink.latencyNanos());
        PlatformLimits.requireLatency("the switch latency", switchLatencyNanos);
        if (!PlatformLimits.isLinkRate(defaultLink.rate())) {
            throw new IllegalArgumentException("the link rate must be within " + PlatformLimits.MIN_LINK_RATE + ".."
                    + PlatformLimits.MAX_LINK_RATE + ": " + defaultLink.rate());
        }
        Set<String> names = new HashSet<>();
        for (NodeSpec n : nodes) {
            if (!names.add(n.name())) {
                throw new IllegalArgumentException("two nodes are named '" + n.name() + "'");
            }
        }
    }

    /** Each node's component names, by node name, both in declaration order. */
    public Map<String, List<String>> componentNames() {
        Map<String, List<String>> names = new LinkedHashMap<>();
        for (NodeSpec n : nodes) {
            names.put(n.name(), n.components().stream().map(ComponentSpec::name).toList());
        }
        return names;
    }

    /** This platform with another seed. */
    public PlatformSpec withSeed(long newSeed) {
        return new PlatformSpec(newSeed, defaultLink, switchLatencyNanos, nodes);
    }
}
