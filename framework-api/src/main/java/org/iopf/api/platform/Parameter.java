package org.iopf.api.platform;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiFunction;
import org.apiguardian.api.API;
import org.iopf.api.sim.DataRate;
import org.iopf.api.sim.ServiceTime;

/**
 * A typed parameter key: a component or workload type declares each of its parameters once, as a
 * constant, and everything else comes from that one declaration — validation of platform files
 * (type, range, step, allowed values), {@code iopf components}, the README tables, and the type's
 * own read of the value ({@link Parameters#get(Parameter)}), so no hand-written settings reader or
 * constructor check repeats it.
 *
 * <pre>{@code
 * static final Parameter<Long> BATCH = Parameter.bytes("batchSize", "bytes migrated per batch")
 *         .byDefault("64MiB").range("4KiB", "64GiB").multipleOf("4KiB").from(Source.seed("003", "F3"));
 * ...
 * long batch = parameters.get(BATCH);
 * }</pre>
 *
 * <p>Each modifier returns a new key; a key is immutable and thread-safe.
 *
 * <p>Stability: experimental.
 *
 * @param <T> the type of its value: {@code Long} for sizes (bytes), durations (ns) and whole
 *     numbers, {@code Integer} for counts that fit an int, {@link DataRate}, {@code Double},
 *     {@code Boolean}, {@code String} for text, choices and node names
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Parameter<T> {
    private final ParameterSpec spec;
    private final BiFunction<Parameters, String, T> reader;

    private Parameter(ParameterSpec spec, BiFunction<Parameters, String, T> reader) {
        this.spec = spec;
        this.reader = reader;
    }

    private static ParameterSpec required(String name, ParameterType type, String description) {
        return ParameterSpec.required(name, type, description);
    }

    /** A size in bytes ({@code 4KiB}); read as a {@code Long} of bytes. */
    public static Parameter<Long> bytes(String name, String description) {
        return new Parameter<>(required(name, ParameterType.BYTES, description), Parameters::bytes);
    }

    /** A duration ({@code 200us}); read as a {@code Long} of nanoseconds. */
    public static Parameter<Long> duration(String name, String description) {
        return new Parameter<>(required(name, ParameterType.DURATION, description), Parameters::duration);
    }

    /**
     * A service time: how long a piece of work or a latency takes, a duration ({@code 200us}) or a
     * distribution ({@code lognormal(200us, 0.3)}, see {@link ServiceTime}); read as a
     * {@link ServiceTime} to draw each occurrence from. Its range bounds the mean.
     *
     * @since 0.2
     */
    public static Parameter<ServiceTime> serviceTime(String name, String description) {
        return new Parameter<>(required(name, ParameterType.SERVICE_TIME, description), Parameters::serviceTime);
    }

    /** A data rate ({@code 10Gbps}, {@code 1GB/s}). */
    public static Parameter<DataRate> rate(String name, String description) {
        return new Parameter<>(required(name, ParameterType.DATA_RATE, description), Parameters::rate);
    }

    /** A whole number, read as a {@code Long}. */
    public static Parameter<Long> integer(String name, String description) {
        return new Parameter<>(required(name, ParameterType.INTEGER, description), Parameters::integer);
    }

    /**
     * A whole number that fits an int (a count of slots, entries, retries), read as an
     * {@code Integer}; give it a {@linkplain #range(long, long) range} within the int's.
     */
    public static Parameter<Integer> count(String name, String description) {
        return new Parameter<>(required(name, ParameterType.INTEGER, description), Parameters::intValue);
    }

    /** A decimal number, read as a {@code Double}. */
    public static Parameter<Double> decimal(String name, String description) {
        return new Parameter<>(required(name, ParameterType.DECIMAL, description), Parameters::decimal);
    }

    /** A flag ({@code true}, {@code false}). */
    public static Parameter<Boolean> flag(String name, String description) {
        return new Parameter<>(required(name, ParameterType.BOOLEAN, description), Parameters::flag);
    }

    /** Free text. */
    public static Parameter<String> text(String name, String description) {
        return new Parameter<>(required(name, ParameterType.STRING, description), Parameters::string);
    }

    /**
     * The name of a node of the platform, or of one component on it ({@code node1/nic1}, see
     * {@link ComponentReference}); validation checks that the node, and the component if named,
     * exist.
     */
    public static Parameter<String> node(String name, String description) {
        return new Parameter<>(required(name, ParameterType.NODE, description), Parameters::string);
    }

    /** Text that must be one of {@code allowed}. */
    public static Parameter<String> choice(String name, String description, String... allowed) {
        if (allowed.length == 0) {
            throw new IllegalArgumentException("choice '" + name + "' needs at least one allowed value");
        }
        ParameterSpec spec = new ParameterSpec(name, ParameterType.STRING, description, Optional.empty(),
                List.copyOf(Arrays.asList(allowed)), "");
        return new Parameter<>(spec, Parameters::string);
    }

    /** The declarations of {@code keys}, in order, as {@link ComponentType#parameters()} returns them. */
    public static List<ParameterSpec> specs(Parameter<?>... keys) {
        return Arrays.stream(keys).map(Parameter::spec).toList();
    }

    /**
     * This key with a default, written as a platform file writes the value ({@code "64MiB"});
     * without one the parameter is required.
     *
     * @throws IllegalArgumentException if this is a choice and the default is not among its values
     */
    public Parameter<T> byDefault(String value) {
        Objects.requireNonNull(value, "value is null");
        if (!spec.allowedValues().isEmpty() && !spec.allowedValues().contains(value)) {
            throw new IllegalArgumentException("default '" + value + "' of '" + spec.name() + "' is not among "
                    + spec.allowedValues());
        }
        return with(new ParameterSpec(spec.name(), spec.type(), spec.description(), Optional.of(value),
                spec.allowedValues(), spec.seedSection(), spec.range(), spec.multipleOf(), spec.source()));
    }

    /** This key admitting only {@code min..max}, both inclusive, written with units ({@code "256B", "4KiB"}). */
    public Parameter<T> range(String min, String max) {
        return with(spec.range(min, max));
    }

    /** This key admitting only the whole numbers {@code min..max}, both inclusive. */
    public Parameter<T> range(long min, long max) {
        return with(spec.range(min, max));
    }

    /** This key admitting only multiples of {@code step} ({@code "4KiB"}, {@code "2"}). */
    public Parameter<T> multipleOf(String step) {
        return with(spec.multipleOf(step));
    }

    /** This key with its default's source. */
    public Parameter<T> from(Source source) {
        return with(spec.from(source));
    }

    private Parameter<T> with(ParameterSpec newSpec) {
        return new Parameter<>(newSpec, reader);
    }

    /** The key in the platform file. */
    public String name() {
        return spec.name();
    }

    /** The declaration validation and {@code iopf components} read. */
    public ParameterSpec spec() {
        return spec;
    }

    /** This parameter's value in {@code parameters} (given or defaulted), already validated. */
    T read(Parameters parameters) {
        return reader.apply(parameters, spec.name());
    }

    @Override
    public String toString() {
        return "Parameter[" + spec.name() + ": " + spec.type() + "]";
    }
}
