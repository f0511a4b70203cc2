package org.iopf.core.platform;

import java.util.Collection;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeMap;
import org.iopf.api.platform.ComponentType;

/**
 * The component types known to a run, by name, with where each came from. Types arrive from the
 * class path through {@link ServiceLoader} and (from the plugin host) from PF4J plugins; two types
 * with one name is an error that names both sources.
 */
public final class ComponentRegistry {
    private final Map<String, Registered> types = new TreeMap<>();

    /** A type and where it came from ({@code class path}, {@code plugin zynq-smmu 0.1.0}). */
    public record Registered(ComponentType type, String source) {
        /** Checks arguments. */
        public Registered {
            Objects.requireNonNull(type, "type is null");
            Objects.requireNonNull(source, "source is null");
        }
    }

    /** A registry of every component type on the class path of {@code loader}. */
    public static ComponentRegistry fromClassPath(ClassLoader loader) {
        ComponentRegistry registry = new ComponentRegistry();
        for (ComponentType type : ServiceLoader.load(ComponentType.class, loader)) {
            registry.register(type, "class path (" + type.getClass().getName() + ")");
        }
        return registry;
    }

    /**
     * Adds a type.
     *
     * @throws IllegalArgumentException if a type of that name is registered already, naming both
     */
    public void register(ComponentType type, String source) {
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
        types.put(type.name(), new Registered(type, source));
    }

    /** Removes every type that came from {@code source}. */
    public void unregisterSource(String source) {
        types.values().removeIf(r -> r.source().equals(source));
    }

    /** The type named {@code name}, if registered. */
    public Optional<ComponentType> find(String name) {
        return Optional.ofNullable(types.get(name)).map(Registered::type);
    }

    /** The type named {@code name}, or an error that lists the known names and suggests the nearest. */
    public ComponentType require(String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException("unknown component type '" + name
                + "'; known types are " + types.keySet() + NearestName.hint(name, types.keySet())));
    }

    /** Every registered type, by name. */
    public Collection<Registered> all() {
        return Collections.unmodifiableCollection(types.values());
    }
}
