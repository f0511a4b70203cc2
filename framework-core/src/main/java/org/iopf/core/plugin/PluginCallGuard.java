package org.iopf.core.plugin;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs plugin code the host cannot trust (a plugin's {@code start()}, {@code stop()}, its
 * extensions' constructors and declarations) on a thread of its own with a time limit, and turns
 * whatever it does wrong — an exception, an {@link Error} such as {@link StackOverflowError}, not
 * returning — into a {@link PluginHostException} with a one-line reason. A call that does not return
 * in time is abandoned: its daemon thread is interrupted and left to end on its own. An
 * {@link OutOfMemoryError} is not the plugin's fault alone and is rethrown.
 */
final class PluginCallGuard {
    /** The system property that sets the limit, in seconds. */
    static final String LIMIT_PROPERTY = "iopf.plugin.callLimitSeconds";
    static final Duration DEFAULT_LIMIT = Duration.ofSeconds(10);

    private final Duration limit;

    PluginCallGuard(Duration limit) {
        this.limit = Objects.requireNonNull(limit, "limit is null");
        if (limit.isNegative() || limit.isZero()) {
            throw new IllegalArgumentException("limit must be positive: " + limit);
        }
    }

    /** The limit from {@value #LIMIT_PROPERTY}, else {@link #DEFAULT_LIMIT}. */
    static PluginCallGuard fromSystemProperties() {
        String seconds = System.getProperty(LIMIT_PROPERTY);
        if (seconds != null) {
            try {
                double value = Double.parseDouble(seconds.trim());
                if (value > 0 && value < 86_400) {
                    return new PluginCallGuard(Duration.ofMillis(Math.round(value * 1000)));
                }
            } catch (NumberFormatException e) {
                // fall back to the default below
            }
        }
        return new PluginCallGuard(DEFAULT_LIMIT);
    }

    /**
     * Runs {@code body} and returns its result.
     *
     * @param subject whose code runs, for the message ({@code plugin 'x' 1.0})
     * @param action what it does, a verb ({@code start}): messages say "failed to start", "did not start"
     * @throws PluginHostException if the body throws or does not return within the limit
     */
    <T> T call(String subject, String action, Callable<T> body) {
        FutureTask<T> task = new FutureTask<>(body);
        Thread thread = new Thread(task, "iopf-plugin-call");
        thread.setDaemon(true);
        thread.setContextClassLoader(Thread.currentThread().getContextClassLoader());
        thread.start();
        try {
            return task.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            thread.interrupt();
            throw new PluginHostException(subject + " did not " + action + " within " + describe(limit)
                    + " (set -D" + LIMIT_PROPERTY + "=SECONDS to allow longer); abandoned");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof OutOfMemoryError oom) {
                throw oom;
            }
            if (cause instanceof PluginHostException refusal) {
                throw refusal;
            }
            throw new PluginHostException(subject + " failed to " + action + ": " + PluginHost.messageOf(cause), cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            task.cancel(true);
            throw new PluginHostException(subject + " was interrupted before it could " + action);
        }
    }

    private static String describe(Duration limit) {
        long millis = limit.toMillis();
        return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    }
}
