package org.iopf.core.platform.file;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.iopf.api.mem.ContentMode;
import org.iopf.core.mem.MemoryManagerConfig;
import org.iopf.core.mem.SlitNumaTopology;
import org.iopf.core.platform.MemorySpec;
import org.iopf.core.platform.PlatformLimits;

/**
 * Binds a node's {@code memory:} mapping: NUMA node sizes (multiples of 2 MiB, at most
 * {@link PlatformLimits#MAX_NUMA_NODES} of them, each at most
 * {@link PlatformLimits#MAX_NUMA_NODE_SIZE}), the SLIT distance matrix (square, symmetric, 10 on
 * the diagonal, default 10 local / 20 remote), the content mode and the memory manager's settings
 * (each defaulting to {@link MemoryManagerConfig#defaults()}, fault costs at most
 * {@link PlatformLimits#MAX_LATENCY}).
 */
final class MemoryBinder {
    /** The default memory of a node: 16 GiB. */
    static final long DEFAULT_BYTES = 16L << 30;
    /** The default SLIT distance between two NUMA nodes of a node. */
    static final int DEFAULT_REMOTE_DISTANCE = 20;

    private static final List<String> KEYS = List.of("numa", "distances", "content", "manager");
    private static final List<String> MANAGER_KEYS = List.of("minorFault", "hugePageFault", "swapIn", "lowWatermark",
            "highWatermark", "pinnableLimit", "swap", "thp", "cowFault", "hugeCowFault");
    private static final List<String> CONTENT_MODES = List.of("bytes", "fingerprint");
    private static final int MAX_DISTANCE = 254;

    private final YamlBinder yaml;
    private final BoundedReads bounded;

    /**
     * A binder reporting through {@code yaml}.
     *
     * @param yaml typed reads and errors of the file, not null
     */
    MemoryBinder(YamlBinder yaml) {
        this.yaml = requireNonNull(yaml, "yaml is null");
        this.bounded = new BoundedReads(yaml);
    }

    /** The memory described by {@code node}. */
    MemorySpec bind(YamlNode node) {
        YamlNode.Mapping memory = yaml.mapping(node, "a mapping with numa, distances, content and manager");
        yaml.checkKeys(memory, KEYS, "key of a node's memory");
        List<Long> sizes = memory.get("numa").map(this::sizes).orElse(List.of(DEFAULT_BYTES));
        int[][] distances = memory.get("distances").map(n -> distances(n, sizes.size()))
                .orElse(defaultDistances(sizes.size()));
        ContentMode content = yaml.optional(memory, "content", this::content, ContentMode.BYTES);
        MemoryManagerConfig manager = yaml.optional(memory, "manager", this::manager, MemoryManagerConfig.defaults());
        return new MemorySpec(new SlitNumaTopology(sizes, distances), content, manager);
    }

    private List<Long> sizes(YamlNode node) {
        String expected = "a list of NUMA node sizes such as [16GiB] or [8GiB, 8GiB]";
        YamlNode.Sequence list = yaml.sequence(node, expected);
        if (list.items().isEmpty()) {
            throw yaml.error(list, "found an empty list; expected " + expected);
        }
        if (list.items().size() > PlatformLimits.MAX_NUMA_NODES) {
            throw yaml.error(list, list.items().size() + " NUMA nodes; expected at most "
                    + PlatformLimits.MAX_NUMA_NODES);
        }
        List<Long> sizes = new ArrayList<>();
        for (YamlNode item : list.items()) {
            sizes.add(bounded.numaNodeSize(item));
        }
        return sizes;
    }

    private int[][] distances(YamlNode node, int numaNodes) {
        String expected = "a " + numaNodes + " x " + numaNodes + " matrix, one row per NUMA node";
        YamlNode.Sequence rows = yaml.sequence(node, expected + " such as [[10, 20], [20, 10]]");
        if (rows.items().size() != numaNodes) {
            throw yaml.error(rows, rows.items().size() + " rows for " + numaNodes + " NUMA nodes; expected " + expected);
        }
        int[][] slit = new int[numaNodes][numaNodes];
        YamlNode[][] at = new YamlNode[numaNodes][numaNodes];
        for (int i = 0; i < numaNodes; i++) {
            YamlNode.Sequence row = yaml.sequence(rows.items().get(i), "a row of " + numaNodes + " distances");
            if (row.items().size() != numaNodes) {
                throw yaml.error(row, row.items().size() + " distances in a row for " + numaNodes
                        + " NUMA nodes; expected " + expected);
            }
            for (int j = 0; j < numaNodes; j++) {
                at[i][j] = row.items().get(j);
                slit[i][j] = (int) yaml.integer(at[i][j], SlitNumaTopology.LOCAL_DISTANCE, MAX_DISTANCE,
                        "a SLIT distance from 10 (local) to " + MAX_DISTANCE);
                if (i == j && slit[i][j] != SlitNumaTopology.LOCAL_DISTANCE) {
                    throw yaml.error(at[i][j], "distance " + slit[i][j] + " of NUMA node " + i
                            + " to itself; expected 10 on the diagonal");
                }
                if (j < i && slit[i][j] != slit[j][i]) {
                    throw yaml.error(at[i][j], "distance " + slit[i][j] + " differs from distances[" + j + "][" + i
                            + "] = " + slit[j][i] + "; expected a symmetric matrix");
                }
            }
        }
        return slit;
    }

    private static int[][] defaultDistances(int numaNodes) {
        int[][] slit = new int[numaNodes][numaNodes];
        for (int i = 0; i < numaNodes; i++) {
            for (int j = 0; j < numaNodes; j++) {
                slit[i][j] = i == j ? SlitNumaTopology.LOCAL_DISTANCE : DEFAULT_REMOTE_DISTANCE;
            }
        }
        return slit;
    }

    private ContentMode content(YamlNode node) {
        String text = yaml.text(node, "one of " + CONTENT_MODES);
        if (!CONTENT_MODES.contains(text)) {
            throw yaml.error(node, "unknown content mode '" + text + "'; expected one of " + CONTENT_MODES
                    + YamlBinder.hint(text, CONTENT_MODES));
        }
        return ContentMode.valueOf(text.toUpperCase(Locale.ROOT));
    }

    private MemoryManagerConfig manager(YamlNode node) {
        YamlNode.Mapping m = yaml.mapping(node, "a mapping with " + String.join(", ", MANAGER_KEYS));
        yaml.checkKeys(m, MANAGER_KEYS, "key of the memory manager");
        MemoryManagerConfig d = MemoryManagerConfig.defaults();
        long low = yaml.optional(m, "lowWatermark", yaml::bytes, d.lowWatermarkBytes());
        long high = yaml.optional(m, "highWatermark", yaml::bytes, d.highWatermarkBytes());
        if (high < low) {
            YamlNode at = m.get("highWatermark").orElseGet(() -> m.get("lowWatermark").orElseThrow());
            throw yaml.error(at, "highWatermark " + high + " B is below lowWatermark " + low
                    + " B; expected highWatermark >= lowWatermark");
        }
        return new MemoryManagerConfig(
                yaml.optional(m, "minorFault", bounded::latency, d.minorFaultNanos()),
                yaml.optional(m, "hugePageFault", bounded::latency, d.hugePageFaultNanos()),
                yaml.optional(m, "swapIn", bounded::latency, d.swapInNanos()),
                low, high,
                yaml.optional(m, "pinnableLimit", this::limit, d.pinnableLimitBytes()),
                yaml.optional(m, "swap", yaml::bytes, d.swapBytes()),
                yaml.optional(m, "thp", n -> yaml.flag(n, "true or false"), d.thpEnabled()),
                yaml.optional(m, "cowFault", bounded::latency, d.cowFaultNanos()),
                yaml.optional(m, "hugeCowFault", bounded::latency, d.hugeCowFaultNanos()));
    }

    private long limit(YamlNode node) {
        if (node instanceof YamlNode.Scalar s && "unlimited".equals(s.text())) {
            return Long.MAX_VALUE;
        }
        return yaml.bytes(node);
    }
}
