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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
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
 * <p>{@link #loadAndStartLazily()} reads every descriptor but holds back the zips whose types a
 * start recorded in the cache ({@link PluginTypes}): such a plugin is loaded only when a caller
 * asks for one of its type names ({@link #startDeferred}), so a run loads only the plugins its
 * platform names. A plugin that offers extensions of other extension points is never held back.
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
    /** Files that are no plugin the host could load, or that another file's plugin was preferred to. */
    private final Map<Path, Rejection> rejected = new TreeMap<>();
    private final PluginLeases leases = new PluginLeases();
    /** Plugins read but held back by {@link #loadAndStartLazily()}, in the order they would have started. */
    private final Map<String, Deferred> deferred = new LinkedHashMap<>();
    private PluginManager manager;
    private PluginCache cache;
    private PluginCallGuard guard;
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

    /** Creates the cache zips are extracted into (never the plugins folder itself). */
    protected abstract PluginCache createPluginCache();

    /**
     * Whether a plugin is one of the distribution's own: among files with one plugin id, a stock
     * plugin is preferred to any other, whatever its version, and stock plugins start first, so a
     * newcomer whose type names clash with theirs is the one that fails.
     */
    protected abstract boolean isStock(PluginDescriptor descriptor);

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
        rejected.clear();
        scan(false, false);
        return plugins();
    }

    /**
     * As {@link #loadAndStartAll()}, except that a zip plugin whose types an earlier start recorded
     * in the cache, and which offers no extension of another extension point, is only read: its
     * descriptor is checked (and it may be preferred to another file of its id) but no class of it
     * is loaded until {@link #startDeferred} or {@link #startAllDeferred} asks for it. Until then it
     * is not listed by {@link #plugins()}. A later {@link #loadAndStartAll()} loads it too.
     *
     * @return the plugins the host loaded or refused, by id
     */
    public synchronized List<PluginInfo> loadAndStartLazily() {
        settled.clear();
        rejected.clear();
        scan(false, true);
        return plugins();
    }

    /**
     * Loads and starts the held-back plugins that declare a type with one of {@code typeNames}
     * (a name alone, or {@code library:name}; a library that is a held-back plugin's id loads that
     * plugin). Every plugin declaring a name is loaded, so a name two libraries have resolves as if
     * all plugins had started.
     *
     * @return whether any plugin was loaded (started, or failed)
     */
    public synchronized boolean startDeferred(Collection<String> typeNames) {
        Objects.requireNonNull(typeNames, "typeNames is null");
        List<Deferred> wanted = deferred.values().stream().filter(d -> d.types().mayDeclareAny(typeNames)).toList();
        wanted.forEach(this::startHeldBack);
        return !wanted.isEmpty();
    }

    /**
     * Loads and starts every held-back plugin.
     *
     * @return whether any plugin was loaded (started, or failed)
     */
    public synchronized boolean startAllDeferred() {
        List<Deferred> all = List.copyOf(deferred.values());
        all.forEach(this::startHeldBack);
        return !all.isEmpty();
    }

    /** The ids of the plugins {@link #loadAndStartLazily()} holds back, not loaded yet. */
    public synchronized Set<String> deferredPlugins() {
        return Set.copyOf(deferred.keySet());
    }

    private void startHeldBack(Deferred held) {
        deferred.remove(held.plugin().id());
        try {
            loadOrThrow(held.plugin());
        } catch (PluginHostException e) {
            // recorded: the plugin is FAILED with its reason, as a full load would have left it
        }
    }

    /** A plugin read but not loaded, with what it declared when it last started. */
    private record Deferred(PreparedPlugin plugin, PluginTypes types) {
    }

    /**
     * Every plugin the host knows, by id, and every file in the folder it refused (listed as
     * {@link PluginStatus#FAILED} or {@link PluginStatus#IGNORED} with the reason).
     */
    public synchronized List<PluginInfo> plugins() {
        List<PluginInfo> all = new ArrayList<>(entries.values().stream().map(this::info).toList());
        rejected.forEach((path, rejection) -> all.add(rejection.info(path)));
        all.sort(Comparator.comparing(PluginInfo::id)); // stable: of one id, the loaded entry comes first
        return List.copyOf(all);
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
        rejected.remove(source);
        PreparedPlugin prepared;
        try {
            prepared = prepare(source);
        } catch (PluginHostException e) {
            rejected.put(source, Rejection.failed(e.getMessage()));
            throw e;
        }
        deferred.remove(prepared.id());
        return info(loadOrThrow(prepared));
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
            case FAILED -> loadOrThrow(prepare(entry.source));
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
            entry.status = PluginStatus.STOPPED;
            PluginManager pf4j = manager();
            guard().call(label(entry), "stop", () -> pf4j.stopPlugin(id));
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
        return info(loadOrThrow(prepare(entry.source)));
    }

    /**
     * Enables a plugin ({@code enabled.txt}/{@code disabled.txt}) and, if it was disabled, loads
     * and starts it.
     */
    public synchronized void enable(String id) {
        PluginEntry entry = require(id);
        statusProvider().enablePlugin(id);
        if (entry.status == PluginStatus.DISABLED) {
            loadOrThrow(prepare(entry.source));
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
        rejected.clear();
        deferred.clear();
        leases.clear();
    }

    /** Releases a lease; called by {@link PluginLease#close()}. */
    synchronized void release(PluginLease lease) {
        leases.release(lease);
    }

    /** As {@link #scan(boolean, boolean)}, loading every plugin. */
    synchronized List<PluginEvent> scan(boolean leaveSettled) {
        return scan(leaveSettled, false);
    }

    /**
     * Brings the host in line with the folder: loads new files, reloads changed ones and unloads
     * deleted ones, except plugins in use.
     *
     * @param leaveSettled whether to leave alone files unloaded by hand or failed, until they change
     * @param lazily whether to hold back the plugins whose types the cache recorded (see {@link #loadAndStartLazily()})
     */
    synchronized List<PluginEvent> scan(boolean leaveSettled, boolean lazily) {
        List<PluginEvent> events = new ArrayList<>();
        deferred.clear();
        for (PluginEntry entry : List.copyOf(entries.values())) {
            if (entry.source.getParent().equals(pluginsRoot) && !Files.exists(entry.source)) {
                unloadDeleted(entry, events);
            }
        }
        rejected.keySet().removeIf(path -> !Files.exists(path));
        List<PreparedPlugin> prepared = new ArrayList<>();
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
            rejected.remove(candidate);
            try {
                prepared.add(prepare(candidate));
            } catch (PluginHostException e) {
                settled.put(candidate, modified.get());
                rejected.put(candidate, Rejection.failed(e.getMessage()));
                events.add(new PluginEvent(PluginEvent.Kind.FAILED, PluginFiles.baseName(candidate), e.getMessage()));
            }
        }
        for (PreparedPlugin plugin : choose(prepared, events)) {
            Optional<PluginTypes> recorded = lazily ? recordedTypes(plugin) : Optional.empty();
            if (recorded.isPresent() && !recorded.get().otherExtensions()) {
                deferred.put(plugin.id(), new Deferred(plugin, recorded.get()));
                continue;
            }
            try {
                PluginEntry loaded = loadOrThrow(plugin);
                events.add(new PluginEvent(PluginEvent.Kind.LOADED, loaded.id, "plugin '" + loaded.id + "' "
                        + loaded.version + " loaded from " + plugin.source().getFileName() + ", "
                        + loaded.status.name().toLowerCase(Locale.ROOT)));
            } catch (PluginHostException e) {
                PluginEntry failed = bySource(plugin.source());
                if (failed == null) {
                    PluginFiles.lastModified(plugin.source()).ifPresent(m -> settled.put(plugin.source(), m));
                    rejected.put(plugin.source(), Rejection.failed(e.getMessage()));
                }
                events.add(new PluginEvent(PluginEvent.Kind.FAILED, plugin.id(), e.getMessage()));
            }
        }
        return events;
    }

    /**
     * Of the files with one plugin id, keeps the one to load (a stock plugin, else the newest
     * version, else the first by name) and rejects the others as {@link PluginStatus#IGNORED}; a
     * file whose id is loaded already is ignored too. Returns the plugins to load in order: stock
     * plugins first, then the others by file name.
     */
    private List<PreparedPlugin> choose(List<PreparedPlugin> prepared, List<PluginEvent> events) {
        Map<String, List<PreparedPlugin>> byId = new TreeMap<>();
        for (PreparedPlugin plugin : prepared) {
            byId.computeIfAbsent(plugin.id(), id -> new ArrayList<>()).add(plugin);
        }
        List<PreparedPlugin> chosen = new ArrayList<>();
        for (Map.Entry<String, List<PreparedPlugin>> group : byId.entrySet()) {
            List<PreparedPlugin> files = new ArrayList<>(group.getValue());
            files.sort(this::preference);
            PluginEntry loaded = entries.get(group.getKey());
            PreparedPlugin winner = loaded != null && loaded.loaded ? null : files.get(0);
            for (PreparedPlugin file : files) {
                if (file == winner) {
                    chosen.add(file);
                    continue;
                }
                String reason = winner != null
                        ? "plugin '" + file.id() + "' " + file.version() + " in " + file.source().getFileName()
                            + " is ignored: " + winner.version() + " from " + winner.source().getFileName()
                            + " is loaded instead (" + (winner.stock() ? "the stock plugin" : "the newest version")
                            + ")"
                        : "plugin '" + file.id() + "' " + file.version() + " in " + file.source().getFileName()
                            + " is ignored: " + loaded.version + " from " + loaded.source.getFileName()
                            + " is loaded already; unload it first";
                LOG.info("{}", reason);
                PluginFiles.lastModified(file.source()).ifPresent(m -> settled.put(file.source(), m));
                rejected.put(file.source(), Rejection.ignored(file, reason));
                events.add(new PluginEvent(PluginEvent.Kind.FAILED, file.id(), reason));
            }
        }
        chosen.sort(Comparator.comparing((PreparedPlugin p) -> !p.stock())
                .thenComparing(p -> p.source().getFileName().toString()));
        return chosen;
    }

    /** What a zip's plugin declared at its last start from this content, if recorded by this API version. */
    private Optional<PluginTypes> recordedTypes(PreparedPlugin plugin) {
        if (!PluginCache.isZip(plugin.source())) {
            return Optional.empty();
        }
        return cache().types(plugin.loadable()).filter(t -> t.apiVersion().equals(apiVersion)
                && t.id().equals(plugin.id()) && t.version().equals(plugin.version()));
    }

    /** Records what a zip's plugin declared once it started, for {@link #loadAndStartLazily()} of later processes. */
    private void recordTypes(PreparedPlugin plugin, PluginEntry entry) {
        if (PluginCache.isZip(plugin.source())) {
            cache().recordTypes(plugin.loadable(), new PluginTypes(apiVersion, entry.id, entry.version,
                    entry.componentNames, entry.workloadNames, !entry.otherExtensions.isEmpty()));
        }
    }

    /** Stock before others, then newer versions before older, then by file name. */
    private int preference(PreparedPlugin a, PreparedPlugin b) {
        if (a.stock() != b.stock()) {
            return a.stock() ? -1 : 1;
        }
        int byVersion = manager().getVersionManager().compareVersions(b.version(), a.version());
        return byVersion != 0 ? byVersion : a.source().getFileName().compareTo(b.source().getFileName());
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

    /**
     * The plugin files in the folder: zips, jars, and folders with a descriptor. A folder beside a
     * zip of its name is left alone (older iopf versions, and PF4J itself, extracted zips there).
     */
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
            return Files.exists(path.resolve("plugin.properties"))
                    || Files.exists(path.resolve("META-INF").resolve("MANIFEST.MF"));
        }
        String lower = name.toLowerCase(Locale.ROOT);
        return lower.endsWith(".zip") || lower.endsWith(".jar");
    }

    /**
     * Reads a file's descriptor (extracting a zip into the cache first) and checks it: an id of
     * letters, digits, {@code .}, {@code _} and {@code -}, and a semantic version.
     *
     * @throws PluginHostException if the file is no plugin the host can load
     */
    private PreparedPlugin prepare(Path source) {
        Path loadable = PluginCache.isZip(source) ? cache().extract(source) : source;
        PluginDescriptor descriptor;
        try {
            descriptor = descriptorFinder().find(loadable);
        } catch (RuntimeException e) {
            throw new PluginHostException("cannot read the plugin descriptor of " + source.getFileName() + ": "
                    + messageOf(e), e);
        }
        String id = descriptor.getPluginId();
        if (id == null || id.isBlank()) {
            throw new PluginHostException(source.getFileName() + " has a plugin descriptor without a plugin id");
        }
        if (!PluginIds.isValid(id)) {
            throw new PluginHostException(source.getFileName() + " has an unusable plugin id '"
                    + PluginCache.printable(id) + "': " + PluginIds.RULE);
        }
        String version = descriptor.getVersion();
        if (version == null || version.isBlank()) {
            throw new PluginHostException("plugin '" + id + "' in " + source.getFileName() + " has no version");
        }
        try {
            manager().getVersionManager().compareVersions(version, version);
        } catch (RuntimeException e) {
            throw new PluginHostException("plugin '" + id + "' in " + source.getFileName() + " has version '"
                    + PluginCache.printable(version) + "', which is not a semantic version (major.minor.patch)");
        }
        return new PreparedPlugin(source, loadable, descriptor, isStock(descriptor));
    }

    private PluginEntry loadOrThrow(PreparedPlugin plugin) {
        Path source = plugin.source();
        PluginDescriptor descriptor = plugin.descriptor();
        String id = descriptor.getPluginId();
        PluginEntry existing = entries.get(id);
        if (existing != null && existing.loaded) {
            throw new PluginHostException("plugin '" + id + "' is loaded already (" + existing.version + " from "
                    + existing.source + "); cannot load " + source);
        }
        PluginEntry entry = new PluginEntry(id, source, PluginFiles.lastModified(source).orElse(null),
                orUnknown(descriptor.getVersion()),
                requiresOf(descriptor), PluginCache.printable(Objects.toString(descriptor.getPluginDescription(), "")));
        entries.put(id, entry);
        if (!admits(entry.requires)) {
            throw fail(entry, new PluginVersionMismatchException(id, entry.version, entry.requires, apiVersion));
        }
        if (statusProvider().isPluginDisabled(id)) {
            entry.status = PluginStatus.DISABLED;
            return entry;
        }
        try {
            manager().loadPlugin(plugin.loadable());
        } catch (RuntimeException e) {
            throw fail(entry, new PluginHostException("cannot load plugin '" + id + "' " + entry.version + " from "
                    + source + ": " + messageOf(e), e));
        }
        entry.loaded = true;
        entry.status = PluginStatus.RESOLVED;
        startOrThrow(entry);
        recordTypes(plugin, entry);
        return entry;
    }

    private void startOrThrow(PluginEntry entry) {
        String id = entry.id;
        Extensions extensions;
        try {
            PluginManager pf4j = manager();
            extensions = guard().call(label(entry), "start", () -> startAndCreateExtensions(entry, pf4j));
        } catch (PluginHostException e) {
            throw fail(entry, e);
        }
        ExtensionRegistry trial = classPath().copy();
        for (PluginEntry other : entries.values()) {
            if (other != entry && other.status == PluginStatus.STARTED) {
                other.registerInto(trial);
            }
        }
        entry.types = extensions.types();
        entry.workloads = extensions.workloads();
        entry.otherExtensions = extensions.others();
        try {
            entry.registerInto(trial);
        } catch (IllegalArgumentException e) {
            throw fail(entry, new PluginHostException(label(entry) + " cannot start: " + e.getMessage(), e));
        }
        entry.componentNames = extensions.types().stream().map(ComponentType::name).sorted().toList();
        entry.workloadNames = extensions.workloads().stream().map(WorkloadType::name).sorted().toList();
        entry.status = PluginStatus.STARTED;
        entry.failure = null;
        entry.reportedMissing = false;
        LOG.info("started plugin '{}' {} from {}: component types {}, workload types {}", id, entry.version,
                entry.source, entry.componentNames, entry.workloadNames);
    }

    /**
     * Starts the plugin in PF4J and creates its extensions, asking each type for its name,
     * description and parameters once, so that a type whose declarations throw fails here and not
     * in every later command. Runs under {@link PluginCallGuard}, on another thread: it must not
     * take the host's lock, so it is given the PF4J manager.
     */
    private Extensions startAndCreateExtensions(PluginEntry entry, PluginManager pf4j) throws ClassNotFoundException {
        String id = entry.id;
        PluginState state = pf4j.startPlugin(id);
        if (state != PluginState.STARTED) {
            PluginWrapper wrapper = pf4j.getPlugin(id);
            Throwable cause = wrapper == null ? null : wrapper.getFailedException();
            throw new PluginHostException(label(entry) + " failed to start: "
                    + (cause == null ? "it is " + state : messageOf(cause)), cause);
        }
        List<ComponentType> types = new ArrayList<>();
        List<WorkloadType> workloads = new ArrayList<>();
        List<Object> others = new ArrayList<>();
        ClassLoader loader = pf4j.getPluginClassLoader(id);
        for (String className : new TreeSet<>(pf4j.getExtensionClassNames(id))) {
            try {
                Class<?> extension = Class.forName(className, false, loader);
                if (ComponentType.class.isAssignableFrom(extension)) {
                    ComponentType type = (ComponentType) pf4j.getExtensionFactory().create(extension);
                    PluginDeclarations.check(type);
                    types.add(type);
                } else if (WorkloadType.class.isAssignableFrom(extension)) {
                    WorkloadType type = (WorkloadType) pf4j.getExtensionFactory().create(extension);
                    PluginDeclarations.check(type);
                    workloads.add(type);
                } else if (ExtensionPoint.class.isAssignableFrom(extension)) {
                    others.add(pf4j.getExtensionFactory().create(extension));
                }
            } catch (ClassNotFoundException | RuntimeException | LinkageError | AssertionError e) {
                throw new PluginHostException(label(entry) + " cannot create its extension " + className
                        + ": " + messageOf(e), e);
            }
        }
        return new Extensions(types, workloads, others);
    }

    /** What a started plugin contributes. */
    private record Extensions(List<ComponentType> types, List<WorkloadType> workloads, List<Object> others) {
    }

    /** Marks the entry failed, unloads it from PF4J, and returns the exception to throw. */
    private PluginHostException fail(PluginEntry entry, PluginHostException e) {
        unloadQuietly(entry);
        entry.status = PluginStatus.FAILED;
        entry.failure = e.getMessage();
        LOG.info("{}", e.getMessage()); // the host's user reports failures (the CLI warns on standard error)
        return e;
    }

    /** Drops the entry's extensions and unloads it from PF4J (closing its class loader). */
    private void unloadQuietly(PluginEntry entry) {
        entry.dropExtensions();
        if (entry.loaded) {
            entry.loaded = false;
            try {
                PluginManager pf4j = manager();
                guard().call(label(entry), "unload", () -> pf4j.unloadPlugin(entry.id));
            } catch (PluginHostException e) {
                LOG.warn("{}", e.getMessage());
            }
        }
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

    private PluginCache cache() {
        if (cache == null) {
            cache = Objects.requireNonNull(createPluginCache(), "createPluginCache returned null");
        }
        return cache;
    }

    private PluginCallGuard guard() {
        if (guard == null) {
            guard = PluginCallGuard.fromSystemProperties();
        }
        return guard;
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
        return requires == null || requires.isBlank() ? "*" : PluginCache.printable(requires.trim());
    }

    private static String orUnknown(String value) {
        return value == null || value.isBlank() ? "?" : value;
    }

    /** The root cause's class and message, on one line. */
    static String messageOf(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage();
        String line = message == null ? "" : ": " + PluginCache.printable(message.lines().findFirst().orElse(""));
        return root.getClass().getSimpleName() + line;
    }
}
