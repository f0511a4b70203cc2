package org.iopf.cli;

import java.util.List;
import java.util.Optional;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.ParameterType;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadOutcome;
import org.iopf.api.workload.WorkloadType;

/**
 * A test workload that passes every check before the run and, with {@code fail: true}, fails in
 * its first event: how a sweep meets a run that breaks while the others go on.
 */
public final class FailingWorkloadType implements WorkloadType {
    @Override
    public String name() {
        return "test-failing-run";
    }

    @Override
    public String description() {
        return "finishes at 1 us, or throws there with fail: true";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return List.of(ParameterSpec.of("fail", ParameterType.BOOLEAN, "false", "throw in the first event", "test"));
    }

    @Override
    public Workload create(WorkloadContext context) {
        boolean fail = context.parameters().flag("fail");
        return new Workload() {
            @Override
            public void start() {
                context.scheduler().schedule(1_000, () -> {
                    if (fail) {
                        throw new IllegalStateException("deliberate failure at 1 us");
                    }
                    context.finish();
                });
            }

            @Override
            public Optional<WorkloadOutcome> outcome() {
                return Optional.empty();
            }
        };
    }
}
