package org.iopf.core.observe;

import static java.util.Objects.requireNonNull;

/** Checks and joins hierarchical metric names ({@code node1.smmu.tlb.hits}). */
final class MetricNames {
    private MetricNames() {
    }

    /** Joins {@code prefix} (possibly empty) and a relative {@code name}, checking the name. */
    static String join(String prefix, String name) {
        requireNonNull(name, "name is null");
        if (name.isEmpty() || name.startsWith(".") || name.endsWith(".") || name.contains("..")
                || name.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("invalid metric name '" + name
                    + "': expected dot-separated non-empty segments without spaces");
        }
        return prefix.isEmpty() ? name : prefix + "." + name;
    }
}
