package org.iopf.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.iopf.api.ApiVersion;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The {@code iopf} command: global options and the subcommands. Subcommands reach the plugin host
 * and the environment through this object, never through statics.
 */
@Command(name = "iopf", mixinStandardHelpOptions = true, versionProvider = IopfCommand.Version.class,
        description = "Emulates I/O page faults on platforms assembled from plugins.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:ok", "1:the run completed but an expectation was missed",
            "2:bad input (option, platform file, parameter, plugin request, missing file) or an output that "
                + "cannot be written",
            "3:an internal error of iopf (a bug; the stack trace is printed)",
            "4:out of memory (give the JVM more heap: IOPF_OPTS=-Xmx8g)"})
public final class IopfCommand implements Runnable, AutoCloseable {
    /**
     * The subcommands, in the order the help lists them. Not in the annotation: picocli builds the
     * model of every subcommand it is given, by reflection, so {@link IopfMain} adds only the one a
     * command line names (all of them for the help or an unknown command).
     */
    static final List<Class<?>> SUBCOMMANDS = List.of(RunCommand.class, ValidateCommand.class,
            ComponentsCommand.class, PluginsCommand.class, ReproduceCommand.class, CompareCommand.class,
            SweepCommand.class, PlotCommand.class, WorkerCommand.class, ShellCommand.class, TraceSummaryCommand.class);

    private final CliEnvironment env;
    private HostSession session;

    @Spec
    CommandSpec spec;

    @Option(names = "--debug", scope = picocli.CommandLine.ScopeType.INHERIT,
            description = "Print stack traces of errors.")
    boolean debug;

    @Option(names = "--plugins", paramLabel = "DIR", scope = picocli.CommandLine.ScopeType.INHERIT,
            description = "Plugins folder (default: HOME/plugins).")
    Path pluginsDir;

    @Option(names = {"-q", "--quiet"}, scope = picocli.CommandLine.ScopeType.INHERIT,
            description = "Print no progress bar, speed line or notes (running ..., wrote ...) on standard error; "
                + "errors and warnings still.")
    boolean quiet;

    /** The command over {@code env}. */
    public IopfCommand(CliEnvironment env) {
        this.env = Objects.requireNonNull(env, "env is null");
    }

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(new picocli.CommandLine(this),
                "a command is required: run, validate, components, plugins, reproduce, compare, sweep, plot, worker, "
                + "shell or trace-summary");
    }

    /**
     * The subcommand {@code args} name, found without picocli: the first argument after the global
     * options ({@code --debug}, {@code -q}, {@code --quiet}, {@code --plugins DIR}); empty when the
     * arguments name none, or hold anything else before it (help, version, an unknown option).
     */
    static java.util.Optional<Class<?>> subcommandOf(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--debug") || arg.equals("-q") || arg.equals("--quiet") || arg.startsWith("--plugins=")) {
                continue;
            }
            if (arg.equals("--plugins")) {
                i++;
                continue;
            }
            if (arg.startsWith("-")) {
                return java.util.Optional.empty();
            }
            return SUBCOMMANDS.stream().filter(c -> c.getAnnotation(Command.class).name().equals(arg)).findFirst();
        }
        return java.util.Optional.empty();
    }

    /** The environment: home, out, err. */
    CliEnvironment env() {
        return env;
    }

    /** The arguments this command was given, as a run's record names them. */
    java.util.List<String> commandLine() {
        picocli.CommandLine.ParseResult parsed = spec == null ? null : spec.commandLine().getParseResult();
        return parsed == null ? java.util.List.of() : parsed.originalArgs();
    }

    /** What a command may say on standard error besides errors, given its {@code --no-progress}. */
    StatusOutput status(boolean noProgress) {
        return new StatusOutput(env.err(), env.terminal(), quiet, noProgress);
    }

    /** The plugin host of this process, created on first use. */
    synchronized HostSession session() {
        if (session == null) {
            session = new HostSession(pluginsDir != null ? pluginsDir : env.pluginsDir(), env);
        }
        return session;
    }

    @Override
    public synchronized void close() {
        if (session != null) {
            session.close();
        }
    }

    /** Prints the iopf and API versions. */
    static final class Version implements IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"iopf " + iopfVersion() + ", plugin API " + ApiVersion.CURRENT};
        }

        /** The version of this iopf, from its jar's manifest; {@code (development build)} outside a jar. */
        static String iopfVersion() {
            String impl = IopfCommand.class.getPackage().getImplementationVersion();
            return impl != null ? impl : "(development build)";
        }
    }
}
