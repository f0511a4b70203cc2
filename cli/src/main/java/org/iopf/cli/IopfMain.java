package org.iopf.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import picocli.CommandLine;

/** The entry point of {@code bin/iopf}. */
public final class IopfMain {
    private IopfMain() {
    }

    /**
     * Runs the command line and exits with its code (see {@link ExitCode}).
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the command line against the process's environment; returns the exit code. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        PrintWriter o = new PrintWriter(out, true, StandardCharsets.UTF_8);
        PrintWriter e = new PrintWriter(err, true, StandardCharsets.UTF_8);
        return run(args, CliEnvironment.fromSystem(o, e));
    }

    /** Runs the command line in {@code env}; returns the exit code. */
    public static int run(String[] args, CliEnvironment env) {
        try (IopfCommand command = new IopfCommand(env)) {
            List<Class<?>> subcommands = IopfCommand.subcommandOf(args).<List<Class<?>>>map(List::of)
                    .orElse(IopfCommand.SUBCOMMANDS);
            return execute(commandLine(command, env, subcommands), args, env);
        }
    }

    /**
     * Executes {@code commandLine}: out of heap is exit 4 with one line, and output that could not
     * be written to standard output (a closed pipe, a full disk) is exit 2 even if the command
     * succeeded, since a {@link PrintWriter} only records such failures.
     */
    static int execute(CommandLine commandLine, String[] args, CliEnvironment env) {
        int code;
        try {
            code = commandLine.execute(args);
        } catch (OutOfMemoryError e) {
            code = ErrorReporter.outOfMemory(e, List.of(args).contains("--debug"), env.err());
        }
        if (env.out().checkError()) {
            env.err().println("iopf: cannot write to standard output (closed, or the disk is full); "
                    + "what the command printed is incomplete");
            code = code == ExitCode.OK || code == ExitCode.EXPECTATION_MISSED ? ExitCode.BAD_INPUT : code;
        }
        env.err().flush();
        return code;
    }

    /**
     * A picocli command line over {@code command} with iopf's error handling, exit codes and
     * streams; the help has colour only when standard output is a terminal and {@code NO_COLOR}
     * is unset.
     */
    static CommandLine commandLine(Object command, CliEnvironment env) {
        return commandLine(command, env, command instanceof IopfCommand ? IopfCommand.SUBCOMMANDS : List.of());
    }

    /** As {@link #commandLine(Object, CliEnvironment)}, adding {@code subcommands} to those {@code command} declares. */
    static CommandLine commandLine(Object command, CliEnvironment env, List<Class<?>> subcommands) {
        CommandLine cl = new CommandLine(command);
        for (Class<?> subcommand : subcommands) {
            cl.addSubcommand(subcommand); // before the settings below, which apply to the subcommands present
        }
        cl.setOut(env.out());
        cl.setErr(env.err());
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setColorScheme(CommandLine.Help.defaultColorScheme(
                env.terminal().colourOnOut() ? CommandLine.Help.Ansi.ON : CommandLine.Help.Ansi.OFF));
        cl.setExecutionExceptionHandler(new ErrorReporter());
        cl.setParameterExceptionHandler((ex, args) -> {
            CommandLine failed = ex.getCommandLine();
            PrintWriter err = failed.getErr();
            err.println("iopf: " + describe(ex));
            CommandLine.UnmatchedArgumentException.printSuggestions(ex, err);
            String name = failed.getCommandSpec().qualifiedName().strip();
            err.println(name.isEmpty() ? "Type 'help' for the commands." : "Try '" + name + " --help' for more information.");
            return ExitCode.BAD_INPUT;
        });
        return cl;
    }

    /** A parameter error in words: an unknown command is called that, not an unmatched argument. */
    private static String describe(CommandLine.ParameterException ex) {
        if (ex instanceof CommandLine.UnmatchedArgumentException unmatched
                && !ex.getCommandLine().getSubcommands().isEmpty()
                && !unmatched.getUnmatched().isEmpty()
                && ex.getCommandLine().getParseResult().originalArgs().indexOf(unmatched.getUnmatched().get(0)) == 0) {
            return "unknown command '" + unmatched.getUnmatched().get(0) + "'";
        }
        return ex.getMessage();
    }
}
