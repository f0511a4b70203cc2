package org.iopf.core.plugin;

import java.nio.file.Path;
import java.util.Objects;
import org.iopf.api.ApiVersion;
import org.iopf.core.platform.ExtensionRegistry;
import org.pf4j.CompoundPluginDescriptorFinder;
import org.pf4j.DefaultPluginStatusProvider;
import org.pf4j.ManifestPluginDescriptorFinder;
import org.pf4j.PluginDescriptor;
import org.pf4j.PluginDescriptorFinder;
import org.pf4j.PluginManager;
import org.pf4j.PluginStatusProvider;
import org.pf4j.PropertiesPluginDescriptorFinder;

/**
 * The plugin host over PF4J and ServiceLoader: plugins come from zips, jars and folders in the
 * plugins folder, each in a class loader that shares only the API packages with the host
 * ({@code org.iopf.api}, {@code org.pf4j}, {@code org.slf4j}, {@code jakarta.inject},
 * {@code com.google.inject}, {@code java*}); class-path extensions come from
 * {@code META-INF/services} through the host's own class loader. Descriptors are read from
 * {@code plugin.properties} or the jar manifest; enabled and disabled plugins are kept in
 * {@code enabled.txt} and {@code disabled.txt} in the plugins folder. Zips are extracted into a
 * {@link PluginCache} (the user's, unless given), never into the plugins folder. A plugin whose
 * descriptor names {@value #STOCK_PROVIDER} as its provider is a stock plugin.
 *
 * @since 0.1
 */
public final class DefaultPluginHost extends PluginHost {
    /** The provider the stock plugins' descriptors name. */
    public static final String STOCK_PROVIDER = "iopf";

    private final PluginCache cache;

    /**
     * Creates a host over a plugins folder, checking plugins against {@link ApiVersion#CURRENT} and
     * extracting zips into the user's cache ({@link PluginCache#forUser()}).
     *
     * @param pluginsRoot the plugins folder; need not exist yet
     */
    public DefaultPluginHost(Path pluginsRoot) {
        this(pluginsRoot, ApiVersion.CURRENT);
    }

    /**
     * Creates a host that checks plugins against another API version (for tests).
     *
     * @param pluginsRoot the plugins folder; need not exist yet
     * @param apiVersion the API version, {@code major.minor.patch}
     */
    public DefaultPluginHost(Path pluginsRoot, String apiVersion) {
        this(pluginsRoot, PluginCache.forUser(), apiVersion);
    }

    /**
     * Creates a host that extracts zips into {@code cache}.
     *
     * @param pluginsRoot the plugins folder; need not exist yet
     * @param cache where zips are extracted
     * @param apiVersion the API version, {@code major.minor.patch}
     */
    public DefaultPluginHost(Path pluginsRoot, PluginCache cache, String apiVersion) {
        super(pluginsRoot, apiVersion);
        this.cache = Objects.requireNonNull(cache, "cache is null");
    }

    @Override
    protected PluginCache createPluginCache() {
        return cache;
    }

    @Override
    protected boolean isStock(PluginDescriptor descriptor) {
        return STOCK_PROVIDER.equals(descriptor.getProvider());
    }

    @Override
    protected PluginManager createPluginManager(Path pluginsRoot) {
        return new IsolatingPluginManager(pluginsRoot);
    }

    @Override
    protected PluginDescriptorFinder createDescriptorFinder() {
        return new CompoundPluginDescriptorFinder()
                .add(new PropertiesPluginDescriptorFinder())
                .add(new ManifestPluginDescriptorFinder());
    }

    @Override
    protected PluginStatusProvider createStatusProvider(Path pluginsRoot) {
        return new DefaultPluginStatusProvider(pluginsRoot);
    }

    @Override
    protected ExtensionRegistry createClassPathRegistry() {
        return ExtensionRegistry.fromClassPath(DefaultPluginHost.class.getClassLoader());
    }
}
