package org.iopf.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.iopf.core.plugin.PluginEvent;
import org.iopf.core.plugin.PluginHost;
import org.iopf.core.plugin.PluginWatcher;
import org.iopf.core.report.RunResult;
import org.jline.builtins.Completers;
import org.jline.reader.Completer;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.reader.impl.DefaultParser;
import org.jline.reader.impl.completer.AggregateCompleter;
import org.jline.reader.impl.completer.ArgumentCompleter;
import org.jline.reader.impl.completer.StringsCompleter;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * The interactive shell over one live plugin host: each line is a command ({@code help} lists
 * them), parsed with picocli and run at once; the plugins folder is watched so that a zip dropped
 * into it is loaded while the shell runs. {@link #execute(String)} drives it programmatically (tests,
 * scripts); {@link #interact()} reads lines with JLine on a terminal, or plainly from a pipe.
 *
 * <p>The shell keeps the last run's {@link RunResult} (plain values) for {@code inspect}, never
 * the simulation, so a plugin that ran can be unloaded afterwards.
 */
public final class Shell implements AutoCloseable {
    private final PluginHost host;
    private final CliEnvironment env;
    private final RunCancellation cancellation = new RunCancellation();
    private PluginWatcher watcher;
    private RunResult lastResult;
    private boolean exitRequested;

    /** A shell over {@code host}, printing to {@code env}'s out and err. */
    public Shell(PluginHost host, CliEnvironment env) {
        this.host = Objects.requireNonNull(host, "host is null");
        this.env = Objects.requireNonNull(env, "env is null");
    }

    /** Starts watching the host's plugins folder; events are printed as they happen. */
    public PluginWatcher watchPluginsFolder() {
        if (watcher == null) {
            watcher = host.watch(this::report);
        }
        return watcher;
    }

    private void report(PluginEvent event) {
        String line = "[plugins] " + event.message();
        if (event.kind() == PluginEvent.Kind.LOADED) {
            line += host.plugin(event.pluginId()).map(p -> "; component types " + p.componentTypes()
                    + ", workload types " + p.workloadTypes()).orElse("");
        }
        synchronized (env.out()) {
            env.out().println(line);
            env.out().flush();
        }
    }

    /**
     * Runs one command line.
     *
     * @return the command's exit code (0 ok, 1 expectation missed, 2 bad input)
     */
    public int execute(String line) {
        List<String> words = new DefaultParser().parse(line, line.length()).words().stream()
                .filter(w -> !w.isEmpty()).toList();
        if (words.isEmpty()) {
            return 0;
        }
        synchronized (this) {
            int code = IopfMain.commandLine(new ShellCommands(this), env)
                    .execute(words.toArray(String[]::new));
            env.out().flush();
            env.err().flush();
            return code;
        }
    }

    /** Reads and runs commands until {@code exit} or end of input. */
    public void interact() throws IOException {
        if (System.console() != null) {
            try (Terminal terminal = TerminalBuilder.builder().system(true).build()) {
                LineReader reader = LineReaderBuilder.builder().terminal(terminal).appName("iopf")
                        .completer(completer()).build();
                // while a command runs, Ctrl-C cancels it; at the prompt JLine turns it into UserInterruptException
                terminal.handle(Terminal.Signal.INT, signal -> cancelRunningSimulation());
                env.out().println("iopf shell — 'help' lists the commands, 'exit' leaves; Ctrl-C cancels a run");
                while (!exitRequested) {
                    String line;
                    try {
                        line = reader.readLine("iopf> ");
                    } catch (UserInterruptException e) {
                        continue; // as in other shells: the line is dropped, a new prompt follows
                    } catch (EndOfFileException e) {
                        break;
                    }
                    execute(line);
                }
            }
        } else {
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            while (!exitRequested) {
                String line = in.readLine(); // checked after each command, so 'exit' does not wait for a next line
                if (line == null) {
                    break;
                }
                execute(line);
            }
        }
    }

    /** Completes command names first, then plugin ids and file names. */
    private Completer completer() {
        List<String> commands = List.copyOf(new picocli.CommandLine(new ShellCommands(this)).getSubcommands().keySet());
        Completer arguments = new AggregateCompleter(
                new StringsCompleter(() -> host.plugins().stream().map(p -> p.id()).toList()),
                new Completers.FileNameCompleter());
        return new ArgumentCompleter(new StringsCompleter(commands), arguments);
    }

    /**
     * Cancels the simulation running now, if any (what Ctrl-C does while a command runs).
     *
     * @return whether a run was cancelled
     */
    public boolean cancelRunningSimulation() {
        boolean cancelled = cancellation.cancel();
        if (cancelled) {
            synchronized (env.out()) {
                env.err().println();
                env.err().println("cancelling the run (Ctrl-C)...");
                env.err().flush();
            }
        }
        return cancelled;
    }

    RunCancellation cancellation() {
        return cancellation;
    }

    /** The plugin host. */
    PluginHost host() {
        return host;
    }

    /** The environment. */
    CliEnvironment env() {
        return env;
    }

    /** The last run's result, if any. */
    Optional<RunResult> lastResult() {
        return Optional.ofNullable(lastResult);
    }

    void setLastResult(RunResult result) {
        this.lastResult = result;
    }

    /** The folder watcher, if started. */
    Optional<PluginWatcher> watcher() {
        return Optional.ofNullable(watcher);
    }

    void requestExit() {
        exitRequested = true;
    }

    /** Whether {@code exit} was given. */
    public boolean exitRequested() {
        return exitRequested;
    }

    @Override
    public void close() {
        if (watcher != null) {
            watcher.close();
            watcher = null;
        }
    }
}
