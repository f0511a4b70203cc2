package org.iopf.cli;

import com.hazelcast.cluster.Address;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.iopf.cli.ClusterWire.ExpectationData;
import org.iopf.cli.ClusterWire.PluginRef;
import org.iopf.cli.ClusterWire.Reply;
import org.iopf.core.platform.Scenario;
import org.iopf.core.platform.file.PlatformFileReader;
import org.iopf.core.plugin.PluginCache;
import org.iopf.core.plugin.PluginHost;
import org.iopf.core.plugin.PluginHostException;
import org.iopf.core.plugin.PluginInfo;
import org.iopf.core.plugin.PluginStatus;
import org.iopf.core.sweep.MetricSelection;
import org.iopf.core.sweep.SweepPoint;

/**
 * What a cluster member ({@code iopf worker}) does with a task: makes sure it has every plugin
 * the run needs — by SHA-256, taking a zip it lacks from the coordinator's shared map and loading
 * it, verified by its hash — or refuses the run naming the plugin; then reads the point's text
 * with the platform file reader and runs it by {@link SweepRunner#runOne}, the code path of a
 * local sweep, and answers with the row as values. One line per run goes to standard error unless
 * quiet.
 */
final class ClusterWorker {
    /** Where a member's Hazelcast user context holds its worker. */
    static final String CONTEXT_KEY = "iopf.worker";
    /** The map, SHA-256 to zip bytes, in which the coordinator shares the plugins a sweep needs. */
    static final String PLUGIN_ZIPS = "iopf-plugin-zips";
    /** The members' executor that runs the tasks. */
    static final String EXECUTOR = "iopf-runs";
    /** The member attribute that says how many runs it takes at once. */
    static final String WORKERS_ATTRIBUTE = "iopf.workers";

    private final PluginHost host;
    private final ScenarioExecutor executor;
    private final Path received;
    private final PrintWriter log;
    private final boolean quiet;
    private final Map<Path, String> hashes = new ConcurrentHashMap<>();
    private volatile HazelcastInstance instance;

    /**
     * A worker over {@code host}'s plugins.
     *
     * @param received where zips received from the coordinator are kept
     * @param log standard error
     */
    ClusterWorker(PluginHost host, Path received, PrintWriter log, boolean quiet) {
        this.host = Objects.requireNonNull(host, "host is null");
        this.executor = new ScenarioExecutor(host, new StatusOutput(log, TerminalInfo.NONE, true, true));
        this.received = Objects.requireNonNull(received, "received is null");
        this.log = Objects.requireNonNull(log, "log is null");
        this.quiet = quiet;
    }

    /** Ties the worker to the member it serves. */
    void attach(HazelcastInstance member) {
        this.instance = Objects.requireNonNull(member, "member is null");
    }

    /** {@code host:port} of the local member of {@code instance}. */
    static String address(HazelcastInstance instance) {
        Address a = instance.getCluster().getLocalMember().getAddress();
        return a.getHost() + ":" + a.getPort();
    }

    /** Runs {@code task}, or refuses it when a plugin it needs cannot be had. */
    Reply run(ClusterTask task) {
        String member = address(instance);
        Optional<String> lacking = ensurePlugins(task.plugins, member);
        if (lacking.isPresent()) {
            say("refused point " + task.pointNumber + ": " + lacking.get());
            return Reply.refused(task.key, member, lacking.get());
        }
        long start = System.nanoTime();
        List<org.iopf.core.platform.Expectation> written = task.expectations.stream()
                .map(ExpectationData::expectation).toList();
        Scenario scenario;
        try {
            Scenario read = new PlatformFileReader(host.registry()).read(task.source, task.platformText);
            scenario = new Scenario(read.name(), read.description(), read.source(), read.platform(), read.workload(),
                    written);
        } catch (RuntimeException e) {
            String message = "member " + member + " cannot read the point (is it the same iopf version?): "
                    + ErrorReporter.message(e);
            say("point " + task.pointNumber + " " + message);
            return new Reply(task.key, member, null, SweepRow.FAILED, message, (System.nanoTime() - start) / 1e9, -1,
                    List.of(), List.of());
        }
        String id = task.key.substring(0, task.key.indexOf('/'));
        SweepPoint point = new SweepPoint(task.pointNumber - 1, id, List.of(), task.label, scenario, List.of(),
                task.platformText);
        SweepRun run = new SweepRun(point, task.replication, task.seed);
        SweepRow row = SweepRunner.runOne(executor, run, new MetricSelection(task.metrics));
        say(String.format(Locale.ROOT, "point %d replication %d (%s): %s in %.2f s", task.pointNumber,
                task.replication, task.label, row.status(), row.wallSeconds()));
        return Reply.of(task.key, member, row, written);
    }

    private void say(String line) {
        if (!quiet) {
            synchronized (log) {
                log.println("iopf worker: " + line);
                log.flush();
            }
        }
    }

    /** Empty when every plugin is here and started; else why not, naming the plugin. */
    private synchronized Optional<String> ensurePlugins(List<PluginRef> plugins, String member) {
        for (PluginRef ref : plugins) {
            String lacks = "member " + member + " lacks plugin " + ref;
            Optional<PluginInfo> info = host.plugin(ref.id());
            if (info.isPresent()) {
                PluginInfo have = info.get();
                if (have.status() == PluginStatus.STARTED && matches(have, ref)) {
                    continue;
                }
                return Optional.of(lacks + "; it has " + have.id() + " " + have.version()
                        + hashOf(have.path()).map(h -> " (sha256 " + h + ")").orElse("") + ", "
                        + have.status().name().toLowerCase(Locale.ROOT));
            }
            if (ref.sha256().isEmpty()) {
                return Optional.of(lacks + "; it is shared as a folder, not a zip, so it cannot be sent");
            }
            IMap<String, byte[]> zips = instance.getMap(PLUGIN_ZIPS);
            byte[] zip = zips.get(ref.sha256());
            if (zip == null) {
                return Optional.of(lacks + "; the coordinator did not share it");
            }
            if (!sha256(zip).equals(ref.sha256())) {
                return Optional.of(lacks + "; the zip received does not match its SHA-256");
            }
            try {
                Path file = store(ref, zip);
                PluginInfo loaded = host.load(file);
                if (loaded.status() != PluginStatus.STARTED) {
                    return Optional.of(lacks + "; the zip received is " + loaded.status().name()
                            .toLowerCase(Locale.ROOT));
                }
                say("loaded plugin " + ref + " received from the coordinator");
            } catch (PluginHostException | UncheckedIOException e) {
                return Optional.of(lacks + "; the zip received does not load: " + e.getMessage());
            }
        }
        return Optional.empty();
    }

    private Path store(PluginRef ref, byte[] zip) {
        try {
            Files.createDirectories(received);
            // named by its hash alone (checked to be the zip's): a name from the wire never becomes a path
            Path file = received.resolve(ref.sha256() + ".zip");
            Path temporary = Files.createTempFile(received, ".receiving-", ".zip");
            Files.write(temporary, zip);
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep a received plugin in " + received + ": " + e.getMessage(), e);
        }
    }

    private boolean matches(PluginInfo have, PluginRef ref) {
        if (ref.sha256().isEmpty()) {
            return have.version().equals(ref.version());
        }
        return hashOf(have.path()).map(ref.sha256()::equals).orElse(have.version().equals(ref.version()));
    }

    private Optional<String> hashOf(Path path) {
        if (!Files.isRegularFile(path)) {
            return Optional.empty();
        }
        return Optional.of(hashes.computeIfAbsent(path, PluginCache::sha256));
    }

    /** The SHA-256 of {@code bytes}, in hex. */
    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no SHA-256 in this JVM", e);
        }
    }
}
