package org.iopf.core.plugin;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A hold on plugins that a simulation uses: while it is open, the host refuses to stop, unload,
 * reload or disable them ({@link PluginInUseException}). Take one with
 * {@link PluginHost#lease(java.util.Collection, String)} before building a simulation from the
 * registry and close it once the simulation is dropped. Closing twice is harmless.
 *
 * @since 0.1
 */
public final class PluginLease implements AutoCloseable {
    private final PluginHost host;
    private final List<String> pluginIds;
    private final String holder;
    private final AtomicBoolean closed = new AtomicBoolean();

    PluginLease(PluginHost host, List<String> pluginIds, String holder) {
        this.host = Objects.requireNonNull(host, "host is null");
        this.pluginIds = List.copyOf(pluginIds);
        this.holder = Objects.requireNonNull(holder, "holder is null");
    }

    /** The plugins held, sorted. */
    public List<String> pluginIds() {
        return pluginIds;
    }

    /** Who holds them, for messages ({@code run of examples/x.yaml}). */
    public String holder() {
        return holder;
    }

    /** Whether {@link #close()} was called. */
    public boolean isClosed() {
        return closed.get();
    }

    /** Releases the plugins; later calls do nothing. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            host.release(this);
        }
    }

    @Override
    public String toString() {
        return "lease of " + pluginIds + " by " + holder + (closed.get() ? " (closed)" : "");
    }
}
