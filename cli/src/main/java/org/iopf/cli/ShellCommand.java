package org.iopf.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code iopf shell}: the interactive shell, where plugins are hot-loaded. */
@Command(name = "shell", mixinStandardHelpOptions = true,
        description = {"An interactive shell: load, unload and reload plugins, run platform files and inspect "
            + "their results without restarting.",
            "The plugins folder is watched: a zip dropped into it is loaded and its types appear at once."})
final class ShellCommand implements Callable<Integer> {
    @ParentCommand
    IopfCommand parent;

    @Override
    public Integer call() throws Exception {
        try (Shell shell = new Shell(parent.session().host(), parent.env())) {
            shell.watchPluginsFolder();
            shell.interact();
        }
        return ExitCode.OK;
    }
}
