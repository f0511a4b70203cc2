package org.iopf.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.core.platform.ComponentSpec;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.NearestName;
import org.iopf.core.platform.NodeSpec;
import org.iopf.core.platform.PlatformSpec;
import org.iopf.core.platform.ResolvedParameters;
import org.iopf.core.platform.Scenario;
import org.iopf.core.platform.WorkloadSpec;
import org.iopf.core.platform.file.PlatformSettings;

/**
 * Parameter values given on the command line ({@code --set workload.messages=8},
 * {@code --set node1.nic0.mtu=2KiB}) in place of the platform file's. Each value is checked
 * against the parameter's spec before anything runs.
 */
final class ScenarioOverrides {
    private ScenarioOverrides() {
    }

    /**
     * {@code scenario} with {@code settings} applied: {@code TARGET.PARAMETER=VALUE} here, and any
     * other path a sweep's axis may name ({@code fabric.link.rate=25Gbps},
     * {@code nodes[0].memory.numa=[8GiB, 8GiB]}, {@code node2.faults.type=demand-paging},
     * {@code workload.type=...}) by reading the scenario's platform file again with those values in
     * place ({@link PlatformSettings}), keeping the scenario's seed unless one sets {@code seed}.
     */
    static Scenario apply(Scenario scenario, List<String> settings, ExtensionRegistry registry) {
        List<String> paths = settings.stream().filter(ScenarioOverrides::isPlatformPath).toList();
        if (!paths.isEmpty()) {
            Scenario reread = new PlatformSettings(registry).read(Path.of(scenario.source()), paths);
            boolean seeded = paths.stream().anyMatch(p -> p.startsWith("seed="));
            scenario = seeded ? reread : reread.withSeed(scenario.platform().seed());
            settings = settings.stream().filter(s -> !isPlatformPath(s)).toList();
        }
        if (settings.isEmpty()) {
            return scenario;
        }
        Map<String, String> workload = new HashMap<>(scenario.workload().parameters());
        Map<String, Map<String, Map<String, String>>> components = new HashMap<>();
        for (String setting : settings) {
            int eq = setting.indexOf('=');
            int dot = setting.lastIndexOf('.', eq < 0 ? setting.length() : eq);
            if (eq < 0 || dot <= 0 || dot > eq) {
                throw new BadInputException("--set takes TARGET.PARAMETER=VALUE (workload.messages=8, "
                        + "node1.nic0.mtu=2KiB), not '" + setting + "'");
            }
            String target = setting.substring(0, dot);
            String name = setting.substring(dot + 1, eq);
            String value = setting.substring(eq + 1);
            if (target.equals("workload")) {
                workload.put(name, value);
            } else {
                String[] parts = target.split("\\.", 2);
                NodeSpec node = node(scenario.platform(), parts[0], setting);
                if (parts.length < 2) {
                    throw new BadInputException("--set " + setting + ": name a component of node '" + node.name()
                            + "' (" + componentNames(node) + "), e.g. " + node.name() + "."
                            + componentNames(node).get(0) + "." + name + "=" + value);
                }
                component(node, parts[1], setting);
                components.computeIfAbsent(node.name(), k -> new HashMap<>())
                        .computeIfAbsent(parts[1], k -> new HashMap<>()).put(name, value);
            }
        }
        List<NodeSpec> nodes = new ArrayList<>();
        for (NodeSpec node : scenario.platform().nodes()) {
            Map<String, Map<String, String>> changed = components.getOrDefault(node.name(), Map.of());
            List<ComponentSpec> specs = new ArrayList<>();
            for (ComponentSpec c : node.components()) {
                Map<String, String> params = new HashMap<>(c.parameters());
                params.putAll(changed.getOrDefault(c.name(), Map.of()));
                check(node.name() + "." + c.name() + " (" + c.type() + ")",
                        registry.require(c.type()).parameters(), params);
                specs.add(new ComponentSpec(c.name(), c.type(), params));
            }
            nodes.add(new NodeSpec(node.name(), node.memory(), node.cores(), specs));
        }
        check("workload (" + scenario.workload().type() + ")",
                registry.requireWorkload(scenario.workload().type()).parameters(), workload);
        PlatformSpec p = scenario.platform();
        return new Scenario(scenario.name(), scenario.description(), scenario.source(),
                new PlatformSpec(p.seed(), p.defaultLink(), p.switchLatencyNanos(), nodes),
                new WorkloadSpec(scenario.workload().type(), workload), scenario.expectations());
    }

    /**
     * Whether {@code setting} names a path other than {@code workload.PARAMETER} and
     * {@code NODE.COMPONENT.PARAMETER}, the forms handled here.
     */
    private static boolean isPlatformPath(String setting) {
        int eq = setting.indexOf('=');
        if (eq < 0) {
            return false;
        }
        String[] parts = setting.substring(0, eq).split("\\.", -1);
        if (setting.substring(0, eq).contains("[") || List.of("seed", "fabric", "nodes").contains(parts[0])) {
            return true;
        }
        if (parts[0].equals("workload")) {
            return parts.length != 2 || List.of("type", "params").contains(parts[1]);
        }
        return parts.length != 3 || List.of("memory", "cores", "name").contains(parts[1])
                || List.of("type", "params").contains(parts[2]);
    }

    private static void check(String owner, List<ParameterSpec> specs, Map<String, String> values) {
        try {
            new ResolvedParameters(owner, specs, values);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--set: " + e.getMessage());
        }
    }

    private static NodeSpec node(PlatformSpec platform, String name, String setting) {
        List<String> names = platform.nodes().stream().map(NodeSpec::name).toList();
        return platform.nodes().stream().filter(n -> n.name().equals(name)).findFirst()
                .orElseThrow(() -> new BadInputException("--set " + setting + ": no node or target '" + name
                        + "'; targets are workload and the nodes " + names
                        + NearestName.hint(name, withWorkload(names))));
    }

    private static void component(NodeSpec node, String name, String setting) {
        List<String> names = componentNames(node);
        if (!names.contains(name)) {
            throw new BadInputException("--set " + setting + ": node '" + node.name() + "' has no component '" + name
                    + "'; its components are " + names + NearestName.hint(name, names));
        }
    }

    private static List<String> componentNames(NodeSpec node) {
        return node.components().stream().map(ComponentSpec::name).toList();
    }

    private static List<String> withWorkload(List<String> names) {
        List<String> all = new ArrayList<>(names);
        all.add("workload");
        return all;
    }
}
