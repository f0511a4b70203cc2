package org.iopf.plugin.infinibandnpf;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import com.google.inject.Scopes;
import java.util.List;
import java.util.Set;
import org.iopf.api.nic.Nic;
import org.iopf.api.platform.Capability;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.ParameterType;
import org.iopf.api.platform.Role;
import org.pf4j.Extension;

/**
 * Component type {@code ib-npf-hca}: an InfiniBand HCA (ConnectX-6 class) with network page faults
 * on on-demand memory regions, RC transport, RNR NAKs and the READ-fault timeout (seed 001 §2,
 * FIDELITY B1–B6). The defaults of the NPF phase costs are chosen inside the ranges of the seed's
 * table (§2.3) so that a 4 KiB message's fault costs about 220 us, about 90% of it on the HCA, and
 * a 4 MiB message's about 350 us, the growth coming from the per-entry (per-page) costs.
 *
 * @since 0.1
 */
@Extension
public final class NpfHcaType implements ComponentType {
    private static final String B1 = "seed 001 §2.3, FIDELITY B1";

    /** Creates the type; found through PF4J or {@link java.util.ServiceLoader}. */
    public NpfHcaType() {
    }

    @Override
    public String name() {
        return "ib-npf-hca";
    }

    @Override
    public String description() {
        return "InfiniBand HCA with network page faults (ODP), RC transport, RNR NAK and READ-fault timeout";
    }

    @Override
    public Set<Role> roles() {
        return Set.of(Role.NIC);
    }

    /** Verbs, and on-demand registration: the HCA resolves its own network page faults. */
    @Override
    public Set<Capability> capabilities() {
        return Set.of(Capability.VERBS, Capability.ON_DEMAND_REGISTRATION);
    }

    @Override
    public List<ParameterSpec> parameters() {
        return List.of(
                ParameterSpec.of("rate", ParameterType.DATA_RATE, "100Gbps", "port rate", "seed 001 §2 (issue 6)")
                        .range("1Mbps", "1Tbps"),
                ParameterSpec.of("mtu", ParameterType.BYTES, "4KiB",
                        "path MTU: largest payload per packet (power of two, 256 B to 4 KiB)", "seed 001 §2 (issue 6)")
                        .range("256B", "4KiB"),
                ParameterSpec.of("localAckTimeout", ParameterType.INTEGER, "14",
                        "local ACK timeout exponent, a 5-bit field: 4.096 us x 2^value (14 = 67 ms), never below "
                                + "minAckTimeout; 0 = no timer", "InfiniBand spec ch. 9.7; rdma-core ibv_modify_qp(3)"
                                + " timeout; FIDELITY B3").range(0, 31),
                ParameterSpec.of("minAckTimeout", ParameterType.DURATION, "200ms",
                        "the HCA's minimum transport timer period (TIMEOUT_PERIOD): a READ whose responder faults "
                                + "waits this long; 1ms when tuned", "seed 001 §2.2, FIDELITY B4").range("0ns", "10s"),
                ParameterSpec.of("minRnrTimer", ParameterType.INTEGER, "1",
                        "5-bit RNR timer code the responder puts in RNR NAKs (1 = 0.01 ms ... 31 = 491.52 ms, "
                                + "0 = 655.36 ms)", "InfiniBand spec; seed 001 §2.2, FIDELITY B3, B5").range(0, 31),
                ParameterSpec.of("maxPrefetch", ParameterType.BYTES, "4MiB",
                        "bytes of the faulting operation's range one fault maps at most, from the faulting page",
                        "seed 001 §2.3 (mlx5 MAX_PREFETCH_LEN)").range("4KiB", "1GiB"),
                ParameterSpec.of("detectionLatency", ParameterType.DURATION, "28us",
                        "HCA: translation miss detected, QP suspended (detection phase, fixed part)", B1)
                        .range("0ns", "1s"),
                ParameterSpec.of("detectionPerPage", ParameterType.DURATION, "5ns",
                        "HCA: detection time per translation entry of the faulting range", B1).range("0ns", "1s"),
                ParameterSpec.of("interruptLatency", ParameterType.DURATION, "42us",
                        "HCA firmware: page-fault event written, MSI-X raised (interrupt phase)", B1)
                        .range("0ns", "1s"),
                ParameterSpec.of("isrCpu", ParameterType.DURATION, "4us",
                        "host: CPU time of the driver's interrupt handler (interrupt phase)", B1).range("0ns", "1s"),
                ParameterSpec.of("driverCpu", ParameterType.DURATION, "3us",
                        "host: CPU time of the driver's page-fault handler (driver phase, fixed part)",
                        "seed 001 §2.1").range("0ns", "1s"),
                ParameterSpec.of("driverPerPage", ParameterType.DURATION, "4ns",
                        "host: driver CPU time per translation entry of the range", "seed 001 §2.1").range("0ns", "1s"),
                ParameterSpec.of("memoryFirmware", ParameterType.DURATION, "58us",
                        "HCA firmware: translation-table space prepared for the range (memory phase)", B1)
                        .range("0ns", "1s"),
                ParameterSpec.of("allocationCpu", ParameterType.DURATION, "4us",
                        "host: CPU time to get and DMA-map the pages (memory phase, fixed part), on top of the "
                                + "OS memory manager's own fault-in time", B1).range("0ns", "1s"),
                ParameterSpec.of("allocationPerPage", ParameterType.DURATION, "80ns",
                        "host: allocation CPU time per translation entry", B1).range("0ns", "1s"),
                ParameterSpec.of("tableUpdateLatency", ParameterType.DURATION, "46us",
                        "HCA: translation update executed and HCA caches made coherent (page-table phase)", B1)
                        .range("0ns", "1s"),
                ParameterSpec.of("tableUpdatePerPage", ParameterType.DURATION, "45ns",
                        "host: CPU time per entry written into the translation update", B1).range("0ns", "1s"),
                ParameterSpec.of("resumeLatency", ParameterType.DURATION, "18us",
                        "HCA firmware: the suspended transfer resumed (resume phase)", B1).range("0ns", "1s"),
                ParameterSpec.of("driverCore", ParameterType.STRING, "",
                        "host core that runs the driver's NPF work (empty: the node's first core)", "seed 001 §2.1"),
                ParameterSpec.of("prefetch", ParameterType.BOOLEAN, "false",
                        "mitigation: prefetch on-demand registrations (madvise WILL_NEED + HCA table filled)",
                        "seed 001 §2.3, FIDELITY B5"),
                ParameterSpec.of("hugePages", ParameterType.BOOLEAN, "false",
                        "mitigation: advise on-demand registrations MADV_HUGEPAGE; faults map 2 MiB entries",
                        "seed 001 §2.3, FIDELITY B5"),
                ParameterSpec.of("pdIsolation", ParameterType.BOOLEAN, "false",
                        "mitigation: a fault-handling context per protection domain (else one per HCA, faults "
                                + "handled one at a time)", "seed 001 §2.3, FIDELITY B5"));
    }

    @Override
    public Module module(ComponentContext context) {
        return new AbstractModule() {
            @Override
            protected void configure() {
                bind(Nic.class).to(NpfHca.class).in(Scopes.SINGLETON);
            }
        };
    }
}
