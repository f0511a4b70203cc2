package org.iopf.cli;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.CoreConstants;
import ch.qos.logback.core.LayoutBase;

/**
 * The shipped pattern {@code %level %logger{0}: %msg%n} (and the stack trace of an event's throwable,
 * which a pattern layout adds), written directly: a {@code PatternLayout} parses its pattern and
 * sets up its converters at every start, which costs a start more than the events it ever writes.
 */
final class MessageLayout extends LayoutBase<ILoggingEvent> {
    @Override
    public String doLayout(ILoggingEvent event) {
        String logger = event.getLoggerName();
        StringBuilder line = new StringBuilder(96).append(event.getLevel()).append(' ')
                .append(logger, logger.lastIndexOf('.') + 1, logger.length()).append(": ")
                .append(event.getFormattedMessage()).append(CoreConstants.LINE_SEPARATOR);
        IThrowableProxy thrown = event.getThrowableProxy();
        if (thrown != null) {
            line.append(ThrowableProxyUtil.asString(thrown));
        }
        return line.toString();
    }
}
