package org.iopf.plugin.ethernetbackupring;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import com.google.inject.Scopes;
import java.util.List;
import java.util.Set;
import org.iopf.api.nic.Nic;
import org.iopf.api.platform.Capability;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.NodeRequirement;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.ParameterType;
import org.iopf.api.platform.Parameters;
import org.iopf.api.platform.Role;
import org.pf4j.Extension;

/**
 * Component type {@code eth-nic}: a 10 GbE NIC with unpinned rx rings translated through the
 * node's IOMMU, a TCP-like transport, and the backup ring of seed 001 §3 (FIDELITY C1–C4).
 *
 * @since 0.1
 */
@Extension
public final class EthernetNicType implements ComponentType {
    /** Creates the type; found through PF4J or {@link java.util.ServiceLoader}. */
    public EthernetNicType() {
    }

    @Override
    public String name() {
        return "eth-nic";
    }

    @Override
    public String description() {
        return "10 GbE NIC with unpinned rx buffers behind the IOMMU, TCP-like transport, cold-ring drops "
                + "and the IOprovider's pinned backup ring";
    }

    @Override
    public Set<Role> roles() {
        return Set.of(Role.NIC);
    }

    /** None: no verbs (no registration, no queue pairs); the workload drives it by its type. */
    @Override
    public Set<Capability> capabilities() {
        return Set.of();
    }

    /**
     * A fault handler that resolves faults on its node: a receive that faults is dropped and sent
     * again once the OS has resolved the fault, so with faults only terminated the sender would
     * retransmit forever.
     */
    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        return List.of(NodeRequirement.onOwnNode("sends its rx-buffer faults to it")
                .capability(Capability.FAULT_RESOLUTION));
    }

    @Override
    public List<ParameterSpec> parameters() {
        return List.of(
                ParameterSpec.of("rate", ParameterType.DATA_RATE, "10Gbps", "port rate", "seed 001 §3.3, C1")
                        .range("1Mbps", "1Tbps"),
                ParameterSpec.of("mtu", ParameterType.INTEGER, "9000",
                        "IP MTU in bytes (1500, or 9000 jumbo); MSS = mtu - 52 (IP, TCP, timestamps)",
                        "seed 001 §3.3, C1, C4").range(576, 9216),
                ParameterSpec.of("rxDmaRate", ParameterType.DATA_RATE, "10Gbps",
                        "rate of the NIC's receive DMA writes into host memory (frames and backup-ring copies); "
                                + "the prototype writes every frame twice through it",
                        "seed 001 §3.3, C4").range("1Mbps", "1Tbps"),
                ParameterSpec.of("rxFifo", ParameterType.BYTES, "512KiB",
                        "the NIC's receive packet buffer: frames waiting for the receive DMA; a frame that does "
                                + "not fit is dropped",
                        "C1").range("1KiB", "1GiB"),
                ParameterSpec.of("rxPacketCpu", ParameterType.DURATION, "870ns",
                        "CPU time of the receive path per segment on the rx core (NAPI poll, TCP receive, ACK); "
                                + "a 9000-byte-MTU stream at line rate keeps the core 12% busy",
                        "seed 001 §3.3, C4").range("0ns", "1ms"),
                ParameterSpec.of("copyRate", ParameterType.DATA_RATE, "5GB/s",
                        "rate at which the IOprovider copies a packet from the backup ring into the user buffer "
                                + "(memory bandwidth of one core): CPU time = bytes / copyRate",
                        "seed 001 §3.2, C3, C4").range("1MB/s", "1TB/s"),
                ParameterSpec.of("backupRingSlots", ParameterType.INTEGER, "320",
                        "slots of the per-CPU backup ring, one frame each (a slot is the frame rounded up to "
                                + "4 KiB: 12 KiB at MTU 9000, so 3.75 MiB = 5.9% of a 64 MiB rx buffer)",
                        "seed 001 §3.2-3.3, C3, C5").range(1, 65_536),
                ParameterSpec.of("rxCore", ParameterType.STRING, "",
                        "the core that runs the receive path and the IOprovider (one flow, one RSS queue); "
                                + "empty: the node's first core",
                        "C4"),
                ParameterSpec.of("streamId", ParameterType.INTEGER, "1",
                        "the NIC's IOMMU stream id; the rx buffers' domain has the same number", "C1").range(0, 65_535),
                ParameterSpec.of("initialWindow", ParameterType.INTEGER, "10",
                        "the sender's initial congestion window in segments (Linux IW10)", "C1").range(1, 65_536),
                ParameterSpec.of("initialRto", ParameterType.DURATION, "1s",
                        "retransmission timeout before the first RTT sample; must lie in minRto..maxRto",
                        "RFC 6298 §2.1; Linux TCP_TIMEOUT_INIT (include/net/tcp.h), C1").range("1us", "600s"),
                ParameterSpec.of("minRto", ParameterType.DURATION, "200ms",
                        "smallest retransmission timeout computed from RTT samples",
                        "RFC 6298 §2.4; Linux TCP_RTO_MIN (include/net/tcp.h); seed 001 §3.1, C1, C4")
                        .range("1us", "120s"),
                ParameterSpec.of("maxRto", ParameterType.DURATION, "120s",
                        "largest retransmission timeout after exponential back-off (Linux TCP_RTO_MAX)", "C1")
                        .range("1ms", "600s"),
                ParameterSpec.of("tcpRetries2", ParameterType.INTEGER, "15",
                        "the connection gives up at the first retransmission timeout that expires the time of "
                                + "this many back-offs from 200 ms (924.6 s for 15) after its first unacknowledged "
                                + "retransmission; the stream then fails",
                        "Linux sysctl net.ipv4.tcp_retries2, net/ipv4/tcp_timer.c retransmits_timed_out, C1")
                        .range(1, 255));
    }

    @Override
    public Module module(ComponentContext context) {
        return new AbstractModule() {
            @Override
            protected void configure() {
                bind(Nic.class).to(EthernetNic.class).in(Scopes.SINGLETON);
            }
        };
    }
}
