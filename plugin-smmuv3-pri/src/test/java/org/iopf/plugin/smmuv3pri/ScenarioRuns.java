package org.iopf.plugin.smmuv3pri;

import java.nio.file.Path;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.Scenario;
import org.iopf.core.platform.file.PlatformFileReader;
import org.iopf.core.report.RunResult;
import org.iopf.core.run.CompletedRun;
import org.iopf.core.run.ScenarioRunner;

/** Runs the plugin's scenario files with a class-path registry. */
final class ScenarioRuns {
    static final ExtensionRegistry REGISTRY = ExtensionRegistry.fromClassPath(ScenarioRuns.class.getClassLoader());

    private ScenarioRuns() {
    }

    static Scenario read(String file) {
        return new PlatformFileReader(REGISTRY).read(Path.of("..", "scenarios", file));
    }

    static Scenario readText(String name, String yaml) {
        return new PlatformFileReader(REGISTRY).read(name, yaml);
    }

    static RunResult run(Scenario scenario) {
        CompletedRun run = new ScenarioRunner(REGISTRY).run(scenario);
        return RunResult.of(scenario, run.simulation(), run.workload(), run.wallNanos());
    }
}
