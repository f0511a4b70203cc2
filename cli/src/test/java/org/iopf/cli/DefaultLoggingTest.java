package org.iopf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.ConsoleAppender;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link DefaultLogging} sets up what the shipped {@code conf/logback.xml} says, and only for that file. */
final class DefaultLoggingTest {
    private static final Path SHIPPED = CliHarness.repositoryRoot()
            .resolve("cli/src/main/resources/org/iopf/cli/logback.xml");

    /** A failure with a cause, as a plugin's start might log it. */
    private static final Exception FAILURE = new IllegalStateException("cannot start",
            new java.io.IOException("no such file"));

    @TempDir
    Path temp;

    private static LoggerContext joran(Path file) throws Exception {
        LoggerContext context = new LoggerContext();
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(file.toFile());
        return context;
    }

    private static Configurator.ExecutionStatus direct(LoggerContext context, Path file) {
        String before = System.getProperty(DefaultLogging.FILE_PROPERTY);
        System.setProperty(DefaultLogging.FILE_PROPERTY, file.toString());
        try {
            DefaultLogging logging = new DefaultLogging();
            logging.setContext(context);
            return logging.configure(context);
        } finally {
            if (before == null) {
                System.clearProperty(DefaultLogging.FILE_PROPERTY);
            } else {
                System.setProperty(DefaultLogging.FILE_PROPERTY, before);
            }
        }
    }

    /** What the context's root appender writes for one event of each logger at each level ("" if none). */
    private static List<String> written(LoggerContext context) {
        Appender<?> appender = context.getLogger(Logger.ROOT_LOGGER_NAME).iteratorForAppenders().next();
        ConsoleAppender<ch.qos.logback.classic.spi.ILoggingEvent> console =
                (ConsoleAppender<ch.qos.logback.classic.spi.ILoggingEvent>) appender;
        List<String> lines = new java.util.ArrayList<>();
        lines.add(console.getTarget() + " " + console.getName());
        for (String name : List.of("org.iopf.core.plugin.PluginHost", "org.pf4j.AbstractPluginManager",
                "com.hazelcast.cluster.Member", "org.iopf.plugin.hmm.HmmDevice")) {
            Logger logger = context.getLogger(name);
            for (Level level : List.of(Level.DEBUG, Level.INFO, Level.WARN, Level.ERROR)) {
                if (!logger.isEnabledFor(level)) {
                    lines.add(name + " " + level + ": off");
                    continue;
                }
                LoggingEvent event = new LoggingEvent(Logger.FQCN, logger, level, "value {}", null, new Object[] {42});
                lines.add(new String(console.getEncoder().encode(event), StandardCharsets.UTF_8));
                LoggingEvent failed = new LoggingEvent(Logger.FQCN, logger, level, "failed", FAILURE, null);
                lines.add(new String(console.getEncoder().encode(failed), StandardCharsets.UTF_8));
            }
        }
        return lines;
    }

    @Test
    void theShippedFileIsSetUpAsLogbackWouldReadIt() throws Exception {
        LoggerContext direct = new LoggerContext();

        assertThat(direct(direct, SHIPPED)).isEqualTo(Configurator.ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY);

        assertThat(written(direct)).isEqualTo(written(joran(SHIPPED)))
                .contains("WARN HmmDevice: value 42" + System.lineSeparator());
    }

    @Test
    void logbacksOwnWarningsAboutItsSetUpGoToStandardErrorAndItsInformationDoesNot() {
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        LogbackProblems problems = new LogbackProblems(new java.io.PrintStream(err, true, StandardCharsets.UTF_8));

        problems.addStatusEvent(new ch.qos.logback.core.status.InfoStatus("appender set up", this));
        problems.addStatusEvent(new ch.qos.logback.core.status.WarnStatus("no encoder", this));
        problems.addStatusEvent(new ch.qos.logback.core.status.ErrorStatus("cannot open", this,
                new java.io.IOException("disk full")));

        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("logback: no encoder" + System.lineSeparator()
                + "logback: cannot open: java.io.IOException: disk full" + System.lineSeparator());
    }

    @Test
    void anEditedFileIsLeftToLogback() throws Exception {
        Path edited = Files.writeString(temp.resolve("logback.xml"),
                Files.readString(SHIPPED).replace("<root level=\"WARN\">", "<root level=\"INFO\">"));
        LoggerContext context = new LoggerContext();

        assertThat(direct(context, edited)).isEqualTo(Configurator.ExecutionStatus.INVOKE_NEXT_IF_ANY);
        assertThat(context.getLogger(Logger.ROOT_LOGGER_NAME).iteratorForAppenders().hasNext()).isFalse();
        assertThat(direct(context, temp.resolve("missing.xml"))).isEqualTo(Configurator.ExecutionStatus.INVOKE_NEXT_IF_ANY);
    }
}
