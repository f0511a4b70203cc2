package org.iopf.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.iopf.api.observe.StatisticSpec;
import org.iopf.api.platform.Capability;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.Role;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.NearestName;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code iopf components [NAME]}: every component and workload type known now, with its roles and
 * capabilities, where it came from, its parameters (type, unit, default, range, source) and its declared
 * statistics (kind, unit, meaning, as SST's {@code sst-info} lists an element's) — printed from
 * the types' own declarations, which are also what platform files are validated against.
 */
@Command(name = "components", mixinStandardHelpOptions = true,
        description = "Lists every component type (roles, source, parameters) and every workload type.")
final class ComponentsCommand implements Callable<Integer> {
    @ParentCommand
    IopfCommand parent;

    @Parameters(arity = "0..1", paramLabel = "NAME", description = "Show only this type.")
    String name;

    @Option(names = "--markdown", description = "Print NAME's parameters and statistics as the Markdown tables "
            + "of a plugin README.")
    boolean markdown;

    @Option(names = "--calibrations", description = "Print, as a Markdown table, every parameter whose default was "
            + "calibrated to a published figure, with the scenario it was fitted in (docs/calibration.md carries it).")
    boolean calibrations;

    @Override
    public Integer call() {
        if (calibrations) {
            if (name != null || markdown) {
                throw new BadInputException("--calibrations lists every type; give it no NAME and no --markdown");
            }
            DeclarationTables.calibrations(parent.session().registry()).forEach(parent.env().out()::println);
            parent.env().out().flush();
        } else if (markdown) {
            markdown(parent.session().registry(), name, parent.env().out());
        } else {
            print(parent.session().registry(), name, parent.env().out());
        }
        return ExitCode.OK;
    }

    /** Prints the Markdown tables of the type named {@code only}. */
    static void markdown(ExtensionRegistry registry, String only, PrintWriter out) {
        if (only == null) {
            throw new BadInputException("--markdown needs the NAME of one component or workload type");
        }
        requireKnown(registry, only);
        List<ParameterSpec> parameters = registry.find(only).map(t -> t.parameters())
                .orElseGet(() -> registry.findWorkload(only).orElseThrow().parameters());
        List<StatisticSpec> statistics = registry.find(only).map(t -> t.statistics())
                .orElseGet(() -> registry.findWorkload(only).orElseThrow().statistics());
        DeclarationTables.parameters(parameters).forEach(out::println);
        if (!statistics.isEmpty()) {
            out.println();
            DeclarationTables.statistics(statistics).forEach(out::println);
        }
        out.flush();
    }

    private static void requireKnown(ExtensionRegistry registry, String only) {
        if (registry.find(only).isEmpty() && registry.findWorkload(only).isEmpty()) {
            Optional<String> ambiguous = registry.componentAmbiguity(only).or(() -> registry.workloadAmbiguity(only));
            if (ambiguous.isPresent()) {
                throw new BadInputException(ambiguous.get());
            }
            List<String> all = new java.util.ArrayList<>(registry.componentNames());
            all.addAll(registry.workloadNames());
            throw new BadInputException("no component or workload type '" + only + "'" + NearestName.hint(only, all));
        }
    }

    /** Prints the registry's types, or only the one named {@code only} (null: all). */
    static void print(ExtensionRegistry registry, String only, PrintWriter out) {
        if (only != null) {
            requireKnown(registry, only);
        }
        if (only == null) {
            out.println("Component types (" + registry.all().size() + "):");
        }
        for (ExtensionRegistry.Registered r : registry.all()) {
            if (only == null || registry.registration(only).filter(r::equals).isPresent()) {
                String roles = r.type().roles().stream().map(Role::key).collect(Collectors.joining(", "));
                String offers = r.type().capabilities().stream().map(Capability::label).sorted()
                        .collect(Collectors.joining(", "));
                roles += offers.isEmpty() ? "" : "; offers: " + offers;
                out.printf("%n  %s  [roles: %s]  %s %s, from %s%n", r.type().name(), roles, r.qualifiedName(),
                        r.version(), r.source());
                out.println("    " + r.type().description());
                parameters(r.type().parameters(), out);
                statistics(r.type().statistics(), out);
            }
        }
        if (only == null) {
            out.println();
            out.println("Workload types (" + registry.workloads().size() + "):");
        }
        for (ExtensionRegistry.RegisteredWorkload r : registry.workloads()) {
            if (only == null || registry.workloadRegistration(only).filter(r::equals).isPresent()) {
                out.printf("%n  %s  %s %s, from %s%n", r.type().name(), r.qualifiedName(), r.version(), r.source());
                out.println("    " + r.type().description());
                parameters(r.type().parameters(), out);
                statistics(r.type().statistics(), out);
            }
        }
        out.flush();
    }

    private static void statistics(List<StatisticSpec> specs, PrintWriter out) {
        if (specs.isEmpty()) {
            return;
        }
        out.printf("    %-34s %-10s %-8s %s%n", "statistic", "kind", "unit", "description");
        for (StatisticSpec s : specs) {
            out.printf("    %-34s %-10s %-8s %s%n", s.name(), s.kind().name().toLowerCase(Locale.ROOT), s.unit(),
                    s.description());
        }
    }

    private static void parameters(List<ParameterSpec> specs, PrintWriter out) {
        if (specs.isEmpty()) {
            out.println("    (no parameters)");
            return;
        }
        out.printf("    %-22s %-10s %-12s %-18s %s%n", "parameter", "type", "default", "range", "description");
        for (ParameterSpec p : specs) {
            String type = p.type().name().toLowerCase(Locale.ROOT).replace('_', '-');
            String dflt = p.defaultValue().orElse("(required)");
            String range = p.range().map(Object::toString).orElse("-");
            String text = p.description();
            if (!p.allowedValues().isEmpty()) {
                text += " " + p.allowedValues();
            }
            String source = p.source().describe();
            if (!source.isEmpty()) {
                text += " [" + source + "]";
            }
            out.printf("    %-22s %-10s %-12s %-18s %s%n", p.name(), type, dflt, range, text);
        }
    }
}
