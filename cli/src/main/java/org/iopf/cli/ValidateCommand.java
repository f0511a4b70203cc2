package org.iopf.cli;

import java.util.concurrent.Callable;
import org.iopf.core.platform.NodeSpec;
import org.iopf.core.platform.Scenario;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code iopf validate PLATFORM}: checks a platform file without running it. */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Checks a platform file against the component and workload types known now (class path "
            + "and plugins), assembles its nodes and creates its workload, without running anything; prints "
            + "file:line:column and the path of the first error in the file.")
final class ValidateCommand implements Callable<Integer> {
    @ParentCommand
    IopfCommand parent;

    @Parameters(index = "0", paramLabel = "PLATFORM", description = "The platform file (YAML).")
    String platform;

    @Override
    public Integer call() {
        CliEnvironment env = parent.env();
        ScenarioExecutor executor = new ScenarioExecutor(parent.session().lazyHost(), parent.status(true));
        Scenario scenario = executor.read(env.platformFile(platform));
        executor.check(scenario);
        int components = scenario.platform().nodes().stream().mapToInt(n -> n.components().size()).sum();
        env.out().printf("%s: valid: scenario '%s', %d node(s) %s, %d component(s), workload %s, %d expectation(s)%n",
                scenario.source(), scenario.name(), scenario.platform().nodes().size(),
                scenario.platform().nodes().stream().map(NodeSpec::name).toList(), components,
                scenario.workload().type(), scenario.expectations().size());
        return ExitCode.OK;
    }
}
