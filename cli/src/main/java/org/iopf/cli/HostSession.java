package org.iopf.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.plugin.DefaultPluginHost;
import org.iopf.core.plugin.PluginHost;
import org.iopf.core.plugin.PluginInfo;
import org.iopf.core.plugin.PluginStatus;

/**
 * The plugin host of one {@code iopf} process, created on first use: it loads and starts the
 * plugins in the plugins folder and warns, on standard error, about each one that failed. Commands
 * that only run platform files ask for {@link #lazyHost()}, which leaves unloaded the plugins the
 * platforms do not name ({@link ScenarioExecutor} starts those they do); the others for
 * {@link #host()}, which starts every plugin.
 */
final class HostSession implements AutoCloseable {
    private final Path pluginsDir;
    private final CliEnvironment env;
    private PluginHost host;

    HostSession(Path pluginsDir, CliEnvironment env) {
        this.pluginsDir = Objects.requireNonNull(pluginsDir, "pluginsDir is null");
        this.env = Objects.requireNonNull(env, "env is null");
    }

    /**
     * The host, with every plugin of the folder loaded and started; the host {@link #lazyHost()}
     * made, as it is, if that came first.
     */
    synchronized PluginHost host() {
        return open(false);
    }

    /**
     * The host, with only the plugins loaded whose types the cache does not know yet (new or
     * changed zips, jars, folders) or that offer extensions of other extension points; the others
     * are held back until a platform names one of their types ({@link PluginHost#loadAndStartLazily()}).
     * The host {@link #host()} made, if that came first.
     */
    synchronized PluginHost lazyHost() {
        return open(true);
    }

    private PluginHost open(boolean lazily) {
        if (host == null) {
            host = new DefaultPluginHost(pluginsDir);
            if (Files.isDirectory(pluginsDir)) {
                List<PluginInfo> plugins = lazily ? host.loadAndStartLazily() : host.loadAndStartAll();
                for (PluginInfo info : plugins) {
                    if (info.status() == PluginStatus.FAILED) {
                        env.err().println("iopf: warning: plugin '" + info.id() + "' failed: "
                                + info.failure().orElse("unknown reason"));
                    } else if (info.status() == PluginStatus.IGNORED) {
                        env.err().println("iopf: warning: " + info.failure().orElse("plugin '" + info.id()
                                + "' is ignored"));
                    }
                }
                env.err().flush();
            }
        }
        return host;
    }

    /** The extensions known now: class path and started plugins. */
    ExtensionRegistry registry() {
        return host().registry();
    }

    /** The plugins folder. */
    Path pluginsDir() {
        return pluginsDir;
    }

    @Override
    public synchronized void close() {
        if (host != null) {
            host.close();
            host = null;
        }
    }
}
