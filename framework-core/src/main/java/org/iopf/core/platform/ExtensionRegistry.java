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
 * came from. They arrive from the class path through {@link ServiceLoader} and from PF4J plugins.
 * Every type belongs to a {@link Library}: a plugin's types to the library named by the plugin id,
 * a class-path type to the library its jar names. A type is found by {@code library:name}
 * ({@code hmm:hmm-device}) or by its own name while only one library has a type of that name; two
 * types of one kind, library and name is an error that names both sources.
 *
 * <p>Not thread-safe: the plugin host and the runs that read it share one thread, or the host
 * publishes a fresh copy (see {@link #copy()}).
 */
public final class ExtensionRegistry {
    private final TypeIndex<Registered> types;
    private final TypeIndex<RegisteredWorkload> workloads;
    private final List<RegisteredExtension> extensions = new ArrayList<>();
    private ClassLoader classPath;

    /** An empty registry. */
    public ExtensionRegistry() {
        this(new TypeIndex<>("component type", Registered::source),
                new TypeIndex<>("workload type", RegisteredWorkload::source));
    }

    private ExtensionRegistry(TypeIndex<Registered> types, TypeIndex<RegisteredWorkload> workloads) {
        this.types = types;
        this.workloads = workloads;
    }

    /**
     * A component type and where it came from.
     *
     * @param type the type
     * @param source where it came from, for messages ({@code class path (org.x.FooType)},
     *     {@code plugin zynq-smmu 0.1.0})
     * @param pluginId the id of the PF4J plugin that contributed it; empty for the class path
     * @param library its library: the namespace of its qualified name and its default version
     */
    public record Registered(ComponentType type, String source, Optional<String> pluginId, Library library) {
        /** Checks arguments. */
        public Registered {
            Objects.requireNonNull(type, "type is null");
            Objects.requireNonNull(source, "source is null");
            Objects.requireNonNull(pluginId, "pluginId is null");
            Objects.requireNonNull(library, "library is null");
        }

        /** {@code library:name}, the name no other library's type can take ({@code hmm:hmm-device}). */
        public String qualifiedName() {
            return library.qualify(type.name());
        }

        /** The type's own version if it declares one, else its library's. */
        public String version() {
            return versionOf(type.version(), library);
        }
    }

    /**
     * A workload type and where it came from.
     *
     * @param type the type
     * @param source where it came from, for messages
     * @param pluginId the id of the PF4J plugin that contributed it; empty for the class path
     * @param library its library: the namespace of its qualified name and its default version
     */
    public record RegisteredWorkload(WorkloadType type, String source, Optional<String> pluginId, Library library) {
        /** Checks arguments. */
        public RegisteredWorkload {
            Objects.requireNonNull(type, "type is null");
            Objects.requireNonNull(source, "source is null");
            Objects.requireNonNull(pluginId, "pluginId is null");
            Objects.requireNonNull(library, "library is null");
        }

        /** {@code library:name}, the name no other library's workload type can take. */
        public String qualifiedName() {
            return library.qualify(type.name());
        }

        /** The type's own version if it declares one, else its library's. */
        public String version() {
            return versionOf(type.version(), library);
        }
    }

    private static String versionOf(String declared, Library library) {
        return declared == null || declared.isBlank() ? library.version() : declared;
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
        ExtensionRegistry copy = new ExtensionRegistry(types.copy(), workloads.copy());
        copy.extensions.addAll(extensions);
        copy.classPath = classPath;
        return copy;
    }

    /**
     * Adds a component type from the class path or an embedding program; its library is the one its
     * jar names ({@code plugin.properties} or {@code META-INF/iopf/library.properties}).
     *
     * @throws IllegalArgumentException if its library has a type of that name already, naming both
     */
    public void register(ComponentType type, String source) {
        register(type, source, Optional.empty(), ClassPathLibrary.of(type.getClass()));
    }

    /**
     * Adds a component type of {@code library}, contributed by the plugin {@code pluginId} (empty:
     * not by a plugin).
     *
     * @throws IllegalArgumentException if the library has a type of that name already, naming both
     */
    public void register(ComponentType type, String source, Optional<String> pluginId, Library library) {
        Objects.requireNonNull(type, "type is null");
        if (type.roles().isEmpty()) {
            throw new IllegalArgumentException("component type '" + type.name() + "' from " + source
                    + " fills no role");
        }
        Registered registered = new Registered(type, source, pluginId, library);
        types.add(registered.qualifiedName(), registered);
    }

    /**
     * Adds a workload type from the class path or an embedding program (its library as for
     * {@link #register(ComponentType, String)}).
     *
     * @throws IllegalArgumentException if its library has a workload type of that name already
     */
    public void registerWorkload(WorkloadType type, String source) {
        registerWorkload(type, source, Optional.empty(), ClassPathLibrary.of(type.getClass()));
    }

    /**
     * Adds a workload type of {@code library}, contributed by the plugin {@code pluginId} (empty: not
     * by a plugin).
     *
     * @throws IllegalArgumentException if the library has a workload type of that name already
     */
    public void registerWorkload(WorkloadType type, String source, Optional<String> pluginId, Library library) {
        Objects.requireNonNull(type, "type is null");
        RegisteredWorkload registered = new RegisteredWorkload(type, source, pluginId, library);
        workloads.add(registered.qualifiedName(), registered);
    }

    /** Removes every component type, workload type and other extension that came from {@code source}. */
    public void unregisterSource(String source) {
        types.removeIf(r -> r.source().equals(source));
        workloads.removeIf(r -> r.source().equals(source));
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

    /**
     * The component type {@code name} means: {@code library:name}, or a type's own name while only one
     * library has a type of that name; empty if it names none or is ambiguous ({@link #componentAmbiguity}).
     */
    public Optional<ComponentType> find(String name) {
        return registration(name).map(Registered::type);
    }

    /** The registration of the component type {@code name} means, if any (as {@link #find}). */
    public Optional<Registered> registration(String name) {
        return types.find(name);
    }

    /** If {@code name} is a type name two or more libraries have: a message listing the qualified names. */
    public Optional<String> componentAmbiguity(String name) {
        return types.ambiguity(name);
    }

    /** The type {@code name} means, or an error that says why none (unknown, nearest name, ambiguous). */
    public ComponentType require(String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException(types.whyNot(name)));
    }

    /** The workload type {@code name} means, if any (as {@link #find}). */
    public Optional<WorkloadType> findWorkload(String name) {
        return workloadRegistration(name).map(RegisteredWorkload::type);
    }

    /** The registration of the workload type {@code name} means, if any. */
    public Optional<RegisteredWorkload> workloadRegistration(String name) {
        return workloads.find(name);
    }

    /** If {@code name} is a workload name two or more libraries have: a message listing the qualified names. */
    public Optional<String> workloadAmbiguity(String name) {
        return workloads.ambiguity(name);
    }

    /** The workload type {@code name} means, or an error that says why none. */
    public WorkloadType requireWorkload(String name) {
        return findWorkload(name).orElseThrow(() -> new IllegalArgumentException(workloads.whyNot(name)));
    }

    /** Every registered component type, by name then library. */
    public Collection<Registered> all() {
        return types.all();
    }

    /** Every registered workload type, by name then library. */
    public Collection<RegisteredWorkload> workloads() {
        return workloads.all();
    }

    /** The names of the component types without their libraries, sorted. */
    public Set<String> componentNames() {
        return types.simpleNames();
    }

    /** Every name that finds a component type: each {@code library:name}, and each own name one library has. */
    public Set<String> componentNamesWithLibraries() {
        return types.names();
    }

    /** Every name that finds a workload type: each {@code library:name}, and each own name one library has. */
    public Set<String> workloadNamesWithLibraries() {
        return workloads.names();
    }

    /** The names of the workload types without their libraries, sorted. */
    public Set<String> workloadNames() {
        return workloads.simpleNames();
    }

    /** The ids of the plugins that contributed the component types named {@code typeNames}. */
    public Set<String> pluginsOf(Collection<String> typeNames) {
        Set<String> ids = new TreeSet<>();
        for (String name : typeNames) {
            types.find(name).flatMap(Registered::pluginId).ifPresent(ids::add);
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
