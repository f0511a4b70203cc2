package org.iopf.core.node;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;
import org.iopf.api.observe.Metrics;
import org.iopf.api.observe.Tracer;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.NodeId;
import org.iopf.api.platform.Parameters;
import org.iopf.api.sim.Resources;
import org.iopf.api.sim.Scheduler;
import org.pf4j.ExtensionPoint;

/**
 * The context the engine gives one component.
 *
 * @param node the component's node
 * @param name the component's name within the node
 * @param parameters its resolved parameters
 * @param scheduler the simulation's scheduler
 * @param resources the node's resources
 * @param random the component's random stream
 * @param metrics metrics under the component's path
 * @param tracer the run's tracer
 * @param extensionLookup every known extension of an extension point (class path and started
 *     plugins), for {@link #extensions(Class)}
 */
public record SimComponentContext(NodeId node, String name, Parameters parameters, Scheduler scheduler,
        Resources resources, RandomGenerator random, Metrics metrics, Tracer tracer,
        Function<Class<?>, List<?>> extensionLookup) implements ComponentContext {
    /** Checks arguments. */
    public SimComponentContext {
        Objects.requireNonNull(node, "node is null");
        Objects.requireNonNull(name, "name is null");
        Objects.requireNonNull(parameters, "parameters is null");
        Objects.requireNonNull(scheduler, "scheduler is null");
        Objects.requireNonNull(resources, "resources is null");
        Objects.requireNonNull(random, "random is null");
        Objects.requireNonNull(metrics, "metrics is null");
        Objects.requireNonNull(tracer, "tracer is null");
        Objects.requireNonNull(extensionLookup, "extensionLookup is null");
    }

    @Override
    public <T extends ExtensionPoint> List<T> extensions(Class<T> point) {
        Objects.requireNonNull(point, "point is null");
        return extensionLookup.apply(point).stream().map(point::cast).collect(Collectors.toCollection(ArrayList::new));
    }
}
