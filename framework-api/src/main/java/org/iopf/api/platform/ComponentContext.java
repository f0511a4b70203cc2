package org.iopf.api.platform;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.random.RandomGenerator;
import org.apiguardian.api.API;
import org.iopf.api.observe.Metrics;
import org.iopf.api.observe.Tracer;
import org.iopf.api.sim.Resources;
import org.iopf.api.sim.Scheduler;
import org.pf4j.ExtensionPoint;

/**
 * Everything the engine gives one component: who it is, its parameters, and the simulation
 * services it may use. Bound in the component's injector, so a component asks for it in its
 * {@code @Inject} constructor (together with the node services listed in {@link ComponentType}).
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
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

    /**
     * Every extension of {@code point} that the framework knows, for a component that lets users
     * choose a strategy by name (a migration policy, a prefetcher): those on the class path
     * ({@code META-INF/services}) and those of every started plugin, class path first, then by
     * plugin id, each in a stable order. The component picks one and keeps it for the run.
     *
     * <p>The default reads only the class path of {@code point}'s class loader, for contexts made
     * outside the framework (tests).
     *
     * @param point an extension point of the API, not null
     * @param <T> the extension point's type
     * @return fresh list of the extensions, never null
     * @since 0.1
     */
    default <T extends ExtensionPoint> List<T> extensions(Class<T> point) {
        List<T> found = new ArrayList<>();
        ServiceLoader.load(point, point.getClassLoader()).forEach(found::add);
        return found;
    }
}
