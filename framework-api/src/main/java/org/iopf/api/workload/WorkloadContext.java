package org.iopf.api.workload;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.apiguardian.api.API;
import org.iopf.api.observe.Metrics;
import org.iopf.api.observe.Tracer;
import org.iopf.api.platform.ComponentReference;
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

    /**
     * The node a node parameter names ({@code node1}, or {@code node1/nic1}: the node of that
     * component), or an error naming the known nodes.
     */
    default Node requireNode(String reference) {
        String name = ComponentReference.parse(reference).node();
        return node(name).orElseThrow(() -> new IllegalArgumentException("no node '" + name + "'; nodes are "
                + nodes().stream().map(n -> n.id().name()).toList()));
    }

    /**
     * The component a node parameter names for a role: {@code node1} → node1's default component
     * for the role; {@code node1/nic1} → the component {@code nic1} on node1, which must fill it.
     *
     * @since 0.2
     */
    default <T> T requireComponent(String reference, Class<T> apiType) {
        return ComponentReference.parse(reference).resolve(requireNode(reference), apiType);
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
