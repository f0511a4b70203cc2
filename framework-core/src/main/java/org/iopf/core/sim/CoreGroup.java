package org.iopf.core.sim;

import static java.util.Objects.requireNonNull;

/**
 * A group of identical CPU cores of one cluster, as a platform declares them ({@code a53 x 4}).
 *
 * @param cluster the cluster name ({@code a53}), not blank, without dots
 * @param count the number of cores, {@code >= 1}
 * @since 0.1
 */
public record CoreGroup(String cluster, int count) {
    /** Checks the cluster name and the count. */
    public CoreGroup {
        requireNonNull(cluster, "cluster is null");
        if (cluster.isBlank() || cluster.contains(".")) {
            throw new IllegalArgumentException("cluster name must be non-blank and without dots: '" + cluster + "'");
        }
        if (count < 1) {
            throw new IllegalArgumentException("core count of cluster " + cluster + " must be >= 1: " + count);
        }
    }
}
