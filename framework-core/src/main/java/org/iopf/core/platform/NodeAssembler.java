package org.iopf.core.platform;

import com.google.inject.AbstractModule;
import com.google.inject.CreationException;
import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.Module;
import com.google.inject.PrivateModule;
import com.google.inject.Stage;
import com.google.inject.matcher.Matchers;
import com.google.inject.spi.ElementSource;
import com.google.inject.spi.Message;
import com.google.inject.spi.ProvisionListener;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.iopf.api.fabric.Fabric;
import org.iopf.api.fault.FaultHandler;
import org.iopf.api.fault.FaultSink;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.observe.Inspectable;
import org.iopf.api.observe.Metrics;
import org.iopf.api.observe.Tracer;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.NodeId;
import org.iopf.api.platform.Role;
import org.iopf.api.sim.RandomStreams;
import org.iopf.api.sim.Resources;
import org.iopf.api.sim.Scheduler;
import org.iopf.core.node.NodeFaultQueue;
import org.iopf.core.node.SimComponentContext;
import org.iopf.core.node.SimNode;
import org.iopf.core.sim.NodeResources;

/**
 * Builds a node from its components with one Guice child injector per node, under one
 * simulation-wide injector that binds the run-wide services ({@link Scheduler}, {@link Fabric},
 * {@link RandomStreams}, {@link Metrics}, {@link Tracer}). Each component's module is installed in
 * a private scope that binds the component's own {@link ComponentContext} and exposes only the API
 * types of its roles, so components see each other through the roles alone. Both injectors require
 * explicit bindings: Guice then creates no just-in-time binding in the simulation injector for a
 * plugin class (which would pin it there); the node injectors are built in production stage, so
 * every component is created during assembly. Nothing here is static: dropping the simulation
 * drops its injectors, and with them every reference to plugin classes.
 */
public final class NodeAssembler {
    private final ExtensionRegistry registry;
    private final Injector simulation;
    private final Scheduler scheduler;
    private final RandomStreams random;
    private final Metrics metrics;
    private final Tracer tracer;
    private final Map<String, Inspectable> inspectables = new LinkedHashMap<>();

    /** Creates an assembler over the run-wide services, with its own simulation-wide injector. */
    public NodeAssembler(ExtensionRegistry registry, Scheduler scheduler, RandomStreams random, Metrics metrics,
            Tracer tracer, Fabric fabric) {
        this(registry, simulationInjector(scheduler, random, metrics, tracer, fabric));
    }

    /**
     * Creates an assembler whose node injectors are children of {@code simulation}, an injector
     * made by {@link #simulationInjector}.
     */
    public NodeAssembler(ExtensionRegistry registry, Injector simulation) {
        this.registry = Objects.requireNonNull(registry, "registry is null");
        this.simulation = Objects.requireNonNull(simulation, "simulation is null");
        this.scheduler = simulation.getInstance(Scheduler.class);
        this.random = simulation.getInstance(RandomStreams.class);
        this.metrics = simulation.getInstance(Metrics.class);
        this.tracer = simulation.getInstance(Tracer.class);
    }

    /**
     * The simulation-wide injector: binds the run-wide services and nothing else, requires
     * explicit bindings, production stage. Hold it only as long as the simulation.
     */
    public static Injector simulationInjector(Scheduler scheduler, RandomStreams random, Metrics metrics,
            Tracer tracer, Fabric fabric) {
        return Guice.createInjector(Stage.PRODUCTION,
                new SimulationServicesModule(scheduler, random, metrics, tracer, fabric));
    }

    /**
     * Assembles one node. A role may be filled by several components, except the fault handler
     * (the node's fault sink hands every fault to one). The first component declared for a role is
     * the node's default for it: the components that are first for all their roles share one
     * injector, as they always did, and see each other through the roles; each further component
     * gets an injector of its own in which every role it does not fill is the node's default.
     *
     * @throws AssemblyException when the fault handler is filled twice, a needed role is missing, or
     *     a component cannot be created
     * @throws InvalidParameterException when a parameter does not fit its spec
     * @throws IllegalArgumentException when a component type is unknown
     */
    public SimNode assemble(NodeId node, MemoryManager memoryManager, Resources resources, NodeFaultQueue faults,
            List<ComponentSpec> components) {
        Map<Role, ComponentSpec> defaults = new EnumMap<>(Role.class);
        Map<String, ComponentType> types = new LinkedHashMap<>();
        List<ComponentSpec> first = new ArrayList<>();
        List<ComponentSpec> further = new ArrayList<>();
        for (ComponentSpec spec : components) {
            ComponentType type = registry.require(spec.type());
            ComponentSpec handler = defaults.get(Role.FAULT_HANDLER);
            if (handler != null && type.roles().contains(Role.FAULT_HANDLER)) {
                throw new AssemblyException("node '" + node + "': role " + Role.FAULT_HANDLER + " is filled twice, by '"
                        + handler.name() + "' (" + handler.type() + ") and '" + spec.name() + "' (" + spec.type()
                        + "); the node's fault sink hands its faults to one handler");
            }
            boolean shared = type.roles().stream().anyMatch(defaults::containsKey);
            type.roles().forEach(role -> defaults.putIfAbsent(role, spec));
            types.put(spec.name(), type);
            (shared ? further : first).add(spec);
        }
        Map<String, Map<Role, Object>> instances = new LinkedHashMap<>();
        Injector defaultInjector = createInjector(simulation, node,
                modules(node, memoryManager, resources, faults, first, types, List.of()), rolesOf(first, types));
        for (ComponentSpec spec : first) {
            instances.put(spec.name(), instancesOf(defaultInjector, types.get(spec.name())));
        }
        for (ComponentSpec spec : further) {
            ComponentType type = types.get(spec.name());
            List<Module> modules = modules(node, memoryManager, resources, faults, List.of(spec), types,
                    List.of(new DefaultRoles(defaultInjector, type.roles())));
            Injector own = createInjector(simulation, node, modules, rolesOf(List.of(spec), types));
            instances.put(spec.name(), instancesOf(own, type));
        }
        List<SimNode.PlacedComponent> placed = new ArrayList<>();
        for (ComponentSpec spec : components) {
            Map<Role, Object> roles = instances.get(spec.name());
            placed.add(new SimNode.PlacedComponent(spec.name(), spec.type(), roles));
            roles.values().stream().filter(Inspectable.class::isInstance).findFirst()
                    .ifPresent(i -> inspectables.putIfAbsent(node.name() + "/" + spec.name(), (Inspectable) i));
        }
        ComponentSpec handler = defaults.get(Role.FAULT_HANDLER);
        if (handler != null) {
            faults.connect((FaultHandler) instances.get(handler.name()).get(Role.FAULT_HANDLER));
        }
        return new SimNode(node, memoryManager, resources, faults, placed);
    }

    /** The node's services, then one private scope per component of {@code specs}, then {@code extra}. */
    private List<Module> modules(NodeId node, MemoryManager memoryManager, Resources resources, NodeFaultQueue faults,
            List<ComponentSpec> specs, Map<String, ComponentType> types, List<Module> extra) {
        List<Module> modules = new ArrayList<>();
        modules.add(new NodeServicesModule(memoryManager, faults));
        if (resources instanceof NodeResources nodeResources) {
            modules.add(new RollBackFailedCreation(nodeResources));
        }
        for (ComponentSpec spec : specs) {
            ComponentType type = types.get(spec.name());
            String owner = node + "/" + spec.name() + " (" + type.name() + ")";
            ComponentContext context = new SimComponentContext(node, spec.name(),
                    new ResolvedParameters(owner, type.parameters(), spec.parameters()), scheduler, resources,
                    random.stream(node + "/" + spec.name()), metrics.scope(node.name()).scope(spec.name()), tracer,
                    registry::extensions);
            modules.add(new ComponentScope(type, context));
        }
        modules.addAll(extra);
        return modules;
    }

    private static Map<Role, ComponentSpec> rolesOf(List<ComponentSpec> specs, Map<String, ComponentType> types) {
        Map<Role, ComponentSpec> byRole = new EnumMap<>(Role.class);
        for (ComponentSpec spec : specs) {
            types.get(spec.name()).roles().forEach(role -> byRole.putIfAbsent(role, spec));
        }
        return byRole;
    }

    private static Map<Role, Object> instancesOf(Injector injector, ComponentType type) {
        Map<Role, Object> instances = new EnumMap<>(Role.class);
        for (Role role : type.roles()) {
            instances.put(role, injector.getInstance(role.apiType()));
        }
        return instances;
    }

    /**
     * The components assembled so far whose role object implements {@link Inspectable}, by path
     * ({@code node1/smmu}), in assembly order (unmodifiable view).
     */
    public Map<String, Inspectable> inspectables() {
        return java.util.Collections.unmodifiableMap(inspectables);
    }

    private static Injector createInjector(Injector simulation, NodeId node, List<Module> modules,
            Map<Role, ComponentSpec> byRole) {
        try {
            return simulation.createChildInjector(modules);
        } catch (CreationException e) {
            throw new AssemblyException(explain(node, e, byRole), e);
        }
    }

    /** Turns Guice's messages into one that names the node, the role and the component types. */
    private static String explain(NodeId node, CreationException e, Map<Role, ComponentSpec> byRole) {
        String present = byRole.entrySet().stream()
                .map(en -> en.getKey() + "=" + en.getValue().name() + " (" + en.getValue().type() + ")")
                .collect(Collectors.joining(", ", "[", "]"));
        Map<String, String> problems = new LinkedHashMap<>();
        for (Message message : e.getErrorMessages()) {
            String text = message.getMessage() + " " + sourcesOf(message);
            boolean explained = false;
            for (Role role : Role.values()) {
                if (!byRole.containsKey(role) && text.contains(role.apiType().getName())) {
                    problems.put(role.name(), "a component needs role " + role + " (" + role.apiType().getSimpleName()
                            + ") but no component on the node fills it" + requesters(text, byRole));
                    explained = true;
                }
            }
            if (!explained) {
                Throwable cause = message.getCause();
                problems.put(message.getMessage(), cause != null
                        ? "a component failed while being created" + requesters(text, byRole) + ": " + rootMessage(cause)
                        : firstLine(message.getMessage()));
            }
        }
        return "cannot assemble node '" + node + "' with components " + present + ": "
                + String.join("; ", problems.values());
    }

    /** Where Guice says the problem arose: binding sources and the modules that installed them. */
    private static String sourcesOf(Message message) {
        StringBuilder out = new StringBuilder();
        for (Object source : message.getSources()) {
            out.append(source).append(' ');
            if (source instanceof ElementSource element) {
                out.append(String.join(" ", element.getModuleClassNames())).append(' ');
            }
        }
        return out.toString();
    }

    private static String requesters(String guiceText, Map<Role, ComponentSpec> byRole) {
        List<String> names = new ArrayList<>();
        for (ComponentSpec spec : byRole.values()) {
            String label = "'" + spec.name() + "' (" + spec.type() + ")";
            if (!names.contains(label) && mentions(guiceText, spec)) {
                names.add(label);
            }
        }
        return names.isEmpty() ? "" : " (needed by " + String.join(", ", names) + ")";
    }

    private static boolean mentions(String guiceText, ComponentSpec spec) {
        String compact = spec.type().replace("-", "").toLowerCase(java.util.Locale.ROOT);
        return guiceText.toLowerCase(java.util.Locale.ROOT).replace("-", "").contains(compact);
    }

    private static String rootMessage(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return root.getClass().getSimpleName() + ": " + root.getMessage();
    }

    private static String firstLine(String text) {
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }

    /** Binds the run-wide services every component may inject, in the simulation injector. */
    private static final class SimulationServicesModule extends AbstractModule {
        private final Scheduler scheduler;
        private final RandomStreams random;
        private final Metrics metrics;
        private final Tracer tracer;
        private final Fabric fabric;

        SimulationServicesModule(Scheduler scheduler, RandomStreams random, Metrics metrics, Tracer tracer,
                Fabric fabric) {
            this.scheduler = Objects.requireNonNull(scheduler, "scheduler is null");
            this.random = Objects.requireNonNull(random, "random is null");
            this.metrics = Objects.requireNonNull(metrics, "metrics is null");
            this.tracer = Objects.requireNonNull(tracer, "tracer is null");
            this.fabric = Objects.requireNonNull(fabric, "fabric is null");
        }

        @Override
        protected void configure() {
            binder().requireExplicitBindings();
            bind(Scheduler.class).toInstance(scheduler);
            bind(RandomStreams.class).toInstance(random);
            bind(Metrics.class).toInstance(metrics);
            bind(Tracer.class).toInstance(tracer);
            bind(Fabric.class).toInstance(fabric);
        }
    }

    /** Binds the node's services that every component may inject, in the node injector. */
    private static final class NodeServicesModule extends AbstractModule {
        private final MemoryManager memoryManager;
        private final FaultSink faults;

        NodeServicesModule(MemoryManager memoryManager, FaultSink faults) {
            this.memoryManager = memoryManager;
            this.faults = faults;
        }

        @Override
        protected void configure() {
            binder().requireExplicitBindings();
            bind(MemoryManager.class).toInstance(memoryManager);
            bind(FaultSink.class).toInstance(faults);
        }
    }

    /**
     * Takes back the resources a component registered while being created if its creation fails,
     * so that Guice's next attempt at the same singleton (another key bound to it) fails for the same
     * reason, not with "already exists", and a failed node leaves nothing behind.
     */
    private static final class RollBackFailedCreation extends AbstractModule {
        private final NodeResources resources;

        RollBackFailedCreation(NodeResources resources) {
            this.resources = resources;
        }

        @Override
        protected void configure() {
            bindListener(Matchers.any(), new ProvisionListener() {
                @Override
                public <T> void onProvision(ProvisionInvocation<T> provision) {
                    int checkpoint = resources.checkpoint();
                    try {
                        provision.provision();
                    } catch (RuntimeException | Error e) {
                        resources.rollBackTo(checkpoint);
                        throw e;
                    }
                }
            });
        }
    }

    /** One component's private scope: its context, its module, and its roles exposed. */
    private static final class ComponentScope extends PrivateModule {
        private final ComponentType type;
        private final ComponentContext context;

        ComponentScope(ComponentType type, ComponentContext context) {
            this.type = type;
            this.context = context;
        }

        @Override
        protected void configure() {
            bind(ComponentContext.class).toInstance(context);
            Module module;
            try {
                module = type.module(context);
            } catch (RuntimeException | LinkageError | AssertionError | StackOverflowError e) {
                // plugin code: its failure, an Error included, is this component's, reported like the others
                addError("component type '%s' could not give its module: %s", type.name(), e);
                return;
            }
            install(module);
            for (Role role : type.roles()) {
                expose(role.apiType());
            }
        }
    }

    /**
     * In the injector of a component that shares a role with an earlier one: every role it does not
     * fill itself is the node's default component for that role, as in the node's first injector.
     */
    private static final class DefaultRoles extends AbstractModule {
        private final Injector defaults;
        private final Set<Role> own;

        DefaultRoles(Injector defaults, Set<Role> own) {
            this.defaults = defaults;
            this.own = own;
        }

        @Override
        protected void configure() {
            for (Role role : Role.values()) {
                if (!own.contains(role) && defaults.getExistingBinding(Key.get(role.apiType())) != null) {
                    bindDefault(role.apiType());
                }
            }
        }

        private <T> void bindDefault(Class<T> apiType) {
            bind(apiType).toProvider(() -> defaults.getInstance(apiType));
        }
    }
}
