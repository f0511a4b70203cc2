package org.iopf.reference.workload;

import java.util.Map;
import java.util.SortedMap;
import org.iopf.api.workload.WorkloadType;
import org.iopf.core.observe.MetricValue;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.run.DefaultPlatforms;
import org.iopf.core.run.SimWorkloadContext;
import org.iopf.core.run.Simulation;

/** One workload run on the pinned baseline, with its metrics at the end, for the tests. */
final class WorkloadRun {
    static final ExtensionRegistry REGISTRY = ExtensionRegistry.fromClassPath(WorkloadRun.class.getClassLoader());

    final Simulation simulation;
    final SimWorkloadContext context;
    final SortedMap<String, MetricValue> metrics;

    private WorkloadRun(Simulation simulation, SimWorkloadContext context) {
        this.simulation = simulation;
        this.context = context;
        this.metrics = simulation.metrics().snapshot();
    }

    /** Runs the registered workload {@code name} with {@code parameters} on the pinned baseline of {@code seed}. */
    static WorkloadRun of(String name, long seed, Map<String, String> parameters) {
        WorkloadType type = REGISTRY.requireWorkload(name);
        Simulation simulation = Simulation.build(DefaultPlatforms.pinnedBaseline(seed), REGISTRY);
        return new WorkloadRun(simulation, simulation.run(type, parameters));
    }

    /** Runs {@code type} with {@code parameters} on an already built simulation. */
    static WorkloadRun of(Simulation simulation, WorkloadType type, Map<String, String> parameters) {
        return new WorkloadRun(simulation, simulation.run(type, parameters));
    }

    long counter(String name) {
        return ((MetricValue.CounterValue) metrics.get(name)).value();
    }

    long gauge(String name) {
        return ((MetricValue.GaugeValue) metrics.get(name)).value();
    }

    MetricValue.HistogramSummary histogram(String name) {
        return (MetricValue.HistogramSummary) metrics.get(name);
    }
}
