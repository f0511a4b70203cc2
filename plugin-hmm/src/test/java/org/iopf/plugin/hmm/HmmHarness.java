package org.iopf.plugin.hmm;

import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.iopf.api.buffer.BufferManager;
import org.iopf.api.platform.Node;
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

    /** A script over two devices of one node. */
    @FunctionalInterface
    interface TwoDeviceScript {
        void run(WorkloadContext context, HmmDevice gpu0, HmmDevice gpu1);
    }

    /**
     * Runs {@code script} against one node with two {@code hmm-device}s, {@code gpu0} and
     * {@code gpu1} (the Linux HMM self-test's {@code hmm2} cases), each found by its name.
     */
    static Outcome runTwo(String deviceParams, String memory, TwoDeviceScript script) {
        String devices = "    gpu0: {type: hmm-device, params: {" + deviceParams + "}}\n"
                + "    gpu1: {type: hmm-device, params: {" + deviceParams + "}}\n";
        return run(devices, memory, context -> {
            Node node = context.requireNode("node1");
            script.run(context, (HmmDevice) node.requireComponent("gpu0", BufferManager.class),
                    (HmmDevice) node.requireComponent("gpu1", BufferManager.class));
        });
    }

    static Outcome run(String deviceParams, String memory, BiConsumer<WorkloadContext, HmmDevice> script) {
        return run("    gpu: {type: hmm-device, params: {" + deviceParams + "}}\n", memory, context -> script.accept(
                context, (HmmDevice) context.requireNode("node1").requireRole(BufferManager.class)));
    }

    private static Outcome run(String devices, String memory, Consumer<WorkloadContext> script) {
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
                return () -> script.accept(context);
            }
        }, "test");
        String yaml = "name: hmm-test\nnodes:\n  - name: node1\n    cores: [{cluster: cpu, count: 2}]\n"
                + "    memory: " + memory + "\n"
                + devices
                + "workload: {type: hmm-test-script}\n";
        CompletedRun run = new ScenarioRunner(registry).run(new PlatformFileReader(registry).read("test.yaml", yaml));
        return new Outcome(run, RunResult.of(run.scenario(), run.simulation(), run.workload(), run.wallNanos()));
    }
}
