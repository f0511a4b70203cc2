package org.iopf.api.workload;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.apiguardian.api.API;
import org.iopf.api.observe.Metrics;
import org.iopf.api.observe.Tracer;
import org.iopf.api.platform.Node;
import org.iopf.api.platform.Parameters;
import org.iopf.api.sim.Scheduler;

/**
 * What a workload sees of the running platform.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface WorkloadContext {
    /** The workload's parameters, validated, with defaults. */
    Parameters parameters();

    /** The simulation's scheduler. */
    Scheduler scheduler();

    /** The platform's nodes in declaration order. */
    List<Node> nodes();

    /** The node with this name, if any. */
    Optional<Node> node(String name);

    /** The node with this name, or an error naming the known nodes. */
    default Node requireNode(String name) {
        return node(name).orElseThrow(() -> new IllegalArgumentException("no node '" + name + "'; nodes are "
                + nodes().stream().map(n -> n.id().name()).toList()));
    }

    /** The workload's random stream. */
    RandomGenerator random();

    /** Metrics under {@code workload.*}. */
    Metrics metrics();

    /** The run's tracer. */
    Tracer tracer();

    /** Tells the engine the workload is done; the run ends once pending events allow. */
    void finish();

    /**
     * Reports how far the workload has come, for the progress bar of long runs: {@code done} of
     * {@code total} units (messages, transfers, iterations). Optional; the engine ignores it when
     * nothing displays progress.
     *
     * @param done units completed, {@code 0 <= done <= total}
     * @param total units in the whole run, {@code > 0}
     */
    default void progress(long done, long total) {
    }
}
