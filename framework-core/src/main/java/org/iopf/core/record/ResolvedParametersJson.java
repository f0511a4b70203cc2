package org.iopf.core.record;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.Parameters;
import org.iopf.core.platform.ResolvedParameters;

/**
 * Every parameter of one component or workload as its run resolved it: the value as written (or
 * the default's text), the value in base units for numbers, the unit, and its
 * {@link ParameterOrigin}.
 */
final class ResolvedParametersJson {
    private ResolvedParametersJson() {
    }

    /**
     * Writes into {@code target} one entry per spec of {@code specs}.
     *
     * @param owner for messages, should a value not resolve (it was checked before the run)
     * @param actual the values the run was given
     * @param written the values the platform file wrote for the same component or workload
     */
    static void put(ObjectNode target, String owner, List<ParameterSpec> specs, Map<String, String> actual,
            Map<String, String> written) {
        Parameters resolved = new ResolvedParameters(owner, specs, actual);
        for (ParameterSpec spec : specs) {
            ObjectNode entry = target.putObject(spec.name());
            entry.put("value", actual.getOrDefault(spec.name(), spec.defaultValue().orElse("")));
            switch (spec.type()) {
                case BYTES -> entry.put("base", resolved.bytes(spec.name()));
                case DURATION -> entry.put("base", resolved.duration(spec.name()));
                case SERVICE_TIME -> {
                    entry.put("base", resolved.serviceTime(spec.name()).meanNanos());
                    entry.put("distribution", resolved.serviceTime(spec.name()).toString());
                }
                case DATA_RATE -> entry.put("base", resolved.rate(spec.name()).bytesPerSecond());
                case INTEGER -> entry.put("base", resolved.integer(spec.name()));
                case DECIMAL -> entry.put("base", resolved.decimal(spec.name()));
                case BOOLEAN -> entry.put("base", resolved.flag(spec.name()));
                default -> { }
            }
            entry.put("unit", spec.type().unit());
            entry.put("origin", ParameterOrigin.of(spec.name(), actual, written).label());
        }
    }
}
