package org.iopf.core.platform.file;

import static java.util.Objects.requireNonNull;

import org.iopf.api.sim.DataRate;
import org.iopf.core.platform.PlatformLimits;

/**
 * Reads of a platform's own quantities (fabric latencies and rates, NUMA node sizes, the memory
 * manager's fault costs) within {@link PlatformLimits}: a value outside is refused at its line,
 * worded as a component parameter out of its range is ({@code '2s' is out of range; expected a
 * duration in 0ns..1s}).
 */
final class BoundedReads {
    private static final long HUGE_PAGE = 2L << 20;

    private final YamlBinder yaml;

    /**
     * Reads reporting through {@code yaml}.
     *
     * @param yaml typed reads and errors of the file, not null
     */
    BoundedReads(YamlBinder yaml) {
        this.yaml = requireNonNull(yaml, "yaml is null");
    }

    /** A latency or fault cost, nanoseconds, within 0ns..{@link PlatformLimits#MAX_LATENCY}. */
    long latency(YamlNode node) {
        long nanos = yaml.duration(node);
        if (nanos > PlatformLimits.maxLatencyNanos()) {
            throw outOfRange(node, "a duration in 0ns.." + PlatformLimits.MAX_LATENCY);
        }
        return nanos;
    }

    /** A fabric link's rate, within {@link PlatformLimits#MIN_LINK_RATE}..{@link PlatformLimits#MAX_LINK_RATE}. */
    DataRate linkRate(YamlNode node) {
        DataRate rate = yaml.rate(node);
        if (!PlatformLimits.isLinkRate(rate)) {
            throw outOfRange(node, "a rate in " + PlatformLimits.MIN_LINK_RATE + ".." + PlatformLimits.MAX_LINK_RATE);
        }
        return rate;
    }

    /** A NUMA node's size: a multiple of 2 MiB up to {@link PlatformLimits#MAX_NUMA_NODE_SIZE}. */
    long numaNodeSize(YamlNode node) {
        long bytes = yaml.bytes(node);
        if (bytes > PlatformLimits.maxNumaNodeBytes()) {
            throw outOfRange(node, "a size in 0B.." + PlatformLimits.MAX_NUMA_NODE_SIZE);
        }
        if (bytes % HUGE_PAGE != 0) {
            throw yaml.error(node, "'" + text(node) + "' is not a whole number of 2 MiB blocks; expected a multiple "
                    + "of 2MiB such as 512MiB or 16GiB");
        }
        return bytes;
    }

    private PlatformFileException outOfRange(YamlNode node, String expected) {
        return yaml.error(node, "'" + text(node) + "' is out of range; expected " + expected);
    }

    private static String text(YamlNode node) {
        return ((YamlNode.Scalar) node).text();
    }
}
