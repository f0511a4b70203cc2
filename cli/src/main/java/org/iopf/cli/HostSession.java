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
 * The plugin host of one {@code iopf} process, created on first use: it loads and starts every
 * plugin in the plugins folder and warns, on standard error, about each one that failed.
 */
final class HostSession implements AutoCloseable {
    private final Path pluginsDir;
    private final CliEnvironment env;
    private PluginHost host;

    HostSession(Path pluginsDir, CliEnvironment env) {
        this.pluginsDir = Objects.requireNonNull(pluginsDir, "pluginsDir is null");
        this.env = Objects.requireNonNull(env, "env is null");
    }

    /** The host, with every plugin of the folder loaded and started. */
    synchronized PluginHost host() {
        if (host == null) {
            host = new DefaultPluginHost(pluginsDir);
            if (Files.isDirectory(pluginsDir)) {
                List<PluginInfo> plugins = host.loadAndStartAll();
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
