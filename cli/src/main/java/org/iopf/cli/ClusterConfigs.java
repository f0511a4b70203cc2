package org.iopf.cli;

import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.ExecutorConfig;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.NetworkConfig;
import org.iopf.core.sweep.ClusterSpec;

/**
 * The Hazelcast configuration of a member ({@code iopf worker}) and of the coordinator (a client,
 * {@code iopf sweep --cluster}) from a cluster file: the cluster's name, TCP-IP join with the
 * listed members only (no multicast, no auto-detection), the member bound to the file's interface
 * (127.0.0.1 unless it says otherwise), logging through SLF4J, and no phone-home.
 */
final class ClusterConfigs {
    /** How long the coordinator tries to reach a member, at the start and after losing them all. */
    static final long CONNECT_TIMEOUT_MILLIS = 60_000;

    private ClusterConfigs() {
    }

    /**
     * A member that runs {@code workers} runs at once on {@code worker}.
     *
     * @param port the port to listen on; {@code 0} for the file's port or the next free one up from it
     */
    static Config member(ClusterSpec spec, int workers, int port, ClusterWorker worker) {
        logThroughSlf4j();
        Config config = new Config();
        config.setClusterName(spec.name());
        quiet(config);
        config.setProperty("hazelcast.socket.bind.any", "false");
        config.setProperty("hazelcast.shutdownhook.policy", "GRACEFUL");
        // A member looks for the listed ones for a second or two rather than Hazelcast's 5 to 20 s.
        config.setProperty("hazelcast.wait.seconds.before.join", "1");
        config.setProperty("hazelcast.max.wait.seconds.before.join", "3");
        NetworkConfig network = config.getNetworkConfig();
        network.setPort(port > 0 ? port : spec.port());
        network.setPortAutoIncrement(port == 0);
        network.getInterfaces().setEnabled(true).addInterface(spec.networkInterface());
        JoinConfig join = network.getJoin();
        join.getMulticastConfig().setEnabled(false);
        join.getAutoDetectionConfig().setEnabled(false);
        join.getTcpIpConfig().setEnabled(true);
        spec.members().forEach(m -> join.getTcpIpConfig().addMember(m.toString()));
        config.addExecutorConfig(new ExecutorConfig(ClusterWorker.EXECUTOR, workers));
        config.getMemberAttributeConfig().setAttribute(ClusterWorker.WORKERS_ATTRIBUTE, Integer.toString(workers));
        config.getUserContext().put(ClusterWorker.CONTEXT_KEY, worker);
        return config;
    }

    /** The coordinator: a client of the listed members. */
    static ClientConfig client(ClusterSpec spec) {
        logThroughSlf4j();
        ClientConfig config = new ClientConfig();
        config.setClusterName(spec.name());
        config.setProperty("hazelcast.phone.home.enabled", "false");
        config.setProperty("hazelcast.logging.type", "slf4j");
        config.setProperty("hazelcast.client.shutdownhook.enabled", "false");
        spec.members().forEach(m -> config.getNetworkConfig().addAddress(m.toString()));
        config.getConnectionStrategyConfig().getConnectionRetryConfig()
                .setClusterConnectTimeoutMillis(CONNECT_TIMEOUT_MILLIS);
        return config;
    }

    // Hazelcast logs some lines before it reads a configuration (through java.util.logging unless told).
    private static void logThroughSlf4j() {
        System.setProperty("hazelcast.logging.type", "slf4j");
    }

    private static void quiet(Config config) {
        config.setProperty("hazelcast.phone.home.enabled", "false");
        config.setProperty("hazelcast.logging.type", "slf4j");
        config.setProperty("hazelcast.health.monitoring.level", "OFF");
    }
}
