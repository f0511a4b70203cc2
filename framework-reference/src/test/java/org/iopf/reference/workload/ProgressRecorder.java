package org.iopf.reference.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.iopf.api.observe.Metrics;
import org.iopf.api.observe.Tracer;
import org.iopf.api.platform.Node;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.Parameters;
import org.iopf.api.sim.Scheduler;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadType;
import org.iopf.core.run.DefaultPlatforms;
import org.iopf.core.run.Simulation;

/** Runs a workload with a context that records every {@code progress} call. */
final class ProgressRecorder {
    private final List<Long> done = new ArrayList<>();
    private final List<Long> totals = new ArrayList<>();

    static ProgressRecorder run(String name, Map<String, String> parameters) {
        ProgressRecorder recorder = new ProgressRecorder();
        WorkloadType real = WorkloadRun.REGISTRY.requireWorkload(name);
        WorkloadType recording = new WorkloadType() {
            @Override
            public String name() {
                return real.name();
            }

            @Override
            public String description() {
                return real.description();
            }

            @Override
            public List<ParameterSpec> parameters() {
                return real.parameters();
            }

            @Override
            public Workload create(WorkloadContext context) {
                return real.create(recorder.wrap(context));
            }
        };
        Simulation.build(DefaultPlatforms.pinnedBaseline(1), WorkloadRun.REGISTRY).run(recording, parameters);
        return recorder;
    }

    List<Long> done() {
        return done;
    }

    List<Long> totals() {
        return totals;
    }

    private WorkloadContext wrap(WorkloadContext context) {
        return new WorkloadContext() {
            @Override
            public Parameters parameters() {
                return context.parameters();
            }

            @Override
            public Scheduler scheduler() {
                return context.scheduler();
            }

            @Override
            public List<Node> nodes() {
                return context.nodes();
            }

            @Override
            public Optional<Node> node(String name) {
                return context.node(name);
            }

            @Override
            public RandomGenerator random() {
                return context.random();
            }

            @Override
            public Metrics metrics() {
                return context.metrics();
            }

            @Override
            public Tracer tracer() {
                return context.tracer();
            }

            @Override
            public void finish() {
                context.finish();
            }

            @Override
            public void progress(long completed, long total) {
                done.add(completed);
                totals.add(total);
            }
        };
    }
}
