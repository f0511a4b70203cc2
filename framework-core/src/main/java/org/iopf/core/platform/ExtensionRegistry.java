package org.iopf.core.platform;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.workload.WorkloadType;

/**
 * The extensions known to a run — component types and workload types — by name, with where each
 * came from. They arrive from the class path through {@link ServiceLoader} and from PF4J plugins
 * (the plugin host registers them under the plugin's id); two extensions of one kind with one name
 * is an error that names both sources.
 *
 * <p>Not thread-safe: the plugin host and the runs that read it share one thread, or the host
 * publishes a fresh copy (see {@link #copy()}).
 */
public final class ExtensionRegistry {
    private final Map<String, Registered> types = new TreeMap<>();
    private final Map<String, RegisteredWorkload> workloads = new TreeMap<>();
    private final List<RegisteredExtension> extensions = new ArrayList<>();
    private ClassLoader classPath;

    /**
     * A component type and where it came from.
     *
     * @param type the type
     * @param source where it came from, for messages ({@code class path (org.x.FooType)},
     *     {@code plugin zynq-smmu 0.1.0})
     * @param pluginId the id of the PF4J plugin that contributed it; empty for the class path
     */
    public record Registered(ComponentType type, String source, Optional<String> pluginId) {
        /** Checks arguments. */
        public Registered {
            Objects.requireNonNull(type, "type is null");
            Objects.requireNonNull(source, "source is null");
            Objects.requireNonNull(pluginId, "pluginId is null");
        }
    }

    /**
     * A workload type and where it came from.
     *
     * @param type the type
     * @param source where it came from, for messages
     * @param pluginId the id of the PF4J plugin that contributed it; empty for the class path
     */
    public record RegisteredWorkload(WorkloadType type, String source, Optional<String> pluginId) {
        /** Checks arguments. */
        public RegisteredWorkload {
            Objects.requireNonNull(type, "type is null");
            Objects.requireNonNull(source, "source is null");
            Objects.requireNonNull(pluginId, "pluginId is null");
        }
    }

    /**
     * An extension of another extension point of the API (a migration policy), contributed by a
     * plugin.
     *
     * @param extension the extension instance
     * @param source where it came from, for messages
     * @param pluginId the plugin it came from
     */
    public record RegisteredExtension(Object extension, String source, Optional<String> pluginId) {
        /** Checks arguments. */
        public RegisteredExtension {
            Objects.requireNonNull(extension, "extension is null");
            Objects.requireNonNull(source, "source is null");
            Objects.requireNonNull(pluginId, "pluginId is null");
        }
    }

    /**
     * A registry of every component and workload type on the class path of {@code loader}; the
     * extensions of other extension points are looked up on that class path when asked for.
     */
    public static ExtensionRegistry fromClassPath(ClassLoader loader) {
        ExtensionRegistry registry = new ExtensionRegistry();
        registry.classPath = loader;
        for (ComponentType type : ServiceLoader.load(ComponentType.class, loader)) {
            registry.register(type, "class path (" + type.getClass().getName() + ")");
        }
        for (WorkloadType type : ServiceLoader.load(WorkloadType.class, loader)) {
            registry.registerWorkload(type, "class path (" + type.getClass().getName() + ")");
        }
        return registry;
    }

    /** A copy holding the same registrations; later changes to either do not show in the other. */
    public ExtensionRegistry copy() {
        ExtensionRegistry copy = new ExtensionRegistry();
        copy.types.putAll(types);
        copy.workloads.putAll(workloads);
        copy.extensions.addAll(extensions);
        copy.classPath = classPath;
        return copy;
    }

    /**
     * Adds a component type from the class path or an embedding program.
     *
     * @throws IllegalArgumentException if a type of that name is registered already, naming both
     */
    public void register(ComponentType type, String source) {
        register(type, source, Optional.empty());
    }

    /**
     * Adds a component type contributed by a plugin (empty {@code pluginId}: not by a plugin).
     *
     * @throws IllegalArgumentException if a type of that name is registered already, naming both
     */
    public void register(ComponentType type, String source, Optional<String> pluginId) {
        Objects.requireNonNull(type, "type is null");
        Registered existing = types.get(type.name());
        if (existing != null) {
            throw new IllegalArgumentException("two component types are named '" + type.name() + "': one from "
                    + existing.source() + ", one from " + source);
        }
        if (type.roles().isEmpty()) {
            throw new IllegalArgumentException("component type '" + type.name() + "' from " + source
                    + " fills no role");
        }
        types.put(type.name(), new Registered(type, source, pluginId));
    }

    /**
     * Adds a workload type from the class path or an embedding program.
     *
     * @throws IllegalArgumentException if a workload type of that name is registered already
     */
    public void registerWorkload(WorkloadType type, String source) {
        registerWorkload(type, source, Optional.empty());
    }

    /**
     * Adds a workload type contributed by a plugin (empty {@code pluginId}: not by a plugin).
     *
     * @throws IllegalArgumentException if a workload type of that name is registered already
     */
    public void registerWorkload(WorkloadType type, String source, Optional<String> pluginId) {
        Objects.requireNonNull(type, "type is null");
        RegisteredWorkload existing = workloads.get(type.name());
        if (existing != null) {
            throw new IllegalArgumentException("two workload types are named '" + type.name() + "': one from "
                    + existing.source() + ", one from " + source);
        }
        workloads.put(type.name(), new RegisteredWorkload(type, source, pluginId));
    }

    /** Removes every component type, workload type and other extension that came from {@code source}. */
    public void unregisterSource(String source) {
        types.values().removeIf(r -> r.source().equals(source));
        workloads.values().removeIf(r -> r.source().equals(source));
        extensions.removeIf(r -> r.source().equals(source));
    }

    /**
     * Adds an extension of another extension point of the API (neither a component nor a workload
     * type), from a plugin.
     */
    public void registerExtension(Object extension, String source, Optional<String> pluginId) {
        extensions.add(new RegisteredExtension(extension, source, pluginId));
    }

    /**
     * Every known extension of {@code point}: those on the class path this registry was made from
     * (fresh instances through {@link ServiceLoader}), then those registered from plugins, in the
     * order they were registered.
     *
     * @param point the extension point, not null
     * @param <T> its type
     * @return a fresh list, never null
     */
    public <T> List<T> extensions(Class<T> point) {
        Objects.requireNonNull(point, "point is null");
        List<T> found = new ArrayList<>();
        if (classPath != null) {
            ServiceLoader.load(point, classPath).forEach(found::add);
        }
        for (RegisteredExtension r : extensions) {
            if (point.isInstance(r.extension())) {
                found.add(point.cast(r.extension()));
            }
        }
        return found;
    }

    /** The component type named {@code name}, if registered. */
    public Optional<ComponentType> find(String name) {
        return Optional.ofNullable(types.get(name)).map(Registered::type);
    }

    /** The registration of the component type named {@code name}, if any. */
    public Optional<Registered> registration(String name) {
        return Optional.ofNullable(types.get(name));
    }

    /** The type named {@code name}, or an error that lists the known names and suggests the nearest. */
    public ComponentType require(String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException("unknown component type '" + name
                + "'; known types are " + types.keySet() + NearestName.hint(name, types.keySet())));
    }

    /** The workload type named {@code name}, if registered. */
    public Optional<WorkloadType> findWorkload(String name) {
        return Optional.ofNullable(workloads.get(name)).map(RegisteredWorkload::type);
    }

    /** The registration of the workload type named {@code name}, if any. */
    public Optional<RegisteredWorkload> workloadRegistration(String name) {
        return Optional.ofNullable(workloads.get(name));
    }

    /** The workload type named {@code name}, or an error that lists the known names and the nearest. */
    public WorkloadType requireWorkload(String name) {
        return findWorkload(name).orElseThrow(() -> new IllegalArgumentException("unknown workload type '" + name
                + "'; known types are " + workloads.keySet() + NearestName.hint(name, workloads.keySet())));
    }

    /** Every registered component type, by name. */
    public Collection<Registered> all() {
        return Collections.unmodifiableCollection(types.values());
    }

    /** Every registered workload type, by name. */
    public Collection<RegisteredWorkload> workloads() {
        return Collections.unmodifiableCollection(workloads.values());
    }

    /** The names of the component types, sorted. */
    public Set<String> componentNames() {
        return Collections.unmodifiableSet(new TreeSet<>(types.keySet()));
    }

    /** The names of the workload types, sorted. */
    public Set<String> workloadNames() {
        return Collections.unmodifiableSet(new TreeSet<>(workloads.keySet()));
    }

    /** The ids of the plugins that contributed the component types named {@code typeNames}. */
    public Set<String> pluginsOf(Collection<String> typeNames) {
        Set<String> ids = new TreeSet<>();
        for (String name : typeNames) {
            Registered r = types.get(name);
            if (r != null) {
                r.pluginId().ifPresent(ids::add);
            }
        }
        return ids;
    }

    /**
     * The plugins that contributed extensions of other extension points ({@link #extensions}): any
     * component may look them up, so a run holds these plugins as well as those of its types.
     *
     * @return the plugin ids, sorted
     */
    public Set<String> pluginsOfOtherExtensions() {
        Set<String> ids = new TreeSet<>();
        for (RegisteredExtension r : extensions) {
            r.pluginId().ifPresent(ids::add);
        }
        return ids;
    }
}
