package org.iopf.core.platform;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.iopf.api.observe.StatisticKind;
import org.iopf.api.observe.StatisticSpec;
import org.iopf.api.workload.WorkloadType;

/**
 * The figure names a run of one platform and workload can produce, as far as the types declare
 * them, so that an {@code expect:} or a sweep metric naming a figure no run will have is refused
 * before anything runs, with the nearest name, instead of missing at the end.
 *
 * <p>A name is checked by its owner, read from its first segments:
 * <ul>
 *   <li>{@code NODE.COMPONENT.STAT}: against the statistics the component's type declares
 *       ({@link org.iopf.api.platform.ComponentType#statistics()}); a type that declares none is
 *       not checked below its prefix. {@code NODE.faultQueue.*} is the host's per-node fault queue;
 *   <li>{@code workload.STAT}: against the {@linkplain #STANDARD_WORKLOAD standard workload
 *       statistics} and what the workload type declares; not checked if it declares none;
 *   <li>anything else: the host's own figures, by their first segment ({@code throughput},
 *       {@code latency}, {@code faults}, {@code cpu}, ...).
 * </ul>
 * A histogram statistic {@code S} names the figures {@code S.count}, {@code S.mean}, {@code S.p50},
 * {@code S.p99}, {@code S.p999} and {@code S.max}; a placeholder ({@code {node}}) stands for any one
 * segment.
 */
public final class FigureNames {
    /** The first segments of the figures the host itself computes from every run. */
    static final Set<String> HOST_FIGURES = Set.of("throughput", "bytes", "messages", "errors", "integrity",
            "latency", "faults", "cpu", "memory", "sim", "wall");

    /** Statistics every workload records through the host's workload meter and run context. */
    public static final List<StatisticSpec> STANDARD_WORKLOAD = List.of(
            StatisticSpec.counter("messages", "operations", "operations completed"),
            StatisticSpec.counter("bytes", "bytes", "payload bytes completed"),
            StatisticSpec.counter("errors", "operations", "operations that failed"),
            StatisticSpec.counter("integrity.mismatchedPages", "pages", "pages whose content differs at the end"),
            StatisticSpec.counter("start.residentBytes", "bytes", "memory resident when traffic starts"),
            StatisticSpec.counter("start.pinnedBytes", "bytes", "memory pinned when traffic starts"),
            StatisticSpec.histogram("latency", "ns", "latency of one operation"),
            StatisticSpec.gauge("elapsed", "ns", "time from the start to the last completion"),
            StatisticSpec.gauge("requested", "units", "work the workload was asked to do"),
            StatisticSpec.gauge("completed", "units", "work it completed"));

    private static final String HOST_FAULT_QUEUE = "faultQueue";
    private static final List<String> HISTOGRAM_FIGURES = List.of("count", "mean", "p50", "p99", "p999", "max");

    private final PlatformSpec platform;
    private final ExtensionRegistry registry;
    private final WorkloadType workload;

    /**
     * The names of {@code platform} running {@code workload}.
     *
     * @param registry the types of the platform's components, not null
     */
    public FigureNames(PlatformSpec platform, ExtensionRegistry registry, WorkloadType workload) {
        this.platform = requireNonNull(platform, "platform is null");
        this.registry = requireNonNull(registry, "registry is null");
        this.workload = requireNonNull(workload, "workload is null");
    }

    /** The names of {@code scenario}'s platform running its workload, by the types of {@code registry}. */
    public static FigureNames of(Scenario scenario, ExtensionRegistry registry) {
        return new FigureNames(scenario.platform(), registry, registry.requireWorkload(scenario.workload().type()));
    }

    /**
     * What is wrong with {@code figure} as the name of a figure of this run, if anything:
     * {@code no statistic 'nic0.rx.faultDrop' of ...; did you mean 'rx.faultDrops'?}.
     */
    public Optional<String> problem(String figure) {
        requireNonNull(figure, "figure is null");
        String[] parts = figure.split("\\.", 2);
        String head = parts[0];
        String rest = parts.length > 1 ? parts[1] : "";
        if (head.equals("workload")) {
            if (workload.statistics().isEmpty()) {
                return Optional.empty();
            }
            List<StatisticSpec> declared = new ArrayList<>(STANDARD_WORKLOAD);
            declared.addAll(workload.statistics());
            return unknown(rest, declared, "workload " + workload.name() + " records no statistic '" + shown(rest) + "'");
        }
        Optional<NodeSpec> node = platform.nodes().stream().filter(n -> n.name().equals(head)).findFirst();
        if (node.isPresent()) {
            return componentProblem(node.get(), rest);
        }
        if (HOST_FIGURES.contains(head)) {
            return Optional.empty();
        }
        Set<String> heads = new LinkedHashSet<>(HOST_FIGURES);
        heads.add("workload");
        platform.nodes().forEach(n -> heads.add(n.name()));
        return Optional.of("no figure '" + shown(figure) + "': a figure starts with a node's name, 'workload' or one of "
                + "the host's " + HOST_FIGURES.stream().sorted().toList() + NearestName.hint(head, heads));
    }

    /**
     * The problems of those of {@code figures} (the names a run produced) that their owners' types
     * do not declare: empty when every type that declares statistics declared all it recorded.
     */
    public List<String> undeclared(java.util.Collection<String> figures) {
        List<String> problems = new ArrayList<>();
        for (String figure : figures) {
            problem(figure).ifPresent(problems::add);
        }
        return problems;
    }

    private Optional<String> componentProblem(NodeSpec node, String rest) {
        String[] parts = rest.split("\\.", 2);
        String name = parts[0];
        String stat = parts.length > 1 ? parts[1] : "";
        if (name.equals(HOST_FAULT_QUEUE)) {
            return Optional.empty();
        }
        Optional<ComponentSpec> component = node.components().stream().filter(c -> c.name().equals(name)).findFirst();
        if (component.isEmpty()) {
            List<String> names = new ArrayList<>(node.components().stream().map(ComponentSpec::name).toList());
            names.add(HOST_FAULT_QUEUE);
            return Optional.of("node '" + node.name() + "' has no component '" + shown(name) + "'; its components are "
                    + names + NearestName.hint(name, names));
        }
        List<StatisticSpec> declared = registry.find(component.get().type()).map(r -> r.statistics()).orElse(List.of());
        if (declared.isEmpty()) {
            return Optional.empty();
        }
        return unknown(stat, declared, node.name() + "/" + name + " (" + component.get().type()
                + ") records no statistic '" + shown(stat) + "'");
    }

    private static Optional<String> unknown(String stat, List<StatisticSpec> declared, String problem) {
        List<String> names = new ArrayList<>();
        for (StatisticSpec s : declared) {
            if (matches(s.name(), stat)) {
                return Optional.empty();
            }
            names.add(s.name());
            if (s.kind() == StatisticKind.HISTOGRAM) {
                for (String figure : HISTOGRAM_FIGURES) {
                    if (matches(s.name() + "." + figure, stat)) {
                        return Optional.empty();
                    }
                }
            }
        }
        return Optional.of(problem + NearestName.hint(stat, names)
                + (NearestName.suggest(stat, names).isPresent() ? "" : "; it records " + names));
    }

    /** A name as messages quote it: a very long one cut to its start and its length. */
    private static String shown(String name) {
        return name.length() <= 80 ? name : name.substring(0, 40) + "... (" + name.length() + " characters)";
    }

    /** Whether {@code name} is {@code pattern} with each {@code {placeholder}} one segment. */
    static boolean matches(String pattern, String name) {
        if (pattern.indexOf('{') < 0) {
            return pattern.equals(name);
        }
        String regex = Pattern.quote(pattern).replaceAll("\\{[a-z]+\\}", "\\\\E[^.]+\\\\Q");
        return name.matches(regex);
    }
}
