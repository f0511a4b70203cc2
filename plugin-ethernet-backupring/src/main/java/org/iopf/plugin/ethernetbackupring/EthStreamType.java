package org.iopf.plugin.ethernetbackupring;

import java.util.List;
import org.iopf.api.observe.StatisticSpec;
import org.iopf.api.platform.NodeRequirement;
import org.iopf.api.platform.Parameter;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.Parameters;
import org.iopf.api.platform.Role;
import org.iopf.api.platform.Source;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadType;
import org.pf4j.Extension;

/**
 * Workload type {@code eth-stream}: one TCP-like stream between two {@code eth-nic}s into an
 * unpinned (or pinned) rx buffer, with a cold-ring trigger (FIDELITY C2-C6). Besides
 * {@code workload.bytes}, {@code .messages}, {@code .elapsed} and
 * {@code .integrity.mismatchedPages}, it reports {@code workload.eth.recovery} (ns),
 * {@code .coldThroughput} and {@code .steadyThroughput} (bits/s), {@code .throughputDropPercent},
 * {@code .rxBufferBytes}, {@code .backupRingBytes}, {@code .ringOverheadPercent} and
 * {@code .triggerBytes}; with {@code trigger: cow} also {@code .cowFaults} and
 * {@code .childMismatchedPages}.
 *
 * @since 0.1
 */
@Extension
public final class EthStreamType implements WorkloadType {
    static final Parameter<String> SOURCE = Parameter.node("source", "node whose eth-nic sends").byDefault("node1");
    static final Parameter<String> TARGET = Parameter.node("target", "node whose eth-nic receives").byDefault("node2");
    static final Parameter<Long> BYTES = Parameter.bytes("bytes", "length of the stream").byDefault("512MiB")
            .range("1B", "1TiB").from(Source.assumption("long enough that the steady rate follows the cold start"));
    static final Parameter<Long> BUFFER_SIZE = Parameter.bytes("bufferSize",
            "the application's rx buffer (used as a ring in stream order); a multiple of 4 KiB").byDefault("64MiB")
            .range("4KiB", "64GiB").multipleOf("4KiB").from(Source.seed("001", "§3.2 (C5: 64 MiB rx buffer)"));
    static final Parameter<String> MODE = Parameter.choice("mode",
            "pinned: buffer pinned and mapped; cold-ring: drop on fault; backup-ring: faulting packets to the backup "
                    + "ring; backup-ring-prototype: every packet to both rings",
            "pinned", "cold-ring", "backup-ring", "backup-ring-prototype").byDefault("backup-ring")
            .from(Source.seed("001", "§3.1-3.3 (C2-C4)"));
    static final Parameter<String> TRIGGER = Parameter.choice("trigger",
            "what makes the ring cold: none, start-up (buffer never touched), swap (buffer reclaimed at triggerAt), "
                    + "numa-migration (buffer migrated at triggerAt), cow (the receiving process forks at triggerAt: "
                    + "the buffer becomes copy-on-write)", "none", "startup", "swap", "numa-migration", "cow")
            .byDefault("startup").from(Source.seed("001", "§3.1 (C6)"));
    static final Parameter<Long> TRIGGER_AT = Parameter.duration("triggerAt",
            "when the swap, migration or cow trigger acts").byDefault("100ms").range("0ns", "100s")
            .from(Source.assumption("after the stream has reached its steady rate"));
    static final Parameter<Integer> NUMA_TARGET = Parameter.count("numaTarget",
            "the NUMA node the migration trigger moves the buffer to").byDefault("1").range(0, 63)
            .from(Source.assumption("the second NUMA node of a two-node host"));
    static final Parameter<String> VERIFY = Parameter.choice("verify",
            "final: compare the stream's last bufferSize bytes with the buffer at the end; delivery: compare every "
                    + "delivery when it happens (slower)", "final", "delivery").byDefault("final")
            .from(Source.assumption("the end state checks every byte of the buffer"));
    static final Parameter<Long> SAMPLE_INTERVAL = Parameter.duration("sampleInterval",
            "width of the throughput samples that recovery is measured from").byDefault("1ms").range("1us", "1s")
            .from(Source.assumption("fine enough for recoveries of 100s of ms"));

    static final StatisticSpec TRIGGER_BYTES = StatisticSpec.counter("eth.triggerBytes", "bytes",
            "bytes reclaimed, migrated or write-protected by the trigger");
    static final StatisticSpec CHILD_MISMATCHED_PAGES = StatisticSpec.counter("eth.childMismatchedPages", "pages",
            "pages of the forked child that differ from what it inherited (trigger cow)");
    static final StatisticSpec COW_FAULTS = StatisticSpec.gauge("eth.cowFaults", "faults",
            "copy-on-write copies since the fork (trigger cow)");
    static final StatisticSpec RECOVERY = StatisticSpec.gauge("eth.recovery", "ns",
            "from the trigger until ten samples in a row are back at 90% of the steady rate");
    static final StatisticSpec COLD_THROUGHPUT = StatisticSpec.gauge("eth.coldThroughput", "bits/s",
            "throughput from the trigger to the recovery");
    static final StatisticSpec STEADY_THROUGHPUT = StatisticSpec.gauge("eth.steadyThroughput", "bits/s",
            "throughput of the last 100 samples without a timeout's quiet tail");
    static final StatisticSpec THROUGHPUT_DROP_PERCENT = StatisticSpec.gauge("eth.throughputDropPercent", "%",
            "how far the cold throughput is below the steady");
    static final StatisticSpec STEADY_RX_CPU_PERMILLE = StatisticSpec.gauge("eth.steadyRxCpuPermille", "permille",
            "rx core busy time over the steady samples");
    static final StatisticSpec RX_BUFFER_BYTES = StatisticSpec.gauge("eth.rxBufferBytes", "bytes",
            "the application's rx buffer");
    static final StatisticSpec BACKUP_RING_BYTES = StatisticSpec.gauge("eth.backupRingBytes", "bytes",
            "pinned memory of the receiver's backup ring");
    static final StatisticSpec RING_OVERHEAD_PERCENT = StatisticSpec.gauge("eth.ringOverheadPercent", "%",
            "backup ring over rx buffer");
    static final StatisticSpec PEAK_RESIDENT_BYTES = StatisticSpec.gauge("eth.peakResidentBytes", "bytes",
            "most memory the receive held at once over the run: rx-buffer pages resident plus the pinned backup ring");
    static final StatisticSpec MEAN_RESIDENT_BYTES = StatisticSpec.gauge("eth.meanResidentBytes", "bytes",
            "time-weighted mean over the run of the rx-buffer pages resident plus the pinned backup ring");

    /** The figures it reports besides the standard ones. */
    static final List<StatisticSpec> STATISTICS = List.of(TRIGGER_BYTES, CHILD_MISMATCHED_PAGES, COW_FAULTS, RECOVERY,
            COLD_THROUGHPUT, STEADY_THROUGHPUT, THROUGHPUT_DROP_PERCENT, STEADY_RX_CPU_PERMILLE, RX_BUFFER_BYTES,
            BACKUP_RING_BYTES, RING_OVERHEAD_PERCENT, PEAK_RESIDENT_BYTES, MEAN_RESIDENT_BYTES);

    /** Creates the type; found through PF4J or {@link java.util.ServiceLoader}. */
    public EthStreamType() {
    }

    @Override
    public String name() {
        return "eth-stream";
    }

    @Override
    public String description() {
        return "A TCP-like stream between two eth-nics into an rx buffer received pinned, on a cold ring or "
                + "through the backup ring, with a cold-ring trigger; every byte checked on delivery";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return Parameter.specs(SOURCE, TARGET, BYTES, BUFFER_SIZE, MODE, TRIGGER, TRIGGER_AT, NUMA_TARGET, VERIFY,
                SAMPLE_INTERVAL);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return STATISTICS;
    }

    /**
     * An {@code eth-nic} on both nodes; on the target, the rx buffer, pinned in mode
     * {@code pinned}.
     */
    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        long buffer = parameters.get(BUFFER_SIZE);
        return List.of(NodeRequirement.on(SOURCE.name(), "sends the stream from it").componentType(Role.NIC,
                "eth-nic"), NodeRequirement.on(TARGET.name(), "receives the stream into its rx buffer")
                .componentType(Role.NIC, "eth-nic").memory(buffer, parameters.get(MODE).equals("pinned") ? buffer : 0));
    }

    @Override
    public Workload create(WorkloadContext context) {
        return new EthStream(context);
    }
}
