package org.iopf.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import ch.qos.logback.core.spi.ContextAwareBase;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Logback's configuration when {@code logback.configurationFile} is the distribution's own
 * {@code conf/logback.xml} as shipped (byte for byte the resource {@code logback.xml} beside this
 * class): the same appender, pattern ({@link MessageLayout}) and levels, set up directly, which
 * spares each start Logback's XML parsing, its pattern parser and its few hundred classes; Logback's
 * own warnings about its set-up go to standard error through {@link LogbackProblems}. Any other file (an edited one) is left to Logback's own
 * configurators. Found by Logback through {@code META-INF/services}.
 */
public final class DefaultLogging extends ContextAwareBase implements Configurator {
    /** The configuration-file property {@code bin/iopf} sets. */
    static final String FILE_PROPERTY = "logback.configurationFile";

    /** Logback instantiates it. */
    public DefaultLogging() {
    }

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        String file = System.getProperty(FILE_PROPERTY);
        if (file == null || !isShipped(Path.of(file))) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        }
        context.getStatusManager().add(new LogbackProblems(System.err));
        MessageLayout layout = new MessageLayout();
        layout.setContext(context);
        layout.start();
        LayoutWrappingEncoder<ILoggingEvent> encoder = new LayoutWrappingEncoder<>();
        encoder.setContext(context);
        encoder.setLayout(layout);
        encoder.start();
        ConsoleAppender<ILoggingEvent> appender = new ConsoleAppender<>();
        appender.setContext(context);
        appender.setName("STDERR");
        appender.setTarget("System.err");
        appender.setEncoder(encoder);
        appender.start();
        context.getLogger("org.pf4j").setLevel(Level.OFF);
        context.getLogger("com.hazelcast").setLevel(Level.ERROR);
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.WARN);
        root.addAppender(appender);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    /** Whether {@code file} holds exactly the shipped configuration, which {@link #configure} mirrors. */
    static boolean isShipped(Path file) {
        try (InputStream shipped = DefaultLogging.class.getResourceAsStream("logback.xml")) {
            return shipped != null && Files.isRegularFile(file)
                    && Arrays.equals(shipped.readAllBytes(), Files.readAllBytes(file));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
