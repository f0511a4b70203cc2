package org.iopf.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.Scenario;
import org.iopf.core.platform.file.PlatformFileReader;
import org.iopf.core.report.RunResult;
import org.iopf.core.run.CompletedRun;
import org.iopf.core.run.ScenarioRunner;

/**
 * Runs a bundled scenario's text, and variants of it, in-process against the component and
 * workload types of the class path, so that a plugin's test can show its scenarios' expectations
 * failing on a deliberately broken variant (a mechanism switched off) while the file as bundled
 * meets them.
 *
 * @since 0.2
 */
public final class ScenarioVariants {
    private static final ExtensionRegistry REGISTRY =
            ExtensionRegistry.fromClassPath(ScenarioVariants.class.getClassLoader());

    private ScenarioVariants() {
    }

    /** Reads {@code yaml} as the platform file {@code name} and runs it to the end. */
    public static RunResult run(String name, String yaml) {
        Scenario scenario = new PlatformFileReader(REGISTRY).read(name, yaml);
        CompletedRun run = new ScenarioRunner(REGISTRY).run(scenario);
        return RunResult.of(scenario, run.simulation(), run.workload(), run.wallNanos());
    }

    /** The metrics of the expectations {@code result} missed, each once, in the file's order. */
    public static List<String> missed(RunResult result) {
        return result.expectations().outcomes().stream().filter(o -> !o.passed())
                .map(o -> o.expectation().metric()).distinct().toList();
    }

    /** {@code text} with {@code from} replaced by {@code to}, exactly once (so the variant is the one meant). */
    public static String replaceOnce(String text, String from, String to) {
        int at = text.indexOf(from);
        assertThat(at).as("'" + from + "' in the scenario").isNotNegative();
        assertThat(text.indexOf(from, at + 1)).as("'" + from + "' only once").isNegative();
        return text.substring(0, at) + to + text.substring(at + from.length());
    }
}
