package org.iopf.core.platform;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.ParameterType;
import org.iopf.api.platform.Parameters;
import org.iopf.api.platform.Units;
import org.iopf.api.sim.DataRate;

/**
 * Parameter values of one component, checked against its type's specs when created: an unknown
 * name (with the nearest valid one), a missing required value, or a value that does not parse as
 * its type is an {@link InvalidParameterException} naming the owner and the parameter.
 */
public final class ResolvedParameters implements Parameters {
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
            values.put(spec.name(), parse(spec, text));
        }
    }

    private Object parse(ParameterSpec spec, String text) {
        try {
            return switch (spec.type()) {
                case BYTES -> Units.parseBytes(text);
                case DURATION -> Units.parseDuration(text);
                case DATA_RATE -> Units.parseRate(text);
                case INTEGER -> Long.parseLong(text.strip().replace("_", ""));
                case DECIMAL -> Double.parseDouble(text.strip());
                case BOOLEAN -> parseBoolean(text);
                case STRING -> parseChoice(spec, text);
                case NODE -> parseNodeName(text);
            };
        } catch (NumberFormatException e) {
            throw new InvalidParameterException(owner, spec.name(),
                    "'" + text + "' is not " + (spec.type() == ParameterType.INTEGER ? "a whole number" : "a number"));
        } catch (IllegalArgumentException e) {
            throw new InvalidParameterException(owner, spec.name(), e.getMessage());
        }
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
        return text.strip();
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
     * Checks that every {@link ParameterType#NODE} value names one of {@code nodeNames}.
     *
     * @throws InvalidParameterException naming the parameter, the value and the nearest node name
     */
    public void requireNodes(java.util.Collection<String> nodeNames) {
        for (ParameterSpec spec : specs.values()) {
            if (spec.type() == ParameterType.NODE && !nodeNames.contains((String) values.get(spec.name()))) {
                String value = (String) values.get(spec.name());
                String problem = explicit.containsKey(spec.name()) ? "no node '" + value + "'"
                        : "parameter '" + spec.name() + "' defaults to '" + value + "', which is no node";
                throw new InvalidParameterException(owner, spec.name(), problem + "; expected one of the platform's nodes "
                        + nodeNames + NearestName.hint(value, nodeNames));
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
