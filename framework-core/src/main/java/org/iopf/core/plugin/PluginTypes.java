package org.iopf.core.plugin;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;

/**
 * What a plugin declared when it last started from one zip content: its component and workload
 * type names and whether it offers extensions of other extension points. The plugin cache keeps it
 * beside the zip's extraction, so that a later process can leave the plugin unloaded until a
 * platform names one of its types ({@link PluginHost#loadAndStartLazily()}).
 *
 * @param apiVersion the API version of the host that started it; a record made by another is not used
 * @param id the plugin id
 * @param version the plugin version
 * @param componentTypes its component type names, without library
 * @param workloadTypes its workload type names, without library
 * @param otherExtensions whether it offers extensions of other extension points (a migration policy)
 * @since 0.2
 */
public record PluginTypes(String apiVersion, String id, String version, List<String> componentTypes,
        List<String> workloadTypes, boolean otherExtensions) {
    /** Checks arguments and copies the lists. */
    public PluginTypes {
        Objects.requireNonNull(apiVersion, "apiVersion is null");
        Objects.requireNonNull(id, "id is null");
        Objects.requireNonNull(version, "version is null");
        componentTypes = List.copyOf(componentTypes);
        workloadTypes = List.copyOf(workloadTypes);
    }

    /**
     * Whether this plugin declares a type named {@code name}, given as {@code name} or
     * {@code library:name}; a library part that is this plugin's id matches too, so that an
     * unknown type of this library is reported by the plugin's own registry.
     */
    public boolean mayDeclare(String name) {
        int colon = name.indexOf(':');
        if (colon >= 0 && name.substring(0, colon).equals(id)) {
            return true;
        }
        String own = colon >= 0 ? name.substring(colon + 1) : name;
        return componentTypes.contains(own) || workloadTypes.contains(own);
    }

    /** Whether this plugin declares a type with any of {@code names} (see {@link #mayDeclare}). */
    public boolean mayDeclareAny(Collection<String> names) {
        return names.stream().anyMatch(this::mayDeclare);
    }

    /** The record as properties text. */
    String format() {
        Properties p = new Properties();
        p.setProperty("api", apiVersion);
        p.setProperty("id", id);
        p.setProperty("version", version);
        p.setProperty("componentTypes", String.join(",", componentTypes));
        p.setProperty("workloadTypes", String.join(",", workloadTypes));
        p.setProperty("otherExtensions", Boolean.toString(otherExtensions));
        StringWriter out = new StringWriter();
        try {
            p.store(out, "iopf: the types this plugin declared when it started; made again if deleted");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /** Reads a record written by {@link #format()}; empty if any field is missing. */
    static Optional<PluginTypes> parse(Reader in) throws IOException {
        Properties p = new Properties();
        p.load(in);
        String api = p.getProperty("api");
        String id = p.getProperty("id");
        String version = p.getProperty("version");
        String components = p.getProperty("componentTypes");
        String workloads = p.getProperty("workloadTypes");
        String others = p.getProperty("otherExtensions");
        if (api == null || id == null || version == null || components == null || workloads == null || others == null) {
            return Optional.empty();
        }
        return Optional.of(new PluginTypes(api, id, version, names(components), names(workloads),
                Boolean.parseBoolean(others)));
    }

    private static List<String> names(String list) {
        return list.isBlank() ? List.of() : Arrays.stream(list.split(",")).map(String::strip).toList();
    }
}
