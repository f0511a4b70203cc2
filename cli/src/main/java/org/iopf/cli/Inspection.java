package org.iopf.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import org.iopf.core.platform.ComponentSpec;
import org.iopf.core.platform.NearestName;
import org.iopf.core.platform.NodeSpec;
import org.iopf.core.platform.Scenario;
import org.iopf.core.report.Inspections;

/**
 * Prints the views of inspectable components that a run rendered when it ended, for
 * {@code iopf run --inspect node1/smmu[:view]} and the shell's {@code inspect node1/smmu [view]}.
 */
final class Inspection {
    private Inspection() {
    }

    /**
     * Checks that {@code target} ({@code all}, {@code node1/smmu} or {@code node1/smmu:registers})
     * names a component of {@code scenario}, before anything runs.
     */
    static void check(String target, Scenario scenario) {
        if (target.equals("all")) {
            return;
        }
        String path = pathOf(target);
        int slash = path.indexOf('/');
        if (slash < 0) {
            throw new BadInputException("--inspect takes NODE/COMPONENT[:VIEW] or all: '" + target + "'");
        }
        String node = path.substring(0, slash);
        String component = path.substring(slash + 1);
        List<String> nodes = scenario.platform().nodes().stream().map(NodeSpec::name).toList();
        NodeSpec spec = scenario.platform().nodes().stream().filter(n -> n.name().equals(node)).findFirst()
                .orElseThrow(() -> new BadInputException("--inspect " + target + ": no node '" + node + "'; nodes are "
                        + nodes + NearestName.hint(node, nodes)));
        List<String> components = spec.components().stream().map(ComponentSpec::name).toList();
        if (!components.contains(component)) {
            throw new BadInputException("--inspect " + target + ": node '" + node + "' has no component '" + component
                    + "'; its components are " + components + NearestName.hint(component, components));
        }
    }

    /** Prints the views {@code target} asks for. */
    static void print(Inspections inspections, String target, PrintWriter out) {
        if (target.equals("all")) {
            if (inspections.isEmpty()) {
                out.println("no component of this run offers views");
            }
            inspections.all().forEach((path, views) -> views.forEach((view, lines) -> printView(path, view, lines, out)));
            out.flush();
            return;
        }
        String path = pathOf(target);
        String view = target.length() > path.length() ? target.substring(path.length() + 1) : null;
        print(inspections, path, view, out);
    }

    /** Prints one view of the component at {@code path}, or all of its views if {@code view} is null. */
    static void print(Inspections inspections, String path, String view, PrintWriter out) {
        Map<String, List<String>> views = inspections.all().get(path);
        if (views == null) {
            out.println(path + " offers no views" + (inspections.isEmpty() ? "" : "; components with views: "
                    + inspections.components()));
            out.flush();
            return;
        }
        if (view == null) {
            views.forEach((name, lines) -> printView(path, name, lines, out));
        } else if (views.containsKey(view)) {
            printView(path, view, views.get(view), out);
        } else {
            List<String> names = List.copyOf(views.keySet());
            throw new BadInputException(path + " has no view '" + view + "'; its views are " + names
                    + NearestName.hint(view, names));
        }
        out.flush();
    }

    private static void printView(String path, String view, List<String> lines, PrintWriter out) {
        out.println("== " + path + " " + view + " ==");
        lines.forEach(out::println);
    }

    private static String pathOf(String target) {
        int colon = target.indexOf(':');
        return colon < 0 ? target : target.substring(0, colon);
    }
}
