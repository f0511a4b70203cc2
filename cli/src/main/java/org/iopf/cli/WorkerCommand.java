package org.iopf.cli;

import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastException;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.LifecycleEvent.LifecycleState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.iopf.core.platform.file.ClusterFileReader;
import org.iopf.core.plugin.PluginCache;
import org.iopf.core.plugin.PluginHost;
import org.iopf.core.plugin.PluginInfo;
import org.iopf.core.plugin.PluginStatus;
import org.iopf.core.sweep.ClusterSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code iopf worker --cluster FILE}: starts a member of the cluster that the file describes, which
 * runs the points that {@code iopf sweep --cluster FILE} hands it, until stopped (Ctrl-C,
 * SIGTERM), and then leaves the cluster, whose other members take over its unfinished runs.
 */
@Command(name = "worker", mixinStandardHelpOptions = true,
        description = {"Starts a member of a cluster (Hazelcast) that runs the points of iopf sweep --cluster FILE, "
            + "until stopped with Ctrl-C or SIGTERM. It joins the members listed in FILE, listens on FILE's port (or the "
            + "next free one up from it) at FILE's interface (127.0.0.1 unless FILE says otherwise), and runs N points at "
            + "once with the plugins of --plugins DIR; a plugin zip it lacks is sent by the coordinator. One line per "
            + "point goes to standard error (none with --quiet).",
            "The cluster file is described in docs/sweeps.md."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:stopped", "2:bad input (the cluster file, an option, a port in use)",
            "3:an internal error of iopf (a bug; the stack trace is printed)",
            "130, 143:stopped by Ctrl-C or SIGTERM (after leaving the cluster)"})
final class WorkerCommand implements Callable<Integer> {
    @ParentCommand
    IopfCommand parent;

    @Option(names = "--cluster", paramLabel = "FILE", required = true, description = "The cluster file (YAML).")
    Path cluster;

    @Option(names = "--workers", paramLabel = "N",
            description = "Points run at once (default: the number of cores, here ${DEFAULT-VALUE}).")
    int workers = Runtime.getRuntime().availableProcessors();

    @Option(names = "--port", paramLabel = "PORT",
            description = "Listen on PORT exactly, instead of the cluster file's port or the next free one up from it.")
    int port;

    @Override
    public Integer call() throws InterruptedException {
        if (workers < 1) {
            throw new BadInputException("--workers " + workers + ": expected a whole number of workers >= 1");
        }
        if (port < 0 || port > 65535) {
            throw new BadInputException("--port " + port + ": expected a port from 1 to 65535");
        }
        ClusterSpec spec = read(cluster);
        CliEnvironment env = parent.env();
        PluginHost host = parent.session().host();
        ClusterWorker worker = new ClusterWorker(host, PluginCache.forUser().root().resolve("received"), env.err(),
                parent.quiet);
        HazelcastInstance member;
        try {
            member = Hazelcast.newHazelcastInstance(ClusterConfigs.member(spec, workers, port, worker));
        } catch (HazelcastException e) {
            throw new BadInputException("cannot start a member of cluster '" + spec.name() + "' at "
                    + spec.networkInterface() + ":" + (port > 0 ? port : spec.port()) + " (" + cluster + "): "
                    + e.getMessage());
        }
        worker.attach(member);
        CountDownLatch stopped = new CountDownLatch(1);
        member.getLifecycleService().addLifecycleListener(e -> {
            if (e.getState() == LifecycleState.SHUTDOWN) {
                stopped.countDown();
            }
        });
        List<String> plugins = host.plugins().stream().filter(p -> p.status() == PluginStatus.STARTED)
                .map(PluginInfo::id).toList();
        parent.status(false).note("iopf worker: member " + ClusterWorker.address(member) + " of cluster " + spec.name()
                + " (" + member.getCluster().getMembers().size() + " members), " + workers + " worker"
                + (workers == 1 ? "" : "s") + ", plugins " + plugins + "; stop with Ctrl-C");
        stopped.await();
        return ExitCode.OK;
    }

    /** The cluster file, read. */
    static ClusterSpec read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new BadInputException("no such cluster file: " + file);
        }
        return new ClusterFileReader().read(file);
    }
}
