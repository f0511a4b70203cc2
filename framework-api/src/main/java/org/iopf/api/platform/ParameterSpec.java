package org.iopf.api.platform;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The documentation of one parameter of a component type, where the type is declared: the host
 * validates platform files against it and prints {@code iopf components} from it.
 *
 * @param name the key in the platform file ({@code tlbEntries})
 * @param type its type and unit
 * @param description what it sets, with its unit
 * @param defaultValue the default as written in a platform file ({@code "200us"}); empty = required
 * @param allowedValues for {@link ParameterType#STRING}, the values allowed; empty = any
 * @param seedSection where the default comes from ({@code "seed 000 §4.2"}), or empty
 * @since 0.1
 */
public record ParameterSpec(String name, ParameterType type, String description, Optional<String> defaultValue,
        List<String> allowedValues, String seedSection) {
    /** Checks arguments. */
    public ParameterSpec {
        Objects.requireNonNull(name, "name is null");
        Objects.requireNonNull(type, "type is null");
        Objects.requireNonNull(description, "description is null");
        Objects.requireNonNull(defaultValue, "defaultValue is null");
        allowedValues = List.copyOf(allowedValues);
        Objects.requireNonNull(seedSection, "seedSection is null");
        if (!name.matches("[a-zA-Z][a-zA-Z0-9_]*")) {
            throw new IllegalArgumentException("parameter name must be an identifier: '" + name + "'");
        }
    }

    /** A parameter with a default. */
    public static ParameterSpec of(String name, ParameterType type, String defaultValue, String description,
            String seedSection) {
        return new ParameterSpec(name, type, description, Optional.of(defaultValue), List.of(), seedSection);
    }

    /** A required parameter (no default). */
    public static ParameterSpec required(String name, ParameterType type, String description) {
        return new ParameterSpec(name, type, description, Optional.empty(), List.of(), "");
    }

    /** A string parameter restricted to {@code allowed}, with a default among them. */
    public static ParameterSpec choice(String name, String defaultValue, List<String> allowed, String description,
            String seedSection) {
        if (!allowed.contains(defaultValue)) {
            throw new IllegalArgumentException("default '" + defaultValue + "' is not among " + allowed);
        }
        return new ParameterSpec(name, ParameterType.STRING, description, Optional.of(defaultValue), allowed,
                seedSection);
    }

    /** Whether the platform file must set it. */
    public boolean isRequired() {
        return defaultValue.isEmpty();
    }
}
