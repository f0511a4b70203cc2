package org.iopf.api.platform;

import java.util.random.RandomGenerator;
import org.iopf.api.observe.Metrics;
import org.iopf.api.observe.Tracer;
import org.iopf.api.sim.Resources;
import org.iopf.api.sim.Scheduler;

/**
 * Everything the engine gives one component: who it is, its parameters, and the simulation
 * services it may use. Bound in the component's injector, so a component asks for it in its
 * {@code @Inject} constructor (together with the node services listed in {@link ComponentType}).
 *
 * @since 0.1
 */
public interface ComponentContext {
    /** The node the component belongs to. */
    NodeId node();

    /** The component's name within the node ({@code smmu}, {@code nic0}). */
    String name();

    /** The component's path ({@code node1/smmu}): its metric prefix and random-stream key. */
    default String path() {
        return node().name() + "/" + name();
    }

    /** Its parameters, validated, with defaults. */
    Parameters parameters();

    /** The simulation's scheduler. */
    Scheduler scheduler();

    /** The node's CPU cores and a factory for the component's bandwidth resources. */
    Resources resources();

    /** The component's own random stream, split from the run seed by {@link #path()}. */
    RandomGenerator random();

    /** Metrics under the component's path ({@code node1.smmu.*}). */
    Metrics metrics();

    /** The run's tracer. */
    Tracer tracer();
}
