package org.iopf.plugin.infinibandnpf;

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
import org.iopf.api.platform.Parameter;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.Role;
import org.iopf.api.platform.Source;
import org.iopf.api.sim.ServiceTime;
import org.iopf.api.sim.DataRate;
import org.pf4j.Extension;

/**
 * Component type {@code ib-npf-hca}: an InfiniBand HCA (ConnectX-6 class) with network page faults
 * on on-demand memory regions, RC transport, RNR NAKs and the READ-fault timeout (seed 001 §2,
 * FIDELITY B1–B6). The defaults of the NPF phase costs are chosen inside the ranges of the seed's
 * table (§2.3) so that a 4 KiB message's fault costs about 220 us, about 90% of it on the HCA, and
 * a 4 MiB message's about 350 us, the growth coming from the per-entry (per-page) costs: the fixed
 * parts are read off the seed's 4 KiB column, the per-entry parts fitted so that {@code ib-npf-4m}
 * lands in its 4 MiB column.
 *
 * @since 0.1
 */
@Extension
public final class NpfHcaType implements ComponentType {
    private static final Source B1_TABLE = Source.seed("001", "§2.3 table (FIDELITY B1)");
    private static final Source B1_4MIB = Source.calibrated("B1 (4 MiB column)", "ib-npf-4m");
    private static final Source MITIGATIONS = Source.seed("001", "§2.3 (FIDELITY B5)");
    private static final String ZERO = "0ns";
    private static final String SECOND = "1s";

    static final Parameter<DataRate> RATE = Parameter.rate("rate", "port rate").byDefault("100Gbps")
            .range("1Mbps", "1Tbps").from(Source.seed("001", "§2 (issue 6)"));
    static final Parameter<Long> MTU = Parameter.bytes("mtu",
            "path MTU: largest payload per packet (power of two, 256 B to 4 KiB)").byDefault("4KiB")
            .range("256B", "4KiB").from(Source.seed("001", "§2 (issue 6)"));
    static final Parameter<Integer> LOCAL_ACK_TIMEOUT = Parameter.count("localAckTimeout",
            "local ACK timeout exponent, a 5-bit field: 4.096 us x 2^value (14 = 67 ms), never below "
                    + "minAckTimeout; 0 = no timer").byDefault("14").range(0, 31)
            .from(Source.spec("InfiniBand Architecture Specification", "ch. 9.7 (local ACK timeout); rdma-core "
                    + "ibv_modify_qp(3) timeout"));
    static final Parameter<Long> MIN_ACK_TIMEOUT = Parameter.duration("minAckTimeout",
            "the HCA's minimum transport timer period (TIMEOUT_PERIOD): a READ whose responder faults waits this "
                    + "long; 1ms when tuned").byDefault("200ms").range(ZERO, "10s")
            .from(Source.seed("001", "§2.2 (FIDELITY B4)"));
    static final Parameter<Integer> MIN_RNR_TIMER = Parameter.count("minRnrTimer",
            "5-bit RNR timer code the responder puts in RNR NAKs (1 = 0.01 ms ... 31 = 491.52 ms, 0 = 655.36 ms)")
            .byDefault("1").range(0, 31)
            .from(Source.spec("InfiniBand Architecture Specification", "ch. 9.7 (RNR NAK timer field)"));
    static final Parameter<String> FAULT_SCOPE = Parameter.choice("faultScope",
            "what one fault maps before the transfer resumes: the whole rest of the operation (operation, as mlx5) "
                    + "or at most maxPrefetch bytes of it (prefetch-window)", "operation", "prefetch-window")
            .byDefault("operation")
            .from(Source.driver("linux", "drivers/infiniband/hw/mlx5/odp.c (pagefault_single_data_segment, "
                    + "mlx5_ib_mr_rdma_pfault_handler)"));
    static final Parameter<Long> MAX_PREFETCH = Parameter.bytes("maxPrefetch",
            "with faultScope prefetch-window: bytes of the faulting operation's range one fault maps at most, from "
                    + "the faulting page")
            .byDefault("4MiB").range("4KiB", "1GiB")
            .from(Source.driver("linux", "drivers/infiniband/hw/mlx5/odp.c (MAX_PREFETCH_LEN)"));
    static final Parameter<ServiceTime> DETECTION_LATENCY = Parameter.serviceTime("detectionLatency",
            "HCA: translation miss detected, QP suspended (detection phase, fixed part)").byDefault("28us")
            .range(ZERO, SECOND).from(B1_TABLE);
    static final Parameter<Long> DETECTION_PER_PAGE = Parameter.duration("detectionPerPage",
            "HCA: detection time per translation entry of the faulting range").byDefault("5ns")
            .range(ZERO, SECOND).from(B1_4MIB);
    static final Parameter<ServiceTime> INTERRUPT_LATENCY = Parameter.serviceTime("interruptLatency",
            "HCA firmware: page-fault event written, MSI-X raised (interrupt phase)").byDefault("42us")
            .range(ZERO, SECOND).from(B1_TABLE);
    static final Parameter<ServiceTime> ISR_CPU = Parameter.serviceTime("isrCpu",
            "host: CPU time of the driver's interrupt handler (interrupt phase)").byDefault("4us")
            .range(ZERO, SECOND).from(B1_TABLE);
    static final Parameter<ServiceTime> DRIVER_CPU = Parameter.serviceTime("driverCpu",
            "host: CPU time of the driver's page-fault handler (driver phase, fixed part)").byDefault("3us")
            .range(ZERO, SECOND).from(Source.seed("001", "§2.1"));
    static final Parameter<Long> DRIVER_PER_PAGE = Parameter.duration("driverPerPage",
            "host: driver CPU time per translation entry of the range").byDefault("4ns").range(ZERO, SECOND)
            .from(B1_4MIB);
    static final Parameter<ServiceTime> MEMORY_FIRMWARE = Parameter.serviceTime("memoryFirmware",
            "HCA firmware: translation-table space prepared for the range (memory phase)").byDefault("58us")
            .range(ZERO, SECOND).from(B1_TABLE);
    static final Parameter<ServiceTime> ALLOCATION_CPU = Parameter.serviceTime("allocationCpu",
            "host: CPU time to get and DMA-map the pages (memory phase, fixed part), on top of the OS memory "
                    + "manager's own fault-in time").byDefault("4us").range(ZERO, SECOND).from(B1_TABLE);
    static final Parameter<Long> ALLOCATION_PER_PAGE = Parameter.duration("allocationPerPage",
            "host: allocation CPU time per translation entry").byDefault("80ns").range(ZERO, SECOND)
            .from(B1_4MIB);
    static final Parameter<ServiceTime> TABLE_UPDATE_LATENCY = Parameter.serviceTime("tableUpdateLatency",
            "HCA: translation update executed and HCA caches made coherent (page-table phase)").byDefault("46us")
            .range(ZERO, SECOND).from(B1_TABLE);
    static final Parameter<Long> TABLE_UPDATE_PER_PAGE = Parameter.duration("tableUpdatePerPage",
            "host: CPU time per entry written into the translation update").byDefault("45ns")
            .range(ZERO, SECOND).from(B1_4MIB);
    static final Parameter<ServiceTime> RESUME_LATENCY = Parameter.serviceTime("resumeLatency",
            "HCA firmware: the suspended transfer resumed (resume phase)").byDefault("18us")
            .range(ZERO, SECOND).from(B1_TABLE);
    static final Parameter<String> DRIVER_CORE = Parameter.text("driverCore",
            "host core that runs the driver's NPF work (empty: the node's first core)").byDefault("")
            .from(Source.assumption("the driver's work shares the node's first core unless told otherwise"));
    static final Parameter<Boolean> PREFETCH = Parameter.flag("prefetch",
            "mitigation: prefetch on-demand registrations (madvise WILL_NEED + HCA table filled)")
            .byDefault("false").from(MITIGATIONS);
    static final Parameter<Boolean> HUGE_PAGES = Parameter.flag("hugePages",
            "mitigation: advise on-demand registrations MADV_HUGEPAGE; faults map 2 MiB entries")
            .byDefault("false").from(MITIGATIONS);
    static final Parameter<Boolean> PD_ISOLATION = Parameter.flag("pdIsolation",
            "mitigation: a fault-handling context per protection domain (else one per HCA, faults handled one at "
                    + "a time)").byDefault("false").from(MITIGATIONS);

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
        return Parameter.specs(RATE, MTU, LOCAL_ACK_TIMEOUT, MIN_ACK_TIMEOUT, MIN_RNR_TIMER, FAULT_SCOPE, MAX_PREFETCH,
                DETECTION_LATENCY, DETECTION_PER_PAGE, INTERRUPT_LATENCY, ISR_CPU, DRIVER_CPU, DRIVER_PER_PAGE,
                MEMORY_FIRMWARE, ALLOCATION_CPU, ALLOCATION_PER_PAGE, TABLE_UPDATE_LATENCY, TABLE_UPDATE_PER_PAGE,
                RESUME_LATENCY, DRIVER_CORE, PREFETCH, HUGE_PAGES, PD_ISOLATION);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return HcaStatistics.DECLARED;
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
