package org.iopf.core.platform;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.iopf.api.platform.ComponentReference;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.NodeRequirement;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.workload.WorkloadType;

/**
 * Checks, before the first event, that a platform and a workload can run together: every
 * component's and the workload's parameters (type and range), the node each node parameter names,
 * what each component type needs of its own node ({@link ComponentType#requirements}) and what
 * the workload type needs of the nodes its parameters name ({@link WorkloadType#requirements}):
 * roles, capabilities, component types, and the memory its buffers keep resident and pinned. It
 * builds nothing, so it is cheap.
 *
 * <p>It is the one check every run goes through: the platform file reader calls it (so
 * {@code iopf validate} does), {@link org.iopf.core.run.Simulation} calls it before it creates a
 * workload (every run, after {@code --set} too), and a sweep calls it per point. The first problem
 * found is an {@link InvalidScenarioException} whose path is the platform file's
 * ({@code workload.params.source}, {@code nodes[0].nic0.params.mtu}). Thread-safe if the registry
 * is not changed meanwhile.
 */
public final class ScenarioValidator {
    private final ExtensionRegistry registry;

    /**
     * A validator against the types of {@code registry}.
     *
     * @param registry the known types, not null; read, never changed
     */
    public ScenarioValidator(ExtensionRegistry registry) {
        this.registry = requireNonNull(registry, "registry is null");
    }

    /**
     * Checks {@code scenario}: its platform with its workload; a problem names the scenario's
     * source.
     *
     * @throws InvalidScenarioException for the first problem found
     * @throws IllegalArgumentException if a component or workload type is unknown
     */
    public void validate(Scenario scenario) {
        requireNonNull(scenario, "scenario is null");
        try {
            validate(scenario.platform(), scenario.workload());
            validateFigures(scenario.platform(), scenario.workload(), scenario.expectations());
        } catch (InvalidScenarioException e) {
            throw e.in(scenario.source());
        }
    }

    /**
     * Checks {@code platform} with {@code workload} on it.
     *
     * @throws InvalidScenarioException for the first problem found
     * @throws IllegalArgumentException if a component or workload type is unknown
     */
    public void validate(PlatformSpec platform, WorkloadSpec workload) {
        requireNonNull(workload, "workload is null");
        validateWorkload(platform, registry.requireWorkload(workload.type()), workload.parameters());
    }

    /**
     * Checks that each expectation names a figure a run of {@code workload} on {@code platform}
     * can have, as far as the types declare their statistics ({@link FigureNames}).
     *
     * @throws InvalidScenarioException at {@code expect[i].metric} for the first that cannot
     * @throws IllegalArgumentException if the workload type is unknown
     */
    public void validateFigures(PlatformSpec platform, WorkloadSpec workload, List<Expectation> expectations) {
        FigureNames names = new FigureNames(platform, registry, registry.requireWorkload(workload.type()));
        for (int i = 0; i < expectations.size(); i++) {
            Optional<String> problem = names.problem(expectations.get(i).metric());
            if (problem.isPresent()) {
                throw new InvalidScenarioException("expect[" + i + "].metric", problem.get());
            }
        }
    }

    /**
     * Checks {@code platform} alone: its components' parameters and what they need of their nodes.
     *
     * @throws InvalidScenarioException for the first problem found
     */
    public void validatePlatform(PlatformSpec platform) {
        check(platform, componentDemands(requireNonNull(platform, "platform is null")));
    }

    /**
     * Checks {@code platform} with a workload of {@code type} and raw parameter values on it.
     *
     * @throws InvalidScenarioException for the first problem found
     */
    public void validateWorkload(PlatformSpec platform, WorkloadType type, Map<String, String> parameters) {
        requireNonNull(platform, "platform is null");
        requireNonNull(type, "type is null");
        requireNonNull(parameters, "parameters is null");
        List<NodeDemand> demands = new ArrayList<>(componentDemands(platform));
        demands.addAll(workloadDemands(platform, type, parameters));
        check(platform, demands);
    }

    private void check(PlatformSpec platform, List<NodeDemand> demands) {
        RequirementCheck roles = new RequirementCheck(platform, registry);
        demands.forEach(roles::check);
        MemoryBudget.check(demands);
        ContentHeapBudget.check(demands, Runtime.getRuntime().maxMemory());
    }

    private List<NodeDemand> componentDemands(PlatformSpec platform) {
        List<NodeDemand> demands = new ArrayList<>();
        for (int i = 0; i < platform.nodes().size(); i++) {
            NodeSpec node = platform.nodes().get(i);
            for (ComponentSpec component : node.components()) {
                ComponentType type = registry.require(component.type());
                String path = "nodes[" + i + "]." + component.name();
                ResolvedParameters parameters = resolve(path, node.name() + "/" + component.name() + " ("
                        + type.name() + ")", type.parameters(), component.parameters());
                for (NodeRequirement requirement : declared(path, () -> type.requirements(parameters))) {
                    if (requirement.nodeParameter().isPresent()) {
                        throw new IllegalStateException(type.name() + " declares a requirement on the node of its "
                                + "parameter '" + requirement.nodeParameter().get() + "'; a component type's "
                                + "requirements are on its own node (NodeRequirement.onOwnNode)");
                    }
                    demands.add(new NodeDemand(path, type.name() + " '" + component.name() + "'", Optional.empty(),
                            node, Optional.empty(), requirement));
                }
            }
        }
        return demands;
    }

    private List<NodeDemand> workloadDemands(PlatformSpec platform, WorkloadType type, Map<String, String> raw) {
        List<String> names = platform.nodes().stream().map(NodeSpec::name).toList();
        ResolvedParameters parameters = resolve("workload", "workload (" + type.name() + ")", type.parameters(), raw);
        try {
            parameters.requireNodes(platform.componentNames());
        } catch (InvalidParameterException e) {
            throw new InvalidScenarioException("workload.params." + e.parameter(), e.problem());
        }
        List<NodeDemand> demands = new ArrayList<>();
        for (NodeRequirement requirement : declared("workload", () -> type.requirements(parameters))) {
            String parameter = requirement.nodeParameter().orElseThrow(() -> new IllegalStateException(type.name()
                    + " declares a requirement without a node parameter (NodeRequirement.onOwnNode is for "
                    + "component types)"));
            String path = "workload.params." + parameter;
            ComponentReference reference = ComponentReference.parse(parameters.string(parameter));
            String name = reference.node();
            NodeSpec node = platform.nodes().stream().filter(n -> n.name().equals(name)).findFirst()
                    .orElseThrow(() -> new InvalidScenarioException(path, "no node '" + name
                            + "'; expected one of the platform's nodes " + names + NearestName.hint(name, names)));
            demands.add(new NodeDemand(path, type.name(), Optional.of(parameter), node, reference.component(),
                    requirement));
        }
        return demands;
    }

    /**
     * What a type declares it needs; a combination of parameters it refuses there (an
     * {@link IllegalArgumentException}: {@code pinned} above {@code resident}) is reported at
     * {@code <path>.params}.
     */
    private static List<NodeRequirement> declared(String path, Supplier<List<NodeRequirement>> requirements) {
        try {
            return requirements.get();
        } catch (InvalidScenarioException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new InvalidScenarioException(path + ".params", e.getMessage());
        }
    }

    /** Resolves parameters, a bad one reported at {@code <path>.params.<name>}. */
    private static ResolvedParameters resolve(String path, String owner, List<ParameterSpec> specs,
            Map<String, String> raw) {
        try {
            return new ResolvedParameters(owner, specs, raw);
        } catch (InvalidParameterException e) {
            throw new InvalidScenarioException(path + ".params." + e.parameter(), e.problem());
        }
    }
}
