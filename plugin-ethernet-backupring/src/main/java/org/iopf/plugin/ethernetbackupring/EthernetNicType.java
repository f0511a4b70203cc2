package org.iopf.plugin.ethernetbackupring;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import com.google.inject.Scopes;
import java.util.List;
import java.util.Set;
import org.iopf.api.nic.Nic;
import org.iopf.api.observe.StatisticSpec;
import org.iopf.api.platform.Capability;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.NodeRequirement;
import org.iopf.api.platform.Parameter;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.Parameters;
import org.iopf.api.platform.Role;
import org.iopf.api.platform.Source;
import org.iopf.api.sim.DataRate;
import org.iopf.api.sim.ServiceTime;
import org.pf4j.Extension;

/**
 * Component type {@code eth-nic}: a 10 GbE NIC with unpinned rx rings translated through the
 * node's IOMMU, a TCP-like transport, and the backup ring of seed 001 §3 (FIDELITY C1–C4).
 *
 * @since 0.1
 */
@Extension
public final class EthernetNicType implements ComponentType {
    static final Parameter<DataRate> RATE = Parameter.rate("rate", "port rate").byDefault("10Gbps")
            .range("1Mbps", "1Tbps").from(Source.seed("001", "§3.3 (C1: 10 GbE)"));
    static final Parameter<Integer> MTU = Parameter.count("mtu",
            "IP MTU in bytes (1500, or 9000 jumbo); MSS = mtu - 52 (IP, TCP, timestamps)").byDefault("9000")
            .range(576, 9216).from(Source.seed("001", "§3.3 (C1, C4: jumbo frames)"));
    static final Parameter<Integer> PCIE_GENERATION = Parameter.count("pcieGeneration",
            "PCIe generation of the NIC's host interface (1..5: 2.5, 5, 8, 16, 32 GT/s a lane; 8b/10b up to 2, "
                    + "128b/130b from 3)").byDefault("3").range(1, 5)
            .from(Source.measured("Intel X710 datasheet", "host interface: PCIe 3.0 x8 (the seed's NIC, §3.1)"));
    static final Parameter<Integer> PCIE_LANES = Parameter.count("pcieLanes",
            "lanes of the NIC's PCIe link").byDefault("8").range(1, 32)
            .from(Source.measured("Intel X710 datasheet", "host interface: PCIe 3.0 x8 (the seed's NIC, §3.1)"));
    static final Parameter<Long> PCIE_MAX_PAYLOAD = Parameter.bytes("pcieMaxPayload",
            "max payload size of the NIC's memory-write TLPs; each carries 24 B of header, LCRC and framing and "
                    + "one 8 B DLLP").byDefault("256B").range("128B", "4KiB")
            .from(Source.assumption("256 B, the max payload size a server root port commonly grants "
                    + "(PCIe Base: 128 B to 4096 B)"));
    static final Parameter<DataRate> RX_DMA_RATE = Parameter.rate("rxDmaRate",
            "rate of the NIC's receive DMA writes into host memory (frames and backup-ring copies); when not set "
                    + "it is what the PCIe link carries: GT/s x lanes x encoding x payload/(payload + 32 B) "
                    + "(56.01 Gbps for 3, x8, 256 B)").byDefault("56.01Gbps").range("1Mbps", "1Tbps")
            .from(Source.spec("PCIe Base", "link rates per generation, 8b/10b and 128b/130b encoding, TLP and "
                    + "DLLP framing"));
    static final Parameter<Long> RX_FIFO = Parameter.bytes("rxFifo",
            "the NIC's receive packet buffer: frames waiting for the receive DMA; a frame that does not fit is "
                    + "dropped").byDefault("512KiB").range("1KiB", "1GiB")
            .from(Source.assumption("a 10 GbE NIC's receive packet buffer of some hundred KiB"));
    static final Parameter<ServiceTime> RX_PACKET_CPU = Parameter.serviceTime("rxPacketCpu",
            "CPU time of the receive path per segment on the rx core (NAPI poll, TCP receive, ACK); a 9000-byte-MTU "
                    + "stream at line rate keeps the core 12% busy").byDefault("870ns").range("0ns", "1ms")
            .from(Source.calibrated("C4 (CPU 12% pinned)", "eth-pinned-baseline"));
    static final Parameter<DataRate> COPY_RATE = Parameter.rate("copyRate",
            "rate at which the IOprovider copies a packet from the backup ring into the user buffer (memory "
                    + "bandwidth of one core): CPU time = bytes / copyRate").byDefault("5GB/s").range("1MB/s", "1TB/s")
            .from(Source.assumption("one core's memcpy bandwidth"));
    static final Parameter<Integer> BACKUP_RING_SLOTS = Parameter.count("backupRingSlots",
            "slots of the per-CPU backup ring, one frame each (a slot is the frame rounded up to 4 KiB: 12 KiB at "
                    + "MTU 9000, 4 KiB at MTU 1500); 0: as many as the frames that arrive at the port rate in "
                    + "backupRingCover").byDefault("0").range(0, 65_536)
            .from(Source.seed("001", "§3.2 (a small fixed region that holds the frames whose pages fault)"));
    static final Parameter<Long> BACKUP_RING_COVER = Parameter.duration("backupRingCover",
            "time of line-rate traffic the backup ring holds while faults are resolved; with backupRingSlots 0 the "
                    + "ring has ceil(rate x cover / (MTU + 38 B on the wire)) slots: 320 at 10 Gbps and MTU 9000 "
                    + "(3.75 MiB, 5.9% of a 64 MiB rx buffer), 1878 at MTU 1500, 799 at 25 Gbps")
            .byDefault("2310us").range("1us", "10s")
            .from(Source.calibrated("C5 (ring overhead 5-10%)", "eth-backup-ring-memory"));
    static final Parameter<String> RX_CORE = Parameter.text("rxCore",
            "the core that runs the receive path and the IOprovider (one flow, one RSS queue); empty: the node's "
                    + "first core").byDefault("")
            .from(Source.assumption("one flow hashes to one RSS queue, served by one core"));
    static final Parameter<Integer> STREAM_ID = Parameter.count("streamId",
            "the NIC's IOMMU stream id; the rx buffers' domain has the same number").byDefault("1").range(0, 65_535)
            .from(Source.assumption("any stream id; one NIC per node"));
    static final Parameter<Integer> INITIAL_WINDOW = Parameter.count("initialWindow",
            "the sender's initial congestion window in segments (Linux IW10)").byDefault("10").range(1, 65_536)
            .from(Source.spec("RFC 6928", "§2 (initial window of 10 segments)"));
    static final Parameter<Long> INITIAL_RTO = Parameter.duration("initialRto",
            "retransmission timeout before the first RTT sample; must lie in minRto..maxRto").byDefault("1s")
            .range("1us", "600s").from(Source.spec("RFC 6298", "§2.1; Linux TCP_TIMEOUT_INIT, include/net/tcp.h"));
    static final Parameter<Long> MIN_RTO = Parameter.duration("minRto",
            "smallest retransmission timeout computed from RTT samples").byDefault("200ms").range("1us", "120s")
            .from(Source.driver("linux", "include/net/tcp.h TCP_RTO_MIN (RFC 6298 §2.4 allows it below 1 s)"));
    static final Parameter<Long> MAX_RTO = Parameter.duration("maxRto",
            "largest retransmission timeout after exponential back-off (Linux TCP_RTO_MAX)").byDefault("120s")
            .range("1ms", "600s").from(Source.driver("linux", "include/net/tcp.h TCP_RTO_MAX"));
    static final Parameter<Integer> TCP_RETRIES2 = Parameter.count("tcpRetries2",
            "the connection gives up at the first retransmission timeout that expires the time of this many "
                    + "back-offs from 200 ms (924.6 s for 15) after its first unacknowledged retransmission; the "
                    + "stream then fails").byDefault("15").range(1, 255)
            .from(Source.driver("linux", "net/ipv4/tcp_timer.c retransmits_timed_out; sysctl net.ipv4.tcp_retries2"));

    static final Parameter<Boolean> SACK = Parameter.flag("sack",
            "selective acknowledgements: the receiver reports the blocks it holds above the ACK point, the sender "
                    + "keeps an RFC 6675 scoreboard and retransmits only the holes").byDefault("true")
            .from(Source.driver("linux", "sysctl net.ipv4.tcp_sack = 1; net/ipv4/tcp_input.c tcp_sacktag_write_queue "
                    + "(RFC 2018, RFC 6675)"));
    static final Parameter<Boolean> RACK_TLP = Parameter.flag("rackTlp",
            "RACK time-based loss detection and the tail-loss probe (2 SRTT + 2 ms after the last send); off without sack")
            .byDefault("true")
            .from(Source.driver("linux", "sysctl net.ipv4.tcp_recovery = 1, tcp_early_retrans = 3; "
                    + "net/ipv4/tcp_recovery.c, tcp_output.c tcp_schedule_loss_probe (RFC 8985)"));

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
        return Parameter.specs(RATE, MTU, PCIE_GENERATION, PCIE_LANES, PCIE_MAX_PAYLOAD, RX_DMA_RATE, RX_FIFO, RX_PACKET_CPU, COPY_RATE, BACKUP_RING_SLOTS, BACKUP_RING_COVER, RX_CORE,
                STREAM_ID, INITIAL_WINDOW, INITIAL_RTO, MIN_RTO, MAX_RTO, TCP_RETRIES2, SACK, RACK_TLP);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return NicStatistics.DECLARED;
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
