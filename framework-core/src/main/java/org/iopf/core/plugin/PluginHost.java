package org.iopf.core.plugin;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.workload.WorkloadType;
import org.iopf.core.platform.ExtensionRegistry;
import org.pf4j.ExtensionPoint;
import org.pf4j.PluginDescriptor;
import org.pf4j.PluginDescriptorFinder;
import org.pf4j.PluginManager;
import org.pf4j.PluginState;
import org.pf4j.PluginStatusProvider;
import org.pf4j.PluginWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The plugin host: the lifecycle of the plugins in one folder, and the registry of every
 * extension they and the class path contribute.
 *
 * <p>Layered like PF4J's {@code AbstractPluginManager}: this class holds the lifecycle and
 * declares the parts it creates ({@link #createPluginManager}, {@link #createDescriptorFinder},
 * {@link #createStatusProvider}, {@link #createClassPathRegistry}); {@link DefaultPluginHost}
 * supplies PF4J and ServiceLoader; tests may substitute parts. The parts are created on first use.
 *
 * <p>The host, not PF4J, checks {@code Plugin-Requires} (before a class loader exists), keeps
 * {@code enabled.txt}/{@code disabled.txt} (a disabled plugin is not loaded at all), creates the
 * extensions, and refuses a plugin whose type names clash with a registered type. A plugin that
 * fails is {@link PluginStatus#FAILED}, unloaded, and listed with its reason; the others are not
 * affected. The host holds a plugin's extension instances only while it is started; once a plugin
 * is unloaded the host holds nothing of it, so its class loader can be collected as soon as no
 * simulation or registry snapshot built from it is reachable.
 *
 * <p>Thread-safe: every method locks the host; a watcher thread and a shell may call at once.
 *
 * @since 0.1
 */
public abstract class PluginHost implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PluginHost.class);

    private final Path pluginsRoot;
    private final String apiVersion;
    private final Map<String, PluginEntry> entries = new TreeMap<>();
    /** Files scans leave alone until they change: unloaded by hand, or failed without an entry. */
    private final Map<Path, FileTime> settled = new HashMap<>();
    private final PluginLeases leases = new PluginLeases();
    private PluginManager manager;
    private PluginDescriptorFinder descriptorFinder;
    private PluginStatusProvider statusProvider;
    private ExtensionRegistry classPath;

    /**
     * Creates a host over a plugins folder.
     *
     * @param pluginsRoot the folder holding plugin zips, jars and folders; need not exist yet
     * @param apiVersion the iopf API version plugins' {@code Plugin-Requires} are checked against
     */
    protected PluginHost(Path pluginsRoot, String apiVersion) {
        this.pluginsRoot = Objects.requireNonNull(pluginsRoot, "pluginsRoot is null").toAbsolutePath().normalize();
        this.apiVersion = Objects.requireNonNull(apiVersion, "apiVersion is null");
    }

    /**
     * Creates the PF4J manager over {@code pluginsRoot}. It must load plugins with isolated class
     * loaders and must not disable plugins itself (the host keeps enabled/disabled).
     */
    protected abstract PluginManager createPluginManager(Path pluginsRoot);

    /** Creates the finder that reads a plugin's descriptor before it is loaded. */
    protected abstract PluginDescriptorFinder createDescriptorFinder();

    /** Creates the store of enabled and disabled plugin ids. */
    protected abstract PluginStatusProvider createStatusProvider(Path pluginsRoot);

    /** Creates the registry of the extensions on the host's class path. */
    protected abstract ExtensionRegistry createClassPathRegistry();

    /** The plugins folder, absolute. */
    public final Path pluginsRoot() {
        return pluginsRoot;
    }

    /** The API version plugins are checked against. */
    public final String apiVersion() {
        return apiVersion;
    }

    /**
     * A fresh snapshot: the class-path extensions and those of every started plugin (registered
     * with its id). Later changes to the host do not show in it. A snapshot holds the plugins'
     * extension instances: drop it before expecting an unloaded plugin to be collected.
     */
    public synchronized ExtensionRegistry registry() {
        ExtensionRegistry registry = classPath().copy();
        for (PluginEntry entry : entries.values()) {
            if (entry.status == PluginStatus.STARTED) {
                entry.registerInto(registry);
            }
        }
        return registry;
    }

    /**
     * Loads and starts every plugin zip, jar and folder in the plugins folder not loaded yet. A
     * plugin that fails is marked {@link PluginStatus#FAILED} with its reason; the others load.
     *
     * @return every plugin the host knows, by id
     */
    public synchronized List<PluginInfo> loadAndStartAll() {
        settled.clear();
        scan(false);
        return plugins();
    }

    /** Every plugin the host knows, by id. */
    public synchronized List<PluginInfo> plugins() {
        return entries.values().stream().map(this::info).toList();
    }

    /** The plugin with this id, if the host knows it. */
    public synchronized Optional<PluginInfo> plugin(String id) {
        Objects.requireNonNull(id, "id is null");
        return Optional.ofNullable(entries.get(id)).map(this::info);
    }

    /**
     * Loads and starts the plugin in a zip, jar or folder.
     *
     * @return the started plugin (or {@link PluginStatus#DISABLED} if disabled)
     * @throws PluginVersionMismatchException if its {@code Plugin-Requires} does not admit the API version
     * @throws PluginHostException if it cannot be read, loaded or started, or its id is loaded already;
     *     unless its id is loaded already, it is then listed as {@link PluginStatus#FAILED}
     */
    public synchronized PluginInfo load(Path zipOrJar) {
        Objects.requireNonNull(zipOrJar, "zipOrJar is null");
        Path source = zipOrJar.toAbsolutePath().normalize();
        if (!Files.exists(source)) {
            throw new PluginHostException("no plugin at " + source);
        }
        settled.remove(source);
        return info(loadOrThrow(source));
    }

    /**
     * Starts a loaded, stopped or failed plugin (a failed one is loaded again from its path).
     *
     * @throws UnknownPluginException if no plugin has this id
     * @throws PluginHostException if it is disabled or fails to start
     */
    public synchronized void start(String id) {
        PluginEntry entry = require(id);
        switch (entry.status) {
            case STARTED -> { }
            case DISABLED -> throw new PluginHostException("plugin '" + id + "' is disabled; enable it first");
            case FAILED -> loadOrThrow(entry.source);
            case RESOLVED, STOPPED -> startOrThrow(entry);
            default -> throw new IllegalStateException("unexpected state " + entry.status);
        }
    }

    /**
     * Stops a started plugin: its types leave the registry; it stays loaded.
     *
     * @throws PluginInUseException if a lease holds it
     */
    public synchronized void stop(String id) {
        PluginEntry entry = require(id);
        leases.refuseIfLeased(id);
        if (entry.status == PluginStatus.STARTED) {
            entry.dropExtensions();
            manager().stopPlugin(id);
            entry.status = PluginStatus.STOPPED;
        }
    }

    /**
     * Stops and unloads a plugin and forgets it; its class loader is closed. The watcher leaves
     * its file alone until the file changes.
     *
     * @throws PluginInUseException if a lease holds it
     */
    public synchronized void unload(String id) {
        PluginEntry entry = require(id);
        leases.refuseIfLeased(id);
        unloadQuietly(entry);
        entries.remove(id);
        entry.modified().ifPresent(m -> settled.put(entry.source, m));
    }

    /**
     * Stop, unload, load and start a plugin from the same path, which may now hold a newer version.
     *
     * @return the plugin as loaded now
     * @throws PluginInUseException if a lease holds it
     */
    public synchronized PluginInfo reload(String id) {
        PluginEntry entry = require(id);
        leases.refuseIfLeased(id);
        unloadQuietly(entry);
        entries.remove(id);
        if (!Files.exists(entry.source)) {
            throw new PluginHostException("cannot reload plugin '" + id + "': " + entry.source + " is gone");
        }
        return info(loadOrThrow(entry.source));
    }

    /**
     * Enables a plugin ({@code enabled.txt}/{@code disabled.txt}) and, if it was disabled, loads
     * and starts it.
     */
    public synchronized void enable(String id) {
        PluginEntry entry = require(id);
        statusProvider().enablePlugin(id);
        if (entry.status == PluginStatus.DISABLED) {
            loadOrThrow(entry.source);
        }
    }

    /**
     * Disables a plugin ({@code disabled.txt}): it is unloaded now and not loaded on later starts.
     *
     * @throws PluginInUseException if a lease holds it
     */
    public synchronized void disable(String id) {
        PluginEntry entry = require(id);
        leases.refuseIfLeased(id);
        statusProvider().disablePlugin(id);
        unloadQuietly(entry);
        entry.status = PluginStatus.DISABLED;
        entry.failure = null;
    }

    /**
     * Holds plugins for a user of their types (a run): until the lease is closed, they cannot be
     * stopped, unloaded, reloaded or disabled.
     *
     * @param pluginIds the plugins, each started; may be empty
     * @param holder who holds them, for messages ({@code run of examples/x.yaml})
     * @throws UnknownPluginException if an id is unknown
     * @throws PluginHostException if a plugin is not started
     */
    public synchronized PluginLease lease(Collection<String> pluginIds, String holder) {
        Objects.requireNonNull(pluginIds, "pluginIds is null");
        Objects.requireNonNull(holder, "holder is null");
        TreeSet<String> ids = new TreeSet<>(pluginIds);
        for (String id : ids) {
            PluginEntry entry = require(id);
            if (entry.status != PluginStatus.STARTED) {
                throw new PluginHostException("plugin '" + id + "' is " + entry.status.name().toLowerCase(Locale.ROOT)
                        + ", not started; " + holder + " cannot use it");
            }
        }
        PluginLease lease = new PluginLease(this, List.copyOf(ids), holder);
        leases.add(lease);
        return lease;
    }

    /**
     * Watches the plugins folder (created if missing) on a daemon thread; see {@link PluginWatcher}.
     *
     * @param listener told what each scan did; called on the watcher's thread, not null
     */
    public PluginWatcher watch(Consumer<PluginEvent> listener) {
        return new PluginWatcher(this, pluginsRoot, listener);
    }

    /**
     * Stops and unloads every plugin (leases notwithstanding: closing the host ends its use) and
     * forgets them. The plugins' files are left as they are. Closing twice is harmless.
     */
    @Override
    public synchronized void close() {
        for (PluginEntry entry : List.copyOf(entries.values())) {
            unloadQuietly(entry);
        }
        entries.clear();
        leases.clear();
    }

    /** Releases a lease; called by {@link PluginLease#close()}. */
    synchronized void release(PluginLease lease) {
        leases.release(lease);
    }

    /**
     * Brings the host in line with the folder: loads new files, reloads changed ones and unloads
     * deleted ones, except plugins in use.
     *
     * @param leaveSettled whether to leave alone files unloaded by hand or failed, until they change
     */
    synchronized List<PluginEvent> scan(boolean leaveSettled) {
        List<PluginEvent> events = new ArrayList<>();
        for (PluginEntry entry : List.copyOf(entries.values())) {
            if (entry.source.getParent().equals(pluginsRoot) && !Files.exists(entry.source)) {
                unloadDeleted(entry, events);
            }
        }
        for (Path candidate : candidates()) {
            Optional<FileTime> modified = PluginFiles.lastModified(candidate);
            if (modified.isEmpty()) {
                continue;
            }
            PluginEntry known = bySource(candidate);
            if (known != null) {
                if (modified.equals(known.modified()) || leases.isLeased(known.id)) {
                    continue;
                }
                unloadQuietly(known);
                entries.remove(known.id);
            } else if (leaveSettled && modified.get().equals(settled.get(candidate))) {
                continue;
            }
            settled.remove(candidate);
            try {
                PluginEntry loaded = loadOrThrow(candidate);
                events.add(new PluginEvent(PluginEvent.Kind.LOADED, loaded.id, "plugin '" + loaded.id + "' "
                        + loaded.version + " loaded from " + candidate.getFileName() + ", "
                        + loaded.status.name().toLowerCase(Locale.ROOT)));
            } catch (PluginHostException e) {
                PluginEntry failed = bySource(candidate);
                if (failed == null) {
                    settled.put(candidate, modified.get());
                }
                String id = failed != null ? failed.id : PluginFiles.baseName(candidate);
                events.add(new PluginEvent(PluginEvent.Kind.FAILED, id, e.getMessage()));
            }
        }
        return events;
    }

    private void unloadDeleted(PluginEntry entry, List<PluginEvent> events) {
        if (leases.isLeased(entry.id)) {
            if (!entry.reportedMissing) {
                entry.reportedMissing = true;
                events.add(new PluginEvent(PluginEvent.Kind.FAILED, entry.id, entry.source.getFileName()
                        + " was deleted but "
                        + new PluginInUseException(entry.id, leases.holders(entry.id)).getMessage()));
            }
            return;
        }
        unloadQuietly(entry);
        entries.remove(entry.id);
        events.add(new PluginEvent(PluginEvent.Kind.UNLOADED, entry.id, "plugin '" + entry.id + "' unloaded: "
                + entry.source.getFileName() + " was deleted"));
    }

    /** The plugin files in the folder: zips, jars, and folders with a descriptor that are not a zip's extraction. */
    private List<Path> candidates() {
        if (!Files.isDirectory(pluginsRoot)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(pluginsRoot)) {
            return files.filter(this::isCandidate).sorted(Comparator.comparing(Path::toString)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list plugins folder " + pluginsRoot + ": " + e.getMessage(), e);
        }
    }

    private boolean isCandidate(Path path) {
        String name = path.getFileName().toString();
        if (name.startsWith(".")) {
            return false;
        }
        if (Files.isDirectory(path)) {
            if (Files.exists(path.resolveSibling(name + ".zip"))) {
                return false;
            }
            for (PluginEntry entry : entries.values()) {
                if (PluginFiles.extractionOf(entry.source).filter(path::equals).isPresent()) {
                    return false;
                }
            }
            return Files.exists(path.resolve("plugin.properties"))
                    || Files.exists(path.resolve("META-INF").resolve("MANIFEST.MF"));
        }
        String lower = name.toLowerCase(Locale.ROOT);
        return lower.endsWith(".zip") || lower.endsWith(".jar");
    }

    private PluginEntry loadOrThrow(Path source) {
        PluginDescriptor descriptor;
        try {
            descriptor = descriptorFinder().find(source);
        } catch (RuntimeException e) {
            throw new PluginHostException("cannot read the plugin descriptor of " + source + ": " + messageOf(e), e);
        }
        String id = descriptor.getPluginId();
        PluginEntry existing = entries.get(id);
        if (existing != null && existing.loaded) {
            throw new PluginHostException("plugin '" + id + "' is loaded already (" + existing.version + " from "
                    + existing.source + "); cannot load " + source);
        }
        PluginEntry entry = new PluginEntry(id, source, PluginFiles.lastModified(source).orElse(null),
                orUnknown(descriptor.getVersion()),
                requiresOf(descriptor), Objects.toString(descriptor.getPluginDescription(), ""));
        entries.put(id, entry);
        if (!admits(entry.requires)) {
            throw fail(entry, new PluginVersionMismatchException(id, entry.version, entry.requires, apiVersion));
        }
        if (statusProvider().isPluginDisabled(id)) {
            entry.status = PluginStatus.DISABLED;
            return entry;
        }
        PluginFiles.deleteExtraction(source);
        try {
            manager().loadPlugin(source);
        } catch (RuntimeException e) {
            throw fail(entry, new PluginHostException("cannot load plugin '" + id + "' " + entry.version + " from "
                    + source + ": " + messageOf(e), e));
        }
        entry.loaded = true;
        entry.status = PluginStatus.RESOLVED;
        startOrThrow(entry);
        return entry;
    }

    private void startOrThrow(PluginEntry entry) {
        String id = entry.id;
        PluginState state;
        try {
            state = manager().startPlugin(id);
        } catch (RuntimeException e) {
            throw fail(entry, new PluginHostException(label(entry) + " failed to start: " + messageOf(e), e));
        }
        if (state != PluginState.STARTED) {
            PluginWrapper wrapper = manager().getPlugin(id);
            Throwable cause = wrapper == null ? null : wrapper.getFailedException();
            throw fail(entry, new PluginHostException(label(entry) + " failed to start: "
                    + (cause == null ? "it is " + state : messageOf(cause)), cause));
        }
        List<ComponentType> types = new ArrayList<>();
        List<WorkloadType> workloads = new ArrayList<>();
        List<Object> others = new ArrayList<>();
        ClassLoader loader = manager().getPluginClassLoader(id);
        for (String className : new TreeSet<>(manager().getExtensionClassNames(id))) {
            try {
                Class<?> extension = Class.forName(className, false, loader);
                if (ComponentType.class.isAssignableFrom(extension)) {
                    types.add((ComponentType) manager().getExtensionFactory().create(extension));
                } else if (WorkloadType.class.isAssignableFrom(extension)) {
                    workloads.add((WorkloadType) manager().getExtensionFactory().create(extension));
                } else if (ExtensionPoint.class.isAssignableFrom(extension)) {
                    others.add(manager().getExtensionFactory().create(extension));
                }
            } catch (ClassNotFoundException | RuntimeException | LinkageError e) {
                throw fail(entry, new PluginHostException(label(entry) + " cannot create its extension " + className
                        + ": " + messageOf(e), e));
            }
        }
        ExtensionRegistry trial = classPath().copy();
        for (PluginEntry other : entries.values()) {
            if (other != entry && other.status == PluginStatus.STARTED) {
                other.registerInto(trial);
            }
        }
        entry.types = types;
        entry.workloads = workloads;
        entry.otherExtensions = others;
        try {
            entry.registerInto(trial);
        } catch (IllegalArgumentException e) {
            throw fail(entry, new PluginHostException(label(entry) + " cannot start: " + e.getMessage(), e));
        }
        entry.componentNames = types.stream().map(ComponentType::name).sorted().toList();
        entry.workloadNames = workloads.stream().map(WorkloadType::name).sorted().toList();
        entry.status = PluginStatus.STARTED;
        entry.failure = null;
        entry.reportedMissing = false;
        LOG.info("started plugin '{}' {} from {}: component types {}, workload types {}", id, entry.version,
                entry.source, entry.componentNames, entry.workloadNames);
    }

    /** Marks the entry failed, unloads it from PF4J, and returns the exception to throw. */
    private PluginHostException fail(PluginEntry entry, PluginHostException e) {
        unloadQuietly(entry);
        entry.status = PluginStatus.FAILED;
        entry.failure = e.getMessage();
        LOG.warn("{}", e.getMessage());
        return e;
    }

    /** Drops the entry's extensions and unloads it from PF4J (closing its class loader). */
    private void unloadQuietly(PluginEntry entry) {
        entry.dropExtensions();
        if (entry.loaded) {
            entry.loaded = false;
            try {
                manager().unloadPlugin(entry.id);
            } catch (RuntimeException e) {
                LOG.warn("unloading plugin '{}' failed: {}", entry.id, e.getMessage(), e);
            }
        }
        PluginFiles.deleteExtraction(entry.source);
    }

    private boolean admits(String requires) {
        String constraint = requires.trim();
        if (constraint.isEmpty() || constraint.equals("*")) {
            return true;
        }
        if (constraint.matches("^\\d+\\.\\d+\\.\\d+$")) {
            constraint = ">=" + constraint;
        }
        try {
            return manager().getVersionManager().checkVersionConstraint(apiVersion, constraint);
        } catch (RuntimeException e) {
            return false;
        }
    }

    private PluginEntry require(String id) {
        Objects.requireNonNull(id, "id is null");
        PluginEntry entry = entries.get(id);
        if (entry == null) {
            throw new UnknownPluginException(id, entries.keySet());
        }
        return entry;
    }

    private PluginEntry bySource(Path source) {
        for (PluginEntry entry : entries.values()) {
            if (entry.source.equals(source)) {
                return entry;
            }
        }
        return null;
    }

    private PluginInfo info(PluginEntry entry) {
        return new PluginInfo(entry.id, entry.version, entry.requires, entry.description, entry.source, entry.status,
                entry.componentNames, entry.workloadNames, Optional.ofNullable(entry.failure),
                leases.holders(entry.id));
    }

    private synchronized PluginManager manager() {
        if (manager == null) {
            manager = Objects.requireNonNull(createPluginManager(pluginsRoot), "createPluginManager returned null");
            manager.setSystemVersion(apiVersion);
        }
        return manager;
    }

    private PluginDescriptorFinder descriptorFinder() {
        if (descriptorFinder == null) {
            descriptorFinder = Objects.requireNonNull(createDescriptorFinder(), "createDescriptorFinder returned null");
        }
        return descriptorFinder;
    }

    private PluginStatusProvider statusProvider() {
        if (statusProvider == null) {
            statusProvider = Objects.requireNonNull(createStatusProvider(pluginsRoot),
                    "createStatusProvider returned null");
        }
        return statusProvider;
    }

    private ExtensionRegistry classPath() {
        if (classPath == null) {
            classPath = Objects.requireNonNull(createClassPathRegistry(), "createClassPathRegistry returned null");
        }
        return classPath;
    }

    private static String label(PluginEntry entry) {
        return "plugin '" + entry.id + "' " + entry.version;
    }

    private static String requiresOf(PluginDescriptor descriptor) {
        String requires = descriptor.getRequires();
        return requires == null || requires.isBlank() ? "*" : requires.trim();
    }

    private static String orUnknown(String value) {
        return value == null || value.isBlank() ? "?" : value;
    }

    private static String messageOf(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage();
        return root.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }




}
