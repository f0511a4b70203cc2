package org.iopf.core.plugin;

import java.util.Objects;
import org.iopf.api.observe.StatisticSpec;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.workload.WorkloadType;

/**
 * Asks a plugin's types once, when it starts, for what the host will later read of them — name,
 * description, roles, parameters — so that a type whose declarations throw or are missing fails
 * its plugin at start instead of every later command.
 */
final class PluginDeclarations {
    private PluginDeclarations() {
    }

    static void check(ComponentType type) {
        String name = nameOf(type.name(), type);
        Objects.requireNonNull(type.description(), () -> "component type '" + name + "' has no description");
        if (type.roles() == null || type.roles().isEmpty()) {
            throw new IllegalStateException("component type '" + name + "' fills no role");
        }
        checkParameters(name, type.parameters());
        checkStatistics(name, type.statistics());
    }

    static void check(WorkloadType type) {
        String name = nameOf(type.name(), type);
        Objects.requireNonNull(type.description(), () -> "workload type '" + name + "' has no description");
        checkParameters(name, type.parameters());
        checkStatistics(name, type.statistics());
    }

    private static void checkStatistics(String typeName, java.util.List<StatisticSpec> statistics) {
        Objects.requireNonNull(statistics, () -> "type '" + typeName + "' returns no statistics list");
        java.util.Set<String> names = new java.util.HashSet<>();
        for (StatisticSpec spec : statistics) {
            Objects.requireNonNull(spec, () -> "type '" + typeName + "' declares a null statistic");
            if (!names.add(spec.name())) {
                throw new IllegalStateException("type '" + typeName + "' declares statistic '" + spec.name()
                        + "' twice");
            }
        }
    }

    private static String nameOf(String name, Object type) {
        if (name == null || name.isBlank()) {
            throw new IllegalStateException(type.getClass().getName() + " has no type name");
        }
        if (!PluginIds.isValid(name)) {
            throw new IllegalStateException(type.getClass().getName() + " has an unusable type name '"
                    + PluginCache.printable(name) + "': " + PluginIds.RULE);
        }
        return name;
    }

    private static void checkParameters(String typeName, java.util.List<ParameterSpec> parameters) {
        Objects.requireNonNull(parameters, () -> "type '" + typeName + "' returns no parameter list");
        for (ParameterSpec spec : parameters) {
            Objects.requireNonNull(spec, () -> "type '" + typeName + "' declares a null parameter");
        }
    }
}
