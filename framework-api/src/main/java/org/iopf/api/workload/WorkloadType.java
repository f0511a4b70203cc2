package org.iopf.api.workload;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;

import java.util.List;
import org.apiguardian.api.API;
import org.iopf.api.observe.StatisticSpec;
import org.iopf.api.platform.NodeRequirement;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.Parameters;
import org.pf4j.ExtensionPoint;

/**
 * The extension point of workloads: a named traffic or application pattern with documented
 * parameters. Registered like {@link org.iopf.api.platform.ComponentType}: as a PF4J extension or
 * through {@code META-INF/services/org.iopf.api.workload.WorkloadType}.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface WorkloadType extends ExtensionPoint {
    /**
     * The name platform files use ({@code rdma-write-stream}); {@code library:name} when two
     * libraries (plugins) have a workload of that name.
     */
    String name();

    /** One line saying what it does. */
    String description();

    /** Its parameters; none by default. */
    default List<ParameterSpec> parameters() {
        return List.of();
    }

    /**
     * The version of the workload, for {@code iopf components} and each run's {@code config.json}.
     * Empty (the default): the version of the type's library (a plugin's version).
     *
     * @since 0.2
     */
    @API(status = EXPERIMENTAL, since = "0.2")
    default String version() {
        return "";
    }

    /**
     * The statistics it records, under {@code workload.} ({@link StatisticSpec}); empty = not declared, in
     * which case names under its prefix are not checked at validation. A type that declares
     * statistics must declare every one it records.
     *
     * @since 0.1
     */
    default List<StatisticSpec> statistics() {
        return List.of();
    }

    /**
     * What it needs of the nodes its parameters name: roles, capabilities, component types and
     * the memory of its buffers ({@link NodeRequirement}). Checked before the first event of
     * every run and by {@code iopf validate}, with one message naming the parameter; a workload
     * then finds on its nodes what it declared. Default: nothing.
     *
     * @param parameters its parameters, resolved and in range, not null
     * @return one requirement per node parameter (or more), never null
     * @since 0.1
     */
    default List<NodeRequirement> requirements(Parameters parameters) {
        return List.of();
    }

    /** Creates the workload for one run. */
    Workload create(WorkloadContext context);
}
