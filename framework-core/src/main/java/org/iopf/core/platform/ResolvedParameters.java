package org.iopf.core.platform;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import org.iopf.api.platform.ComponentReference;
import org.iopf.api.platform.ParameterRange;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.ParameterType;
import org.iopf.api.platform.Parameters;
import org.iopf.api.platform.Units;
import org.iopf.api.sim.DataRate;
import org.iopf.api.sim.ServiceTime;

/**
 * Parameter values of one component, checked against its type's specs when created: an unknown
 * name (with the nearest valid one), a missing required value, a value that does not parse as its
 * type (or overflows it), or one outside the spec's {@link ParameterRange} is an
 * {@link InvalidParameterException} naming the owner, the parameter, the value and the range.
 */
public final class ResolvedParameters implements Parameters {
    private static final Pattern WHOLE = Pattern.compile("\\s*[-+]?[0-9_]+\\s*");

    private final String owner;
    private final Map<String, ParameterSpec> specs = new LinkedHashMap<>();
    private final Map<String, Object> values = new LinkedHashMap<>();
    private final Map<String, String> explicit;

    /**
     * Resolves raw values (as written in a platform file) against specs.
     *
     * @param owner what the parameters belong to, for messages ({@code node1/smmu (zynq-smmu)})
     * @param parameterSpecs the declared parameters
     * @param raw the values given, by name; may omit parameters that have defaults
     */
    public ResolvedParameters(String owner, List<ParameterSpec> parameterSpecs, Map<String, String> raw) {
        this.owner = Objects.requireNonNull(owner, "owner is null");
        for (ParameterSpec spec : parameterSpecs) {
            specs.put(spec.name(), spec);
        }
        this.explicit = Map.copyOf(raw);
        for (String name : raw.keySet()) {
            if (!specs.containsKey(name)) {
                throw new InvalidParameterException(owner, name, "unknown parameter; known parameters are "
                        + specs.keySet() + NearestName.hint(name, specs.keySet()));
            }
        }
        for (ParameterSpec spec : parameterSpecs) {
            String text = raw.containsKey(spec.name()) ? raw.get(spec.name()) : spec.defaultValue().orElse(null);
            if (text == null) {
                throw new InvalidParameterException(owner, spec.name(),
                        "required parameter is missing (" + spec.type().name().toLowerCase(java.util.Locale.ROOT)
                                + ": " + spec.description() + ")");
            }
            Object value = parse(spec, text);
            checkRange(spec, text, value, raw.containsKey(spec.name()));
            checkStep(spec, text, value, raw.containsKey(spec.name()));
            values.put(spec.name(), value);
        }
    }

    private Object parse(ParameterSpec spec, String text) {
        try {
            return parseValue(spec, text);
        } catch (NumberFormatException e) {
            String problem = WHOLE.matcher(text).matches() ? "too large for a whole number"
                    : "not " + kind(spec.type());
            throw new InvalidParameterException(owner, spec.name(), "'" + text + "' is " + problem + inRange(spec));
        } catch (IllegalArgumentException e) {
            String problem = e.getMessage();
            throw new InvalidParameterException(owner, spec.name(),
                    problem.contains("; expected") ? problem : problem + inRange(spec));
        }
    }

    private static Object parseValue(ParameterSpec spec, String text) {
        return switch (spec.type()) {
            case BYTES -> Units.parseBytes(text);
            case DURATION -> Units.parseDuration(text);
            case SERVICE_TIME -> ServiceTime.parse(text);
            case DATA_RATE -> Units.parseRate(text);
            case INTEGER -> Long.parseLong(text.strip().replace("_", ""));
            case DECIMAL -> parseDecimal(text);
            case BOOLEAN -> parseBoolean(text);
            case STRING -> parseChoice(spec, text);
            case NODE -> parseNodeName(text);
        };
    }

    private static Double parseDecimal(String text) {
        double value = Double.parseDouble(text.strip());
        if (!Double.isFinite(value)) {
            throw new NumberFormatException(text);
        }
        return value;
    }

    /**
     * Refuses a value outside the spec's range, naming the value and the range. A default outside
     * it, or a range that does not parse as the parameter's type, is the type's own bug.
     */
    private void checkRange(ParameterSpec spec, String text, Object value, boolean given) {
        if (spec.range().isEmpty()) {
            return;
        }
        ParameterRange range = spec.range().get();
        Object min = bound(spec, range.min());
        Object max = bound(spec, range.max());
        if (compare(min, max) > 0) {
            throw new IllegalStateException(owner + " declares parameter '" + spec.name() + "' with range " + range
                    + ", whose min is above its max");
        }
        if (compare(value, min) >= 0 && compare(value, max) <= 0) {
            return;
        }
        if (!given) {
            throw new IllegalStateException(owner + " declares parameter '" + spec.name() + "' with default '" + text
                    + "' outside its range " + range);
        }
        throw new InvalidParameterException(owner, spec.name(), "'" + text + "' is out of range" + inRange(spec));
    }

    /** Refuses a value that is not a multiple of the spec's step; a default that is not is the type's bug. */
    private void checkStep(ParameterSpec spec, String text, Object value, boolean given) {
        if (spec.multipleOf().isEmpty()) {
            return;
        }
        Object step = bound(spec, spec.multipleOf().get());
        if (!(step instanceof Long s) || s <= 0) {
            throw new IllegalStateException(owner + " declares parameter '" + spec.name() + "' with step '"
                    + spec.multipleOf().get() + "', which is not positive");
        }
        if ((Long) value % s == 0) {
            return;
        }
        if (!given) {
            throw new IllegalStateException(owner + " declares parameter '" + spec.name() + "' with default '" + text
                    + "' that is not a multiple of " + spec.multipleOf().get());
        }
        throw new InvalidParameterException(owner, spec.name(), "'" + text + "' is not a multiple of "
                + spec.multipleOf().get() + "; expected " + expectedValue(spec));
    }

    private Object bound(ParameterSpec spec, String text) {
        try {
            return parseValue(spec, text);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(owner + " declares parameter '" + spec.name() + "' with a range bound '"
                    + text + "' that is not " + kind(spec.type()), e);
        }
    }

    /** Compares two values of one numeric type: exactly for whole numbers, sizes and durations. */
    private static int compare(Object a, Object b) {
        if (a instanceof Long x && b instanceof Long y) {
            return Long.compare(x, y);
        }
        return Double.compare(magnitude(a), magnitude(b));
    }

    private static double magnitude(Object value) {
        if (value instanceof ServiceTime time) {
            return time.meanNanos();
        }
        return value instanceof DataRate rate ? rate.bytesPerSecond() : ((Number) value).doubleValue();
    }

    /** {@code "; expected a whole number in 0..31"} for a ranged spec, else the empty string. */
    private static String inRange(ParameterSpec spec) {
        return spec.range().isPresent() ? "; expected " + expectedValue(spec) : "";
    }

    /**
     * What a value of {@code spec} looks like, for messages: {@code a whole number in 0..31},
     * {@code a size such as 4KiB}, {@code one of [stall, terminate]}.
     */
    public static String expectedValue(ParameterSpec spec) {
        String step = spec.multipleOf().map(m -> ", a multiple of " + m).orElse("");
        if (spec.range().isPresent()) {
            return kind(spec.type()) + " in " + spec.range().get() + step;
        }
        if (!step.isEmpty()) {
            return kind(spec.type()) + step;
        }
        return switch (spec.type()) {
            case BYTES -> "a size such as 4KiB";
            case DURATION -> "a duration such as 200us";
            case SERVICE_TIME -> "a duration such as 200us or a distribution such as lognormal(200us, 0.3)";
            case DATA_RATE -> "a rate such as 10Gbps";
            case STRING -> spec.allowedValues().isEmpty() ? "text" : "one of " + spec.allowedValues();
            case NODE -> "the name of a node of the platform";
            default -> kind(spec.type());
        };
    }

    /** How messages name a value of {@code type}: {@code a whole number}, {@code a size}. */
    private static String kind(ParameterType type) {
        return switch (type) {
            case BYTES -> "a size";
            case DURATION -> "a duration";
            case SERVICE_TIME -> "a service time (a duration or a distribution whose mean is)";
            case DATA_RATE -> "a rate";
            case INTEGER -> "a whole number";
            case DECIMAL -> "a number";
            case BOOLEAN -> "true or false";
            case STRING -> "text";
            case NODE -> "a node name";
        };
    }

    private static Boolean parseBoolean(String text) {
        return switch (text.strip().toLowerCase(java.util.Locale.ROOT)) {
            case "true", "on", "yes" -> Boolean.TRUE;
            case "false", "off", "no" -> Boolean.FALSE;
            default -> throw new IllegalArgumentException("'" + text + "' is not true or false");
        };
    }

    private static String parseNodeName(String text) {
        if (text.isBlank()) {
            throw new IllegalArgumentException("a node name cannot be blank");
        }
        String reference = text.strip();
        ComponentReference.parse(reference); // a node, or node/component
        return reference;
    }

    private static String parseChoice(ParameterSpec spec, String text) {
        if (!spec.allowedValues().isEmpty() && !spec.allowedValues().contains(text)) {
            throw new IllegalArgumentException("'" + text + "' is not one of " + spec.allowedValues()
                    + NearestName.hint(text, spec.allowedValues()));
        }
        return text;
    }

    @Override
    public boolean isSet(String name) {
        spec(name);
        return explicit.containsKey(name);
    }

    @Override
    public long bytes(String name) {
        return (Long) typed(name, ParameterType.BYTES);
    }

    @Override
    public long duration(String name) {
        return (Long) typed(name, ParameterType.DURATION);
    }

    @Override
    public ServiceTime serviceTime(String name) {
        return (ServiceTime) typed(name, ParameterType.SERVICE_TIME);
    }

    @Override
    public DataRate rate(String name) {
        return (DataRate) typed(name, ParameterType.DATA_RATE);
    }

    @Override
    public long integer(String name) {
        return (Long) typed(name, ParameterType.INTEGER);
    }

    @Override
    public double decimal(String name) {
        return (Double) typed(name, ParameterType.DECIMAL);
    }

    @Override
    public boolean flag(String name) {
        return (Boolean) typed(name, ParameterType.BOOLEAN);
    }

    @Override
    public String string(String name) {
        ParameterType type = spec(name).type();
        return (String) typed(name, type == ParameterType.NODE ? ParameterType.NODE : ParameterType.STRING);
    }

    /**
     * Checks that every {@link ParameterType#NODE} value names one of the platform's nodes, and
     * the component it names there ({@code node1/nic1}) if it names one.
     *
     * @param components each node's component names, by node name, in declaration order
     * @throws InvalidParameterException naming the parameter, the value and the nearest name
     */
    public void requireNodes(Map<String, ? extends java.util.Collection<String>> components) {
        java.util.Collection<String> nodeNames = components.keySet();
        for (ParameterSpec spec : specs.values()) {
            if (spec.type() != ParameterType.NODE) {
                continue;
            }
            String value = (String) values.get(spec.name());
            ComponentReference reference = ComponentReference.parse(value);
            if (!nodeNames.contains(reference.node())) {
                String problem = explicit.containsKey(spec.name()) ? "no node '" + reference.node() + "'"
                        : "parameter '" + spec.name() + "' defaults to '" + value + "', which is no node";
                throw new InvalidParameterException(owner, spec.name(), problem + "; expected one of the platform's nodes "
                        + List.copyOf(nodeNames) + NearestName.hint(reference.node(), nodeNames));
            }
            java.util.Collection<String> present = components.get(reference.node());
            if (reference.component().isPresent() && !present.contains(reference.component().get())) {
                String component = reference.component().get();
                throw new InvalidParameterException(owner, spec.name(), "node '" + reference.node()
                        + "' has no component '" + component + "'; expected one of its components "
                        + List.copyOf(present) + NearestName.hint(component, present));
            }
        }
    }

    /** The resolved values by name, defaults included, for reports. */
    public Map<String, Object> asMap() {
        return java.util.Collections.unmodifiableMap(values);
    }

    private ParameterSpec spec(String name) {
        ParameterSpec spec = specs.get(name);
        if (spec == null) {
            throw new IllegalArgumentException(owner + " declares no parameter '" + name + "'"
                    + NearestName.hint(name, specs.keySet()));
        }
        return spec;
    }

    private Object typed(String name, ParameterType type) {
        ParameterSpec spec = spec(name);
        if (spec.type() != type) {
            throw new IllegalArgumentException(owner + " parameter '" + name + "' is " + spec.type() + ", not " + type);
        }
        return values.get(name);
    }
}
