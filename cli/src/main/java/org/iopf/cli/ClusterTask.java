package org.iopf.cli;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;
import java.io.Serializable;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import org.iopf.cli.ClusterWire.ExpectationData;
import org.iopf.cli.ClusterWire.PluginRef;
import org.iopf.cli.ClusterWire.Reply;

/**
 * One run of a sweep as the coordinator sends it to a member: the point's platform as YAML text
 * (with the source to name in messages), the run's seed and replication, the point's expectations,
 * the figures to keep and the plugins it needs. The member runs it through its
 * {@link ClusterWorker}, which it finds in the Hazelcast instance's user context.
 */
final class ClusterTask implements Callable<Reply>, Serializable, HazelcastInstanceAware {
    private static final long serialVersionUID = 1L;

    final String key;
    final int pointNumber;
    final String label;
    final String source;
    final String platformText;
    final long seed;
    final int replication;
    final List<ExpectationData> expectations;
    final List<String> metrics;
    final List<PluginRef> plugins;
    private transient HazelcastInstance instance;

    ClusterTask(SweepRun run, List<String> metrics, List<PluginRef> plugins) {
        this.key = run.key();
        this.pointNumber = run.point().index() + 1;
        this.label = run.point().label();
        this.source = run.point().scenario().source();
        this.platformText = run.point().platformText();
        this.seed = run.seed();
        this.replication = run.replication();
        this.expectations = run.point().scenario().expectations().stream().map(ExpectationData::of).toList();
        this.metrics = List.copyOf(metrics);
        this.plugins = List.copyOf(plugins);
    }

    @Override
    public void setHazelcastInstance(HazelcastInstance hazelcastInstance) {
        this.instance = hazelcastInstance;
    }

    @Override
    public Reply call() {
        Objects.requireNonNull(instance, "no Hazelcast instance was set");
        Object worker = instance.getUserContext().get(ClusterWorker.CONTEXT_KEY);
        if (!(worker instanceof ClusterWorker w)) {
            return Reply.refused(key, ClusterWorker.address(instance), "member " + ClusterWorker.address(instance)
                    + " is no iopf worker");
        }
        return w.run(this);
    }
}
