package org.iopf.api.platform;

import static org.apiguardian.api.API.Status.STABLE;

import com.google.inject.Module;
import java.util.List;
import java.util.Set;
import org.apiguardian.api.API;
import org.iopf.api.observe.StatisticSpec;
import org.pf4j.ExtensionPoint;

/**
 * The extension point every component type implements: it names itself, the roles it fills and
 * its parameters (the documentation is the registration), and contributes the Guice module that
 * creates it.
 *
 * <p>Registration: as a PF4J {@code @Extension} in a plugin zip or jar dropped into
 * {@code plugins/}, or through {@code META-INF/services/org.iopf.api.platform.ComponentType} on
 * the class path. Two types with one name is an error.
 *
 * <p>Wiring: the run has one injector for its services and each node a child injector of it; the
 * node builds a private scope per component from {@link #module}; the
 * module binds the API interface of each role in {@link #roles()} (for example
 * {@code bind(Iommu.class).to(Mmu500Iommu.class).in(Scopes.SINGLETON)}), and the node exposes
 * those bindings to the other components of the node. Node injectors require explicit bindings.
 * Available for injection:
 * <ul>
 *   <li>{@link ComponentContext} — this component's identity, parameters and services;</li>
 *   <li>{@link org.iopf.api.mem.MemoryManager} — the node's OS memory manager;</li>
 *   <li>{@link org.iopf.api.fault.FaultSink} — the node's fault queue;</li>
 *   <li>{@link org.iopf.api.fabric.Fabric} — the network joining the nodes;</li>
 *   <li>{@link org.iopf.api.sim.Scheduler} and {@link org.iopf.api.observe.Tracer} — the run's,
 *       the same as the context's;</li>
 *   <li>{@link org.iopf.api.observe.Metrics} and {@link org.iopf.api.sim.RandomStreams} — the
 *       run's roots; prefer the context's metrics (scoped under the component's path) and random
 *       stream (split by the component's path, so that adding a component perturbs no other);</li>
 *   <li>the API interface of every other role present on the node.</li>
 * </ul>
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface ComponentType extends ExtensionPoint {
    /**
     * The type's name as platform files write it ({@code zynq-smmu}); lowercase with dashes. Its
     * library (the plugin id) is its namespace: {@code zynq-smmu:zynq-smmu} names it even when another
     * plugin has a type of the same name.
     */
    String name();

    /** One line saying what the component models. */
    String description();

    /** The roles it fills; at least one. */
    Set<Role> roles();

    /** Its parameters; none by default. */
    default List<ParameterSpec> parameters() {
        return List.of();
    }

    /**
     * The statistics it records, under {@code NODE.COMPONENT.} ({@link StatisticSpec}); empty = not declared, in
     * which case names under its prefix are not checked at validation. A type that declares
     * statistics must declare every one it records.
     *
     * @since 0.1
     */
    default List<StatisticSpec> statistics() {
        return List.of();
    }

    /**
     * What it offers beyond its roles' interfaces, which validation matches against what
     * workloads need ({@link NodeRequirement#capability}). Default:
     * {@link Capability#assumedFor(Set)} its roles (a NIC has verbs, a fault handler resolves
     * faults); a NIC without verbs or a handler that only terminates returns none, a NIC with
     * page-fault support adds {@link Capability#ON_DEMAND_REGISTRATION}.
     *
     * @since 0.1
     */
    default Set<Capability> capabilities() {
        return Capability.assumedFor(roles());
    }

    /**
     * What it needs of its own node beyond the roles it injects (Guice refuses a node that lacks
     * those): a role whose component it reaches only through the node's fault queue, say.
     * Checked before the first event of every run, with one message naming the component.
     * Default: nothing.
     *
     * @param parameters its parameters, resolved and in range, not null
     * @return {@link NodeRequirement#onOwnNode(String)} requirements, never null
     * @since 0.1
     */
    default List<NodeRequirement> requirements(Parameters parameters) {
        return List.of();
    }

    /**
     * The version of the component model, for {@code iopf components} and each run's
     * {@code config.json}. Empty (the default): the version of the type's library, which for a plugin
     * is the plugin's version. A type whose model changes faster than its plugin may declare its own.
     *
     * @since 0.1
     */
    default String version() {
        return "";
    }

    /**
     * The Guice module that binds the API type of every role in {@link #roles()}.
     *
     * @param context the component's context; the engine binds it, the module may read its
     *     parameters to choose bindings
     */
    Module module(ComponentContext context);
}
