package org.iopf.core.plugin;

import java.nio.file.Path;
import org.pf4j.CompoundPluginLoader;
import org.pf4j.DefaultPluginLoader;
import org.pf4j.DefaultPluginManager;
import org.pf4j.JarPluginLoader;
import org.pf4j.PluginClassLoader;
import org.pf4j.PluginDescriptor;
import org.pf4j.PluginLoader;
import org.pf4j.RuntimeMode;

/**
 * PF4J's default manager with two changes: every plugin gets an {@link ApiOnlyPluginClassLoader},
 * and the manager never disables a plugin itself (the host keeps enabled/disabled and checks
 * {@code Plugin-Requires} before loading). Always in deployment mode.
 */
final class IsolatingPluginManager extends DefaultPluginManager {
    IsolatingPluginManager(Path pluginsRoot) {
        super(pluginsRoot);
    }

    @Override
    public RuntimeMode getRuntimeMode() {
        return RuntimeMode.DEPLOYMENT;
    }

    @Override
    protected boolean isPluginDisabled(String pluginId) {
        return false;
    }

    @Override
    protected PluginLoader createPluginLoader() {
        return new CompoundPluginLoader()
                .add(new IsolatingJarLoader(this))
                .add(new IsolatingFolderLoader(this));
    }

    /** Loads a plugin jar into an isolating class loader. */
    private static final class IsolatingJarLoader extends JarPluginLoader {
        IsolatingJarLoader(IsolatingPluginManager manager) {
            super(manager);
        }

        @Override
        protected PluginClassLoader createPluginClassLoader(Path pluginPath, PluginDescriptor descriptor) {
            return new ApiOnlyPluginClassLoader(pluginManager, descriptor, IsolatingPluginManager.class.getClassLoader());
        }
    }

    /** Loads a plugin folder ({@code classes/}, {@code lib/*.jar}; an extracted zip) into an isolating class loader. */
    private static final class IsolatingFolderLoader extends DefaultPluginLoader {
        IsolatingFolderLoader(IsolatingPluginManager manager) {
            super(manager);
        }

        @Override
        protected PluginClassLoader createPluginClassLoader(Path pluginPath, PluginDescriptor descriptor) {
            return new ApiOnlyPluginClassLoader(pluginManager, descriptor, IsolatingPluginManager.class.getClassLoader());
        }
    }
}
