package org.iopf.core.sweep;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A sweep file as read and checked: every point expanded and read like a platform file.
 *
 * @param id a hash of the sweep file's and the base file's contents (16 hex digits)
 * @param name the sweep's name ({@code name:}, or the file's name without {@code .yaml})
 * @param description what it explores; may be empty
 * @param source the sweep file as named
 * @param base the base platform file as found
 * @param replications runs of each point, {@code >= 1}, each with its own seed
 *     ({@link ReplicationSeeds})
 * @param axes the axes in file order (a zipped group's axes one after the other)
 * @param points the points, {@code index} 0, 1, ...
 * @param metrics the figures each run keeps
 * @since 0.1
 */
public record Sweep(String id, String name, String description, String source, String base, int replications,
        List<SweepAxis> axes, List<SweepPoint> points, MetricSelection metrics) {
    /** Checks arguments. */
    public Sweep {
        requireNonNull(id, "id is null");
        requireNonNull(name, "name is null");
        requireNonNull(description, "description is null");
        requireNonNull(source, "source is null");
        requireNonNull(base, "base is null");
        axes = List.copyOf(axes);
        points = List.copyOf(points);
        requireNonNull(metrics, "metrics is null");
        if (replications < 1) {
            throw new IllegalArgumentException("replications must be >= 1: " + replications);
        }
    }

    /** The number of runs: points times replications. */
    public int runs() {
        return points.size() * replications;
    }
}
