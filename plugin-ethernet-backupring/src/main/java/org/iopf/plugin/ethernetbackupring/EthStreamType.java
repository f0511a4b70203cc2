package org.iopf.plugin.ethernetbackupring;

import java.util.List;
import org.iopf.api.platform.NodeRequirement;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.ParameterType;
import org.iopf.api.platform.Parameters;
import org.iopf.api.platform.Role;
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
        return List.of(
                ParameterSpec.of("source", ParameterType.NODE, "node1", "node whose eth-nic sends", ""),
                ParameterSpec.of("target", ParameterType.NODE, "node2", "node whose eth-nic receives", ""),
                ParameterSpec.of("bytes", ParameterType.BYTES, "512MiB", "length of the stream", "C4")
                        .range("1B", "1TiB"),
                ParameterSpec.of("bufferSize", ParameterType.BYTES, "64MiB",
                        "the application's rx buffer (used as a ring in stream order); a multiple of 4 KiB",
                        "seed 001 §3.2, C5").range("4KiB", "64GiB"),
                ParameterSpec.choice("mode", "backup-ring",
                        List.of("pinned", "cold-ring", "backup-ring", "backup-ring-prototype"),
                        "pinned: buffer pinned and mapped; cold-ring: drop on fault; backup-ring: faulting "
                                + "packets to the backup ring; backup-ring-prototype: every packet to both rings",
                        "seed 001 §3.1-3.3, C2-C4"),
                ParameterSpec.choice("trigger", "startup", List.of("none", "startup", "swap", "numa-migration", "cow"),
                        "what makes the ring cold: none, start-up (buffer never touched), swap (buffer "
                                + "reclaimed at triggerAt), numa-migration (buffer migrated at triggerAt), cow "
                                + "(the receiving process forks at triggerAt: the buffer becomes copy-on-write)",
                        "seed 001 §3.1, C6"),
                ParameterSpec.of("triggerAt", ParameterType.DURATION, "100ms",
                        "when the swap, migration or cow trigger acts", "C6").range("0ns", "100s"),
                ParameterSpec.of("numaTarget", ParameterType.INTEGER, "1",
                        "the NUMA node the migration trigger moves the buffer to", "C6").range(0, 63),
                ParameterSpec.choice("verify", "final", List.of("final", "delivery"),
                        "final: compare the stream's last bufferSize bytes with the buffer at the end; delivery: "
                                + "compare every delivery when it happens (slower)",
                        ""),
                ParameterSpec.of("sampleInterval", ParameterType.DURATION, "1ms",
                        "width of the throughput samples that recovery is measured from", "C2, C4").range("1us", "1s"));
    }

    /**
     * An {@code eth-nic} on both nodes; on the target, the rx buffer, pinned in mode
     * {@code pinned}.
     */
    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        long buffer = parameters.bytes("bufferSize");
        return List.of(NodeRequirement.on("source", "sends the stream from it").componentType(Role.NIC, "eth-nic"),
                NodeRequirement.on("target", "receives the stream into its rx buffer").componentType(Role.NIC,
                        "eth-nic").memory(buffer, parameters.string("mode").equals("pinned") ? buffer : 0));
    }

    @Override
    public Workload create(WorkloadContext context) {
        return new EthStream(context);
    }
}
