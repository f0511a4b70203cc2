package org.iopf.core.report;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iopf.api.observe.Inspectable;

/**
 * The text views of a run's inspectable components, rendered when the run ended: by component path
 * ({@code node1/smmu}), then by view ({@code registers}), the view's lines. Plain strings only, so
 * keeping them keeps nothing of the simulation or its plugins alive. A view whose rendering throws
 * holds one line that says so.
 *
 * <p>Immutable.
 *
 * @since 0.1
 */
public final class Inspections {
    /** No inspectable component. */
    public static final Inspections NONE = new Inspections(Map.of());

    private final Map<String, Map<String, List<String>>> views;

    /**
     * Wraps already rendered views.
     *
     * @param views by component path, then view name, the lines; copied, order kept; not null
     */
    public Inspections(Map<String, Map<String, List<String>>> views) {
        requireNonNull(views, "views is null");
        Map<String, Map<String, List<String>>> copy = new LinkedHashMap<>();
        views.forEach((path, byView) -> {
            Map<String, List<String>> inner = new LinkedHashMap<>();
            byView.forEach((view, lines) -> inner.put(view, List.copyOf(lines)));
            copy.put(path, Collections.unmodifiableMap(inner));
        });
        this.views = Collections.unmodifiableMap(copy);
    }

    /** Renders every view of every component in {@code components} (by path, in order). */
    public static Inspections render(Map<String, Inspectable> components) {
        requireNonNull(components, "components is null");
        Map<String, Map<String, List<String>>> all = new LinkedHashMap<>();
        components.forEach((path, component) -> {
            Map<String, List<String>> byView = new LinkedHashMap<>();
            List<String> names;
            try {
                names = List.copyOf(component.views());
            } catch (RuntimeException e) {
                byView.put("views", List.of("(listing the views failed: " + e + ")"));
                all.put(path, byView);
                return;
            }
            for (String view : names) {
                try {
                    byView.put(view, List.copyOf(component.render(view)));
                } catch (RuntimeException e) {
                    byView.put(view, List.of("(rendering failed: " + e + ")"));
                }
            }
            all.put(path, byView);
        });
        return new Inspections(all);
    }

    /** All views: by component path, then view name, the lines (unmodifiable). */
    public Map<String, Map<String, List<String>>> all() {
        return views;
    }

    /** The component paths that have views, in order. */
    public List<String> components() {
        return List.copyOf(views.keySet());
    }

    /** Whether there is no inspectable component. */
    public boolean isEmpty() {
        return views.isEmpty();
    }
}
