package org.iopf.cli;

import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.HazelcastClientNotActiveException;
import com.hazelcast.cluster.InitialMembershipEvent;
import com.hazelcast.cluster.InitialMembershipListener;
import com.hazelcast.cluster.Member;
import com.hazelcast.cluster.MembershipEvent;
import com.hazelcast.core.ExecutionCallback;
import com.hazelcast.core.HazelcastException;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceNotActiveException;
import com.hazelcast.core.IExecutorService;
import com.hazelcast.core.LifecycleEvent.LifecycleState;
import com.hazelcast.core.MemberLeftException;
import com.hazelcast.spi.exception.TargetDisconnectedException;
import com.hazelcast.spi.exception.TargetNotMemberException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Consumer;
import org.iopf.cli.ClusterSchedule.Assignment;
import org.iopf.cli.ClusterWire.PluginRef;
import org.iopf.cli.ClusterWire.Reply;
import org.iopf.core.plugin.PluginHost;
import org.iopf.core.plugin.PluginInfo;
import org.iopf.core.sweep.ClusterSpec;
import org.iopf.core.sweep.MetricSelection;

/**
 * Runs a sweep's runs on the members of a cluster ({@code iopf sweep --cluster}): a Hazelcast
 * client that shares the plugin zips the runs need, hands each run to one member at a time as a
 * {@link ClusterTask} (the {@link ClusterSchedule} decides which), and gives each run's first row
 * to the caller's thread, the only writer of the results. A member that leaves, or whose call is
 * lost, has its unfinished runs run elsewhere; a late or second row of a run is dropped.
 */
final class ClusterCoordinator implements SweepPool {
    private final HazelcastInstance client;
    private final ClusterSpec spec;
    private final String source;
    private final PluginHost host;
    private final StatusOutput status;
    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private int workers;

    /** What happens while a sweep runs, in the order the coordinator's thread sees it. */
    private sealed interface Event {
    }

    private record Joined(Member member) implements Event {
    }

    private record Left(Member member) implements Event {
    }

    private record Answered(Reply reply, String member) implements Event {
    }

    private record Failed(String key, String member, Throwable problem) implements Event {
    }

    private record ShuttingDown() implements Event {
    }

    private ClusterCoordinator(HazelcastInstance client, ClusterSpec spec, String source, PluginHost host,
            StatusOutput status) {
        this.client = client;
        this.spec = spec;
        this.source = source;
        this.host = host;
        this.status = status;
    }

    /**
     * Connects to the cluster of {@code spec}.
     *
     * @param source the cluster file, for messages
     * @throws BadInputException if no member answers within {@link ClusterConfigs#CONNECT_TIMEOUT_MILLIS}
     */
    static ClusterCoordinator connect(ClusterSpec spec, String source, PluginHost host, StatusOutput status) {
        Objects.requireNonNull(spec, "spec is null");
        status.note("connecting to cluster " + spec.name() + " at " + spec.members());
        HazelcastInstance client;
        try {
            client = HazelcastClient.newHazelcastClient(ClusterConfigs.client(spec));
        } catch (IllegalStateException | HazelcastException e) {
            throw new BadInputException("no member of cluster '" + spec.name() + "' answered at " + spec.members()
                    + " within " + ClusterConfigs.CONNECT_TIMEOUT_MILLIS / 1000 + " s (" + source
                    + "); start members with: iopf worker --cluster " + source);
        }
        return new ClusterCoordinator(client, spec, source, host, status);
    }

    @Override
    public void run(List<SweepRun> runs, MetricSelection metrics, Consumer<SweepRow> rows) {
        int[] recorded = {0};
        Consumer<SweepRow> sink = row -> {
            recorded[0]++;
            rows.accept(row);
        };
        Map<String, SweepRun> byKey = new LinkedHashMap<>();
        runs.forEach(r -> byKey.put(r.key(), r));
        Map<String, List<PluginRef>> pluginsOf = share(runs);
        ClusterSchedule schedule = new ClusterSchedule(new ArrayList<>(byKey.keySet()));
        Map<String, Member> members = new HashMap<>();
        IExecutorService executor = client.getExecutorService(ClusterWorker.EXECUTOR);
        UUID lifecycle = client.getLifecycleService().addLifecycleListener(e -> {
            if (e.getState() == LifecycleState.SHUTTING_DOWN) {
                events.add(new ShuttingDown());
            }
        });
        UUID membership = client.getCluster().addMembershipListener(new InitialMembershipListener() {
            @Override
            public void init(InitialMembershipEvent event) {
                event.getMembers().forEach(m -> events.add(new Joined(m)));
            }

            @Override
            public void memberAdded(MembershipEvent event) {
                events.add(new Joined(event.getMember()));
            }

            @Override
            public void memberRemoved(MembershipEvent event) {
                events.add(new Left(event.getMember()));
            }
        });
        try {
            boolean waiting = false;
            while (!schedule.finished()) {
                for (Assignment a : schedule.assign()) {
                    SweepRun run = byKey.get(a.key());
                    ClusterTask task = new ClusterTask(run, metrics.patterns(), pluginsOf.get(run.point().id()));
                    executor.submitToMember(task, members.get(a.member()), callback(a));
                }
                if (!schedule.hasMembers() && events.isEmpty() && !waiting) {
                    status.note("waiting for a member of cluster " + spec.name() + " (" + spec.members() + ")");
                }
                waiting = !schedule.hasMembers();
                Event event = events.take();
                if (event instanceof Joined j && members.putIfAbsent(j.member().getUuid().toString(), j.member())
                        == null) {
                    schedule.memberJoined(j.member().getUuid().toString(), workersOf(j.member()));
                    workers = Math.max(workers, schedule.workers());
                } else if (event instanceof Left l) {
                    List<String> back = schedule.memberLeft(l.member().getUuid().toString());
                    members.remove(l.member().getUuid().toString());
                    status.note("member " + address(l.member()) + " left" + (back.isEmpty() ? "" : "; its "
                            + back.size() + " unfinished run" + (back.size() == 1 ? "" : "s") + " will run elsewhere"));
                } else if (event instanceof Answered a) {
                    answered(a, schedule, byKey, sink);
                } else if (event instanceof Failed f) {
                    failed(f, schedule, byKey, members, sink);
                } else if (event instanceof ShuttingDown) {
                    throw new BadInputException("lost every member of cluster '" + spec.name() + "' ("
                            + source + ") for " + ClusterConfigs.CONNECT_TIMEOUT_MILLIS / 1000 + " s with "
                            + (byKey.size() - recorded[0]) + " runs left; the rows done are kept: run the sweep "
                            + "again to run the rest");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the sweep ran", e);
        } finally {
            if (client.getLifecycleService().isRunning()) {
                client.getCluster().removeMembershipListener(membership);
                client.getLifecycleService().removeLifecycleListener(lifecycle);
            }
        }
    }

    private void answered(Answered a, ClusterSchedule schedule, Map<String, SweepRun> byKey, Consumer<SweepRow> sink) {
        Reply reply = a.reply();
        if (reply.isRefusal()) {
            status.note(reply.refusal());
            if (schedule.refused(reply.key(), a.member()) && schedule.accept(reply.key(), a.member())) {
                sink.accept(SweepRow.failed(byKey.get(reply.key()), reply.refusal(), 0));
            }
        } else if (schedule.accept(reply.key(), a.member())) {
            sink.accept(reply.row(byKey.get(reply.key())));
        }
    }

    private void failed(Failed f, ClusterSchedule schedule, Map<String, SweepRun> byKey, Map<String, Member> members,
            Consumer<SweepRow> sink) {
        if (isMemberGone(f.problem())) {
            schedule.lost(f.key(), f.member());
            Member m = members.get(f.member());
            status.note("lost the call of a run to member " + (m == null ? f.member() : address(m)) + " ("
                    + f.problem().getClass().getSimpleName().replace("Exception", "") + "); it will run elsewhere");
        } else if (schedule.accept(f.key(), f.member())) {
            sink.accept(SweepRow.failed(byKey.get(f.key()), "internal error: " + f.problem(), 0));
        }
    }

    private static boolean isMemberGone(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof MemberLeftException || c instanceof TargetNotMemberException
                    || c instanceof TargetDisconnectedException || c instanceof HazelcastInstanceNotActiveException
                    || c instanceof HazelcastClientNotActiveException || c instanceof java.io.IOException) {
                return true;
            }
        }
        return false;
    }

    private ExecutionCallback<Reply> callback(Assignment a) {
        return new ExecutionCallback<>() {
            @Override
            public void onResponse(Reply response) {
                events.add(new Answered(response, a.member()));
            }

            @Override
            public void onFailure(Throwable t) {
                events.add(new Failed(a.key(), a.member(), t));
            }
        };
    }

    private static int workersOf(Member member) {
        String value = member.getAttribute(ClusterWorker.WORKERS_ATTRIBUTE);
        try {
            return value == null ? 1 : Math.max(1, Integer.parseInt(value));
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    private static String address(Member m) {
        return m.getAddress().getHost() + ":" + m.getAddress().getPort();
    }

    /**
     * The plugins each point's runs need (by point id), with their zips put into the cluster's
     * shared map so that a member that lacks one can load it.
     */
    private Map<String, List<PluginRef>> share(List<SweepRun> runs) {
        Map<String, PluginRef> refs = new HashMap<>();
        Map<String, byte[]> zips = new HashMap<>();
        Map<String, List<PluginRef>> byPoint = new HashMap<>();
        for (SweepRun run : runs) {
            byPoint.computeIfAbsent(run.point().id(), id -> {
                List<PluginRef> needed = new ArrayList<>();
                for (String plugin : ScenarioExecutor.pluginsUsed(run.point().scenario(), host.registry())) {
                    needed.add(refs.computeIfAbsent(plugin, p -> ref(p, zips)));
                }
                return List.copyOf(needed);
            });
        }
        if (!zips.isEmpty()) {
            client.<String, byte[]>getMap(ClusterWorker.PLUGIN_ZIPS).putAll(zips);
        }
        return byPoint;
    }

    private PluginRef ref(String id, Map<String, byte[]> zips) {
        Optional<PluginInfo> info = host.plugin(id);
        if (info.isEmpty()) {
            return new PluginRef(id, "?", "");
        }
        Path path = info.get().path();
        if (!Files.isRegularFile(path)) {
            return new PluginRef(id, info.get().version(), "");
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(path);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot read plugin " + path + ": " + e.getMessage(), e);
        }
        String sha = ClusterWorker.sha256(bytes);
        zips.put(sha, bytes);
        return new PluginRef(id, info.get().version(), sha);
    }

    @Override
    public int workers() {
        return workers;
    }

    @Override
    public void close() {
        client.shutdown();
    }
}
