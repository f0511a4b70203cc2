package org.iopf.cli;

import java.util.Objects;
import org.iopf.core.platform.Scenario;
import org.iopf.core.sweep.ReplicationSeeds;
import org.iopf.core.sweep.SweepPoint;

/**
 * One run of a sweep: a point and a replication, with the replication's seed.
 *
 * @param point the point
 * @param replication 0-based
 * @param seed the run's seed ({@link ReplicationSeeds})
 */
record SweepRun(SweepPoint point, int replication, long seed) {
    SweepRun {
        Objects.requireNonNull(point, "point is null");
    }

    /** Replication {@code replication} of {@code point}. */
    static SweepRun of(SweepPoint point, int replication) {
        return new SweepRun(point, replication,
                ReplicationSeeds.seed(point.scenario().platform().seed(), point.id(), replication));
    }

    /** The scenario to run: the point's, with this replication's seed. */
    Scenario scenario() {
        return point.scenario().withSeed(seed);
    }

    /** The key of its row in the results: point id and replication. */
    String key() {
        return point.id() + "/" + replication;
    }
}
