package org.iopf.core.sim;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.iopf.api.observe.Tracer;
import org.iopf.api.sim.BandwidthResource;
import org.iopf.api.sim.CpuCore;
import org.iopf.api.sim.DataRate;
import org.iopf.api.sim.Resources;
import org.iopf.api.sim.Scheduler;

/**
 * The {@link Resources} of one node: its CPU cores, built from {@link CoreGroup}s and named
 * {@code cluster.index} ({@code a53.0} to {@code a53.3}, then {@code r5.0}, {@code r5.1}), and the
 * {@link FifoBandwidthResource}s its components create.
 *
 * @since 0.1
 */
public final class NodeResources implements Resources {
    private final Scheduler scheduler;
    private final List<CpuCore> cores;
    private final Map<String, CpuCore> coresByName = new LinkedHashMap<>();
    private final Map<String, BandwidthResource> bandwidth = new LinkedHashMap<>();

    /**
     * Creates a node's resources.
     *
     * @param scheduler the simulation's scheduler, not null
     * @param coreGroups the node's cores by cluster, in declaration order, not null; a cluster may
     *     appear only once
     */
    public NodeResources(Scheduler scheduler, List<CoreGroup> coreGroups) {
        this(scheduler, coreGroups, "", Tracer.NONE);
    }

    /**
     * Creates a node's resources whose cores trace their work items on tracks
     * {@code <node>/<core>} ({@code node1/a53.0}).
     *
     * @param scheduler the simulation's scheduler, not null
     * @param coreGroups the node's cores by cluster, in declaration order, not null; a cluster may
     *     appear only once
     * @param node the node's name, for the cores' tracks, not null
     * @param tracer the run's tracer, not null
     */
    public NodeResources(Scheduler scheduler, List<CoreGroup> coreGroups, String node, Tracer tracer) {
        requireNonNull(node, "node is null");
        requireNonNull(tracer, "tracer is null");
        this.scheduler = requireNonNull(scheduler, "scheduler is null");
        requireNonNull(coreGroups, "coreGroups is null");
        List<CpuCore> all = new ArrayList<>();
        Set<String> clusters = new HashSet<>();
        for (CoreGroup group : coreGroups) {
            requireNonNull(group, "core group is null");
            if (!clusters.add(group.cluster())) {
                throw new IllegalArgumentException("cluster '" + group.cluster() + "' is declared twice");
            }
            for (int i = 0; i < group.count(); i++) {
                String name = group.cluster() + "." + i;
                SimCpuCore core = new SimCpuCore(scheduler, name, group.cluster(), tracer,
                        node.isEmpty() ? name : node + "/" + name);
                all.add(core);
                coresByName.put(core.name(), core);
            }
        }
        this.cores = Collections.unmodifiableList(all);
    }

    @Override
    public BandwidthResource bandwidth(String name, DataRate rate) {
        requireNonNull(name, "name is null");
        requireNonNull(rate, "rate is null");
        if (bandwidth.containsKey(name)) {
            throw new IllegalArgumentException("bandwidth resource '" + name + "' already exists; names are "
                    + bandwidth.keySet());
        }
        FifoBandwidthResource resource = new FifoBandwidthResource(scheduler, name, rate);
        bandwidth.put(name, resource);
        return resource;
    }

    /** How many bandwidth resources exist now; {@link #rollBackTo} takes back those created after. */
    public int checkpoint() {
        return bandwidth.size();
    }

    /**
     * Removes the bandwidth resources created after {@code checkpoint}: what a component that failed
     * while being created had taken, so that nothing of it is left behind.
     */
    public void rollBackTo(int checkpoint) {
        if (checkpoint < 0 || checkpoint > bandwidth.size()) {
            throw new IllegalArgumentException("no such checkpoint: " + checkpoint + " of " + bandwidth.size());
        }
        var names = new ArrayList<>(bandwidth.keySet());
        for (String name : names.subList(checkpoint, names.size())) {
            bandwidth.remove(name);
        }
    }

    /** The bandwidth resources created so far, in creation order (unmodifiable). */
    public List<BandwidthResource> bandwidthResources() {
        return List.copyOf(bandwidth.values());
    }

    @Override
    public List<CpuCore> cores() {
        return cores;
    }

    @Override
    public List<CpuCore> cores(String cluster) {
        requireNonNull(cluster, "cluster is null");
        return cores.stream().filter(core -> core.cluster().equals(cluster)).toList();
    }

    @Override
    public Optional<CpuCore> core(String name) {
        requireNonNull(name, "name is null");
        return Optional.ofNullable(coresByName.get(name));
    }
}
