package org.iopf.plugin.infinibandnpf;

import java.nio.file.Path;
import java.util.List;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.FigureNames;
import org.iopf.core.platform.Scenario;
import org.iopf.core.platform.file.PlatformFileReader;
import org.iopf.core.report.Figure;
import org.iopf.core.report.RunResult;
import org.iopf.core.run.CompletedRun;
import org.iopf.core.run.ScenarioRunner;

/** Runs platform files with the class-path registry, for the tests. */
final class ScenarioFiles {
    static final ExtensionRegistry REGISTRY = ExtensionRegistry.fromClassPath(ScenarioFiles.class.getClassLoader());

    private ScenarioFiles() {
    }

    /** Reads and runs {@code file} (relative to the module directory). */
    static RunResult run(String file) {
        Scenario scenario = new PlatformFileReader(REGISTRY).read(Path.of(file));
        CompletedRun run = new ScenarioRunner(REGISTRY).run(scenario);
        return RunResult.of(scenario, run.simulation(), run.workload(), run.wallNanos());
    }

    /** Reads and runs a platform given as text. */
    static RunResult runText(String name, String yaml) {
        Scenario scenario = new PlatformFileReader(REGISTRY).read(name, yaml);
        CompletedRun run = new ScenarioRunner(REGISTRY).run(scenario);
        return RunResult.of(scenario, run.simulation(), run.workload(), run.wallNanos());
    }

    /** The figures of {@code result}, a run of {@code file}, that their owners' types do not declare. */
    static List<String> undeclared(String file, RunResult result) {
        Scenario scenario = new PlatformFileReader(REGISTRY).read(Path.of(file));
        return FigureNames.of(scenario, REGISTRY)
                .undeclared(result.figures().stream().map(Figure::name).toList());
    }
}
