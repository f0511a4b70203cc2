package org.iopf.core.platform;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The types of one kind (component or workload) by qualified name ({@code hmm:hmm-device}), found
 * by that name or by the type's own name while only one library has a type of that name.
 *
 * @param <R> the registration kept per type
 */
final class TypeIndex<R> {
    /** Simple name first, then library: listings read as before namespaces, libraries side by side. */
    private static final Comparator<String> BY_SIMPLE_NAME =
            Comparator.comparing(Library::simpleName).thenComparing(Comparator.naturalOrder());

    private final String kind;
    private final Function<R, String> sourceOf;
    private final Map<String, R> byQualifiedName = new TreeMap<>(BY_SIMPLE_NAME);

    TypeIndex(String kind, Function<R, String> sourceOf) {
        this.kind = kind;
        this.sourceOf = sourceOf;
    }

    TypeIndex<R> copy() {
        TypeIndex<R> copy = new TypeIndex<>(kind, sourceOf);
        copy.byQualifiedName.putAll(byQualifiedName);
        return copy;
    }

    /** Adds a registration; an existing one of that qualified name is an error naming both sources. */
    void add(String qualifiedName, R registration) {
        R existing = byQualifiedName.get(qualifiedName);
        if (existing != null) {
            throw new IllegalArgumentException("two " + kind + "s are named '" + qualifiedName + "': one from "
                    + sourceOf.apply(existing) + ", one from " + sourceOf.apply(registration));
        }
        byQualifiedName.put(qualifiedName, registration);
    }

    void removeIf(Predicate<R> drop) {
        byQualifiedName.values().removeIf(drop);
    }

    /** The type {@code name} means: a qualified name, or a simple name only one library has. */
    Optional<R> find(String name) {
        if (name.indexOf(Library.SEPARATOR) >= 0) {
            return Optional.ofNullable(byQualifiedName.get(name));
        }
        List<String> candidates = candidates(name);
        return candidates.size() == 1 ? Optional.of(byQualifiedName.get(candidates.get(0))) : Optional.empty();
    }

    /** If {@code name} is a simple name two or more libraries have: why it names no type. */
    Optional<String> ambiguity(String name) {
        List<String> candidates = name.indexOf(Library.SEPARATOR) >= 0 ? List.of() : candidates(name);
        return candidates.size() < 2 ? Optional.empty() : Optional.of(kind + " '" + name + "' is in "
                + candidates.size() + " libraries; write one of " + candidates);
    }

    /** Why {@code name} names no type: ambiguous, or unknown with the nearest name. */
    String whyNot(String name) {
        return ambiguity(name).orElseGet(() -> "unknown " + kind + " '" + name + "'; known types are "
                + simpleNames() + NearestName.hint(name, names()));
    }

    private List<String> candidates(String simpleName) {
        List<String> found = new ArrayList<>();
        for (String qualified : byQualifiedName.keySet()) {
            if (Library.simpleName(qualified).equals(simpleName)) {
                found.add(qualified);
            }
        }
        return found;
    }

    Collection<R> all() {
        return Collections.unmodifiableCollection(byQualifiedName.values());
    }

    /** The simple names, sorted (a name two libraries have appears once). */
    Set<String> simpleNames() {
        Set<String> names = new TreeSet<>();
        byQualifiedName.keySet().forEach(q -> names.add(Library.simpleName(q)));
        return Collections.unmodifiableSet(names);
    }

    /** Every name that finds a type: the qualified ones and the simple ones that are unique. */
    Set<String> names() {
        Set<String> names = new TreeSet<>(byQualifiedName.keySet());
        for (String simple : simpleNames()) {
            if (candidates(simple).size() == 1) {
                names.add(simple);
            }
        }
        return names;
    }
}
