package org.iopf.api.platform;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The documentation of one parameter of a component type, where the type is declared: the host
 * validates platform files against it and prints {@code iopf components} from it.
 *
 * <p>A numeric parameter declares the values it admits with {@link #range(String, String)}
 * ({@code ParameterSpec.of("mtu", BYTES, "4KiB", ...).range("256B", "4KiB")}); without a range
 * only what the value's type holds is checked.
 *
 * @param name the key in the platform file ({@code tlbEntries})
 * @param type its type and unit
 * @param description what it sets, with its unit
 * @param defaultValue the default as written in a platform file ({@code "200us"}); empty = required
 * @param allowedValues for {@link ParameterType#STRING}, the values allowed; empty = any
 * @param seedSection where the default comes from ({@code "seed 000 §4.2"}), or empty
 * @param range for a {@linkplain ParameterType#isNumeric() numeric} type, the values admitted;
 *     empty = any value of the type
 * @param multipleOf for a {@link ParameterType#BYTES} or {@link ParameterType#INTEGER} parameter, the
 *     step every value must be a multiple of ({@code "4KiB"}); empty = any
 * @param source where the default comes from; for a declaration without one,
 *     {@link Source#legacy(String) legacy(seedSection)}
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record ParameterSpec(String name, ParameterType type, String description, Optional<String> defaultValue,
        List<String> allowedValues, String seedSection, Optional<ParameterRange> range, Optional<String> multipleOf,
        Source source) {
    /** Checks arguments. */
    public ParameterSpec {
        Objects.requireNonNull(name, "name is null");
        Objects.requireNonNull(type, "type is null");
        Objects.requireNonNull(description, "description is null");
        Objects.requireNonNull(defaultValue, "defaultValue is null");
        allowedValues = List.copyOf(allowedValues);
        Objects.requireNonNull(seedSection, "seedSection is null");
        Objects.requireNonNull(range, "range is null");
        Objects.requireNonNull(multipleOf, "multipleOf is null");
        Objects.requireNonNull(source, "source is null");
        if (multipleOf.isPresent() && type != ParameterType.BYTES && type != ParameterType.INTEGER) {
            throw new IllegalArgumentException("parameter '" + name + "' is " + type + ", which has no multiple");
        }
        if (!name.matches("[a-zA-Z][a-zA-Z0-9_]*")) {
            throw new IllegalArgumentException("parameter name must be an identifier: '" + name + "'");
        }
        if (range.isPresent() && !type.isNumeric()) {
            throw new IllegalArgumentException("parameter '" + name + "' is " + type + ", which has no range");
        }
    }

    /** A parameter with a range but no step or classified source (the form of API 0.1 before sources). */
    public ParameterSpec(String name, ParameterType type, String description, Optional<String> defaultValue,
            List<String> allowedValues, String seedSection, Optional<ParameterRange> range) {
        this(name, type, description, defaultValue, allowedValues, seedSection, range, Optional.empty(),
                Source.legacy(seedSection));
    }

    /** A parameter without a range (the form of API 0.1 before ranges). */
    public ParameterSpec(String name, ParameterType type, String description, Optional<String> defaultValue,
            List<String> allowedValues, String seedSection) {
        this(name, type, description, defaultValue, allowedValues, seedSection, Optional.empty());
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

    /**
     * This parameter admitting only {@code min..max}, both inclusive, written with units as its
     * values are ({@code range("256B", "4KiB")}, {@code range("0ns", "1s")}).
     *
     * @throws IllegalArgumentException if the type is not numeric or a bound is blank
     */
    public ParameterSpec range(String min, String max) {
        return new ParameterSpec(name, type, description, defaultValue, allowedValues, seedSection,
                Optional.of(new ParameterRange(min, max)), multipleOf, source);
    }

    /**
     * This parameter admitting only the whole numbers (or bytes) {@code min..max}, both inclusive.
     *
     * @throws IllegalArgumentException if the type is not numeric
     */
    public ParameterSpec range(long min, long max) {
        return range(Long.toString(min), Long.toString(max));
    }

    /**
     * This parameter admitting only multiples of {@code step}, written as its values are
     * ({@code multipleOf("4KiB")}); validation refuses other values.
     *
     * @throws IllegalArgumentException if the type is neither bytes nor a whole number, or the step is blank
     */
    public ParameterSpec multipleOf(String step) {
        Objects.requireNonNull(step, "step is null");
        if (step.isBlank()) {
            throw new IllegalArgumentException("a step must not be blank");
        }
        return new ParameterSpec(name, type, description, defaultValue, allowedValues, seedSection, range,
                Optional.of(step), source);
    }

    /** This parameter with its default's source ({@link #seedSection()} becomes its one-line form). */
    public ParameterSpec from(Source newSource) {
        Objects.requireNonNull(newSource, "source is null");
        return new ParameterSpec(name, type, description, defaultValue, allowedValues, newSource.describe(), range,
                multipleOf, newSource);
    }

    /** Whether the platform file must set it. */
    public boolean isRequired() {
        return defaultValue.isEmpty();
    }
}
