package org.iopf.core.platform.file;

import static java.util.Objects.requireNonNull;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.core.platform.InvalidParameterException;
import org.iopf.core.platform.ResolvedParameters;

/**
 * Binds the {@code params:} mapping of a component or workload: every key must be a parameter the
 * type declares, every required parameter must be given, and every value must parse as its
 * parameter's type — checked by {@link ResolvedParameters} exactly as a run will, with its
 * message placed at the value's line.
 */
final class ParametersBinder {
    private final YamlBinder yaml;

    /**
     * A binder reporting through {@code yaml}.
     *
     * @param yaml typed reads and errors of the file, not null
     */
    ParametersBinder(YamlBinder yaml) {
        this.yaml = requireNonNull(yaml, "yaml is null");
    }

    /**
     * The raw values of {@code params}, checked against {@code specs}.
     *
     * @param owner the mapping that holds {@code params:} (a component or the workload)
     * @param typeName the type's name, for messages ({@code premapped-iommu})
     * @param specs the type's parameters
     * @return values as written, by parameter name
     */
    Map<String, String> bind(YamlNode.Mapping owner, String typeName, List<ParameterSpec> specs) {
        return bind(owner, typeName, specs, null);
    }

    /**
     * As {@link #bind(YamlNode.Mapping, String, List)}, and every node-name parameter (given or
     * defaulted) must name one of {@code nodeNames}.
     *
     * @param nodeNames the platform's component names by node name; null to skip that check
     */
    Map<String, String> bind(YamlNode.Mapping owner, String typeName, List<ParameterSpec> specs,
            Map<String, List<String>> nodeNames) {
        Map<String, ParameterSpec> byName = new LinkedHashMap<>();
        for (ParameterSpec spec : specs) {
            byName.put(spec.name(), spec);
        }
        Map<String, String> raw = new LinkedHashMap<>();
        Map<String, YamlNode> nodes = new LinkedHashMap<>();
        YamlNode.Mapping params = owner.get("params").map(
                n -> yaml.mapping(n, "a mapping of parameter names to values")).orElse(null);
        if (params != null) {
            for (YamlNode.Entry entry : params.entries().values()) {
                ParameterSpec spec = byName.get(entry.key());
                if (spec == null) {
                    throw yaml.keyError(params, entry, "unknown parameter of " + typeName + "; expected "
                            + (byName.isEmpty() ? "no parameters" : "one of " + byName.keySet())
                            + YamlBinder.hint(entry.key(), byName.keySet()));
                }
                raw.put(entry.key(), yaml.text(entry.value(), expected(spec)));
                nodes.put(entry.key(), entry.value());
            }
        }
        for (ParameterSpec spec : specs) {
            if (spec.isRequired() && !raw.containsKey(spec.name())) {
                YamlNode at = params != null ? params : owner;
                throw yaml.error(at.mark(), YamlNode.child(YamlNode.child(owner.path(), "params"), spec.name()),
                        "required parameter of " + typeName + " is missing; expected " + expected(spec));
            }
        }
        try {
            ResolvedParameters resolved = new ResolvedParameters(typeName, specs, raw);
            if (nodeNames != null) {
                resolved.requireNodes(nodeNames);
            }
        } catch (InvalidParameterException e) {
            YamlNode at = nodes.getOrDefault(e.parameter(), owner);
            String problem = YamlBinder.withHint(e.problem());
            throw yaml.error(at, problem.contains("; expected") ? problem : problem + "; expected " + expected(byName.get(
                    e.parameter())));
        }
        return raw;
    }

    /** What a value of {@code spec} looks like, for messages. */
    private static String expected(ParameterSpec spec) {
        return spec == null ? "a valid value"
                : ResolvedParameters.expectedValue(spec) + " (" + spec.description() + ")";
    }
}
