package org.iopf.core.plugin;

import static java.nio.file.StandardWatchEventKinds.ENTRY_CREATE;
import static java.nio.file.StandardWatchEventKinds.ENTRY_DELETE;
import static java.nio.file.StandardWatchEventKinds.ENTRY_MODIFY;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches the plugins folder: a zip, jar or plugin folder that appears is loaded and started, one
 * that changes is reloaded (unless in use), one that is deleted is unloaded (unless in use). Each
 * outcome goes to the listener as a {@link PluginEvent}.
 *
 * <p>A daemon thread waits on a {@link WatchService} and, once the folder has been quiet for
 * {@value #QUIET_MILLIS} ms, scans it; {@link #scanOnce()} scans at once on the caller's thread,
 * for tests and the shell. A file still being copied may fail to load; it is retried when it
 * changes again. Copy to a temporary name and rename into the folder to avoid that.
 *
 * <p>The listener is called on the watcher thread or on the thread of {@link #scanOnce()}, never
 * under the host's lock.
 *
 * @since 0.1
 */
public final class PluginWatcher implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PluginWatcher.class);
    /** How long the folder must be quiet before a scan, in milliseconds. */
    static final long QUIET_MILLIS = 100;

    private final PluginHost host;
    private final Consumer<PluginEvent> listener;
    private final WatchService service;
    private final Thread thread;

    PluginWatcher(PluginHost host, Path folder, Consumer<PluginEvent> listener) {
        this.host = Objects.requireNonNull(host, "host is null");
        this.listener = Objects.requireNonNull(listener, "listener is null");
        try {
            Files.createDirectories(folder);
            this.service = folder.getFileSystem().newWatchService();
            folder.register(service, ENTRY_CREATE, ENTRY_MODIFY, ENTRY_DELETE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot watch plugins folder " + folder + ": " + e.getMessage(), e);
        }
        this.thread = new Thread(this::watch, "iopf-plugin-watcher");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Scans the folder now and tells the listener what happened.
     *
     * @return the events, also given to the listener, in order
     */
    public List<PluginEvent> scanOnce() {
        List<PluginEvent> events = host.scan(true);
        for (PluginEvent event : events) {
            try {
                listener.accept(event);
            } catch (RuntimeException e) {
                LOG.warn("plugin event listener failed on {}", event, e);
            }
        }
        return events;
    }

    /** Stops watching; the thread ends. Closing twice is harmless. */
    @Override
    public void close() {
        try {
            service.close();
        } catch (IOException e) {
            LOG.debug("closing the plugin watch service", e);
        }
        thread.interrupt();
    }

    private void watch() {
        try {
            while (true) {
                drain(service.take());
                WatchKey more;
                while ((more = service.poll(QUIET_MILLIS, TimeUnit.MILLISECONDS)) != null) {
                    drain(more);
                }
                try {
                    scanOnce();
                } catch (RuntimeException | LinkageError | AssertionError | StackOverflowError e) {
                    // the watcher outlives whatever a scan meets; it is told, not silently ended
                    reportScanFailure(e);
                }
            }
        } catch (ClosedWatchServiceException | InterruptedException e) {
            LOG.debug("plugin watcher stopped");
        }
    }

    private void reportScanFailure(Throwable failure) {
        LOG.debug("scanning the plugins folder failed", failure);
        try {
            listener.accept(new PluginEvent(PluginEvent.Kind.FAILED, "plugins",
                    "scanning the plugins folder failed: " + PluginHost.messageOf(failure) + "; still watching"));
        } catch (RuntimeException e) {
            LOG.warn("plugin event listener failed", e);
        }
    }

    private static void drain(WatchKey key) {
        key.pollEvents();
        key.reset();
    }
}
