package org.iopf.plugin.hmm;

import java.util.function.BiConsumer;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadType;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.file.PlatformFileReader;
import org.iopf.core.report.RunResult;
import org.iopf.core.run.CompletedRun;
import org.iopf.core.run.ScenarioRunner;

/**
 * Runs a scripted workload against one node with an {@code hmm-device} named {@code gpu}, in a
 * real simulation: the script gets the workload context and the device, and calls
 * {@code context.finish()} when done.
 */
final class HmmHarness {
    private HmmHarness() {
    }

    /** The result of a run: its figures and the run itself. */
    record Outcome(CompletedRun run, RunResult result) {
        double figure(String name) {
            return result.value(name).orElseThrow(() -> new AssertionError("no figure " + name + " in "
                    + result.names()));
        }
    }

    static Outcome run(String deviceParams, String memory, BiConsumer<WorkloadContext, HmmDevice> script) {
        ExtensionRegistry registry = ExtensionRegistry.fromClassPath(HmmHarness.class.getClassLoader());
        registry.registerWorkload(new WorkloadType() {
            @Override
            public String name() {
                return "hmm-test-script";
            }

            @Override
            public String description() {
                return "a test's script";
            }

            @Override
            public Workload create(WorkloadContext context) {
                HmmDevice device = (HmmDevice) context.requireNode("node1")
                        .requireRole(org.iopf.api.buffer.BufferManager.class);
                return () -> script.accept(context, device);
            }
        }, "test");
        String yaml = "name: hmm-test\nnodes:\n  - name: node1\n    cores: [{cluster: cpu, count: 2}]\n"
                + "    memory: " + memory + "\n"
                + "    gpu: {type: hmm-device, params: {" + deviceParams + "}}\n"
                + "workload: {type: hmm-test-script}\n";
        CompletedRun run = new ScenarioRunner(registry).run(new PlatformFileReader(registry).read("test.yaml", yaml));
        return new Outcome(run, RunResult.of(run.scenario(), run.simulation(), run.workload(), run.wallNanos()));
    }
}
