package org.iopf.plugin.smmuv3pri;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import com.google.inject.Scopes;
import java.util.List;
import java.util.Set;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.observe.StatisticSpec;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.NodeRequirement;
import org.iopf.api.platform.Parameter;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.Parameters;
import org.iopf.api.platform.Role;
import org.iopf.api.platform.Source;
import org.iopf.api.sim.ServiceTime;
import org.pf4j.Extension;

/**
 * Component type {@code smmuv3}: an Arm SMMUv3 (IHI 0070) as the node's IOMMU, with its driver
 * after Linux's arm-smmu-v3.c: stream table, CDs with substreams (PASIDs), stage-1 walks of the
 * bound process's page table (SVA), TLB and walk cache, command/event/PRI queues in memory, stall
 * (CMD_RESUME) and PRI (CMD_PRI_RESP) recovery, ATS for endpoints that use it.
 *
 * @since 0.1
 */
@Extension
public final class Smmuv3Type implements ComponentType {
    private static final String IHI = "Arm IHI 0070 (SMMUv3)";
    private static final String LINUX = "linux";
    private static final String DRIVER = "drivers/iommu/arm/arm-smmu-v3/arm-smmu-v3.c";

    static final Parameter<String> STREAM_TABLE = Parameter.choice("streamTable",
            "stream table format the driver programs (STRTAB_BASE_CFG.FMT)", "linear", "2-level")
            .byDefault("2-level").from(Source.driver(LINUX, DRIVER + " (arm_smmu_init_strtab: 2-level when IDR0.ST_LVL allows)"));
    static final Parameter<Integer> SID_BITS = Parameter.count("sidBits", "IDR1.SIDSIZE: StreamID bits")
            .byDefault("16").range(1, 24).from(Source.assumption("a PCIe requester id is 16 bits; IHI 0070 allows up to 32"));
    static final Parameter<Integer> SSID_BITS = Parameter.count("ssidBits",
            "IDR1.SSIDSIZE: SubstreamID (PASID) bits, the CD table has 2^ssidBits entries").byDefault("8").range(1, 14)
            .from(Source.assumption("256 PASIDs per stream keep one CD table at 16 KiB; PCIe allows 20 bits"));
    static final Parameter<Integer> CMDQ_LOG2 = Parameter.count("cmdqLog2", "IDR1.CMDQS: log2 of command queue entries")
            .byDefault("8").range(1, 16).from(Source.assumption("256 commands; the driver uses all IDR1.CMDQS allows"));
    static final Parameter<Integer> EVTQ_LOG2 = Parameter.count("evtqLog2", "IDR1.EVTQS: log2 of event queue entries")
            .byDefault("7").range(1, 15).from(Source.assumption("128 events; the driver uses all IDR1.EVTQS allows"));
    static final Parameter<String> PAGE_REQUESTS = Parameter.choice("pageRequests",
            "page-request interface of the engine: the SMMUv3 PRI queue, Intel VT-d scalable-mode page request queue "
                    + "(32-byte descriptors, page group response, PRQ drain) or AMD IOMMU PPR log (PPR completion)",
            SmmuPriFormat.NAME, VtdPrqFormat.NAME, AmdPprFormat.NAME).byDefault(SmmuPriFormat.NAME)
            .from(Source.driver(LINUX, "arm-smmu-v3.c (PRI queue), drivers/iommu/intel/prq.c (page request queue, "
                    + "page group response, drain), drivers/iommu/amd/ppr.c (PPR log, PPR completion); entry layouts as "
                    + "Arm IHI 0070 ch. 8, the Intel VT-d specification §7.5 and the AMD IOMMU specification give them"));
    static final Parameter<Integer> PRIQ_LOG2 = Parameter.count("priqLog2",
            "log2 of page-request queue entries (IDR1.PRIQS; PQA_REG size; PPR log length); 0: the driver's size "
                    + "(PRI queue 128, PRQ 2048, PPR log 512)")
            .byDefault("0").range(0, 15).from(Source.driver(LINUX, "drivers/iommu/intel/iommu.h PRQ_ORDER 4 (64 KiB of 32-byte "
                    + "descriptors); drivers/iommu/amd/amd_iommu_types.h PPR_LOG_ENTRIES 512; the PRI queue's 128 is "
                    + "an assumption (arm-smmu-v3.c uses all IDR1.PRIQS allows)"));
    static final Parameter<String> STALL_MODEL = Parameter.choice("stallModel",
            "IDR0.STALL_MODEL: whether faulting transactions may be stalled", "stall-and-terminate", "terminate-only",
            "stall-forced").byDefault("stall-and-terminate").from(Source.spec(IHI, "§6.3.1 IDR0.STALL_MODEL"));
    static final Parameter<Boolean> STALL_FAULTS = Parameter.flag("stallFaults",
            "the driver sets CD.S for streams without PRI so that their faults stall until CMD_RESUME")
            .byDefault("true").from(Source.driver(LINUX, DRIVER + " (CTXDESC_CD_0_S when the master can stall)"));
    static final Parameter<Integer> TLB_ENTRIES = Parameter.count("tlbEntries", "TLB entries (4 KiB translations, LRU)")
            .byDefault("128").range(0, 65_536).from(Source.assumption("IHI 0070 leaves TLB size to the implementation"));
    static final Parameter<Integer> WALK_CACHE_ENTRIES = Parameter.count("walkCacheEntries",
            "walk-cache entries (level-3 table addresses per 2 MiB region)").byDefault("32").range(0, 65_536)
            .from(Source.assumption("IHI 0070 leaves walk caching to the implementation"));
    static final Parameter<Integer> PARALLEL_WALKS = Parameter.count("parallelWalks", "table walks in parallel")
            .byDefault("8").range(1, 64).from(Source.spec("Arm CoreLink MMU-500",
                    "TCU: 8 page-table walks in parallel (an MMU-500-class limit, taken for this SMMUv3)"));
    static final Parameter<Integer> OUTSTANDING_TRANSACTIONS = Parameter.count("outstandingTransactions",
            "device transactions the TBU holds at once, stalled ones included; more wait (held while all are stalled)")
            .byDefault("128").range(1, 65_536).from(Source.spec("Arm CoreLink MMU-500",
                    "TBU: up to 128 outstanding transactions (an MMU-500-class limit, taken for this SMMUv3)"));
    static final Parameter<ServiceTime> TLB_HIT_LATENCY = Parameter.serviceTime("tlbHitLatency",
            "time of a translation served by the TLB (and of a config-cache hit)").byDefault("10ns").range("0ns", "1ms")
            .from(Source.assumption("a few SMMU clock cycles"));
    static final Parameter<ServiceTime> WALK_ACCESS_LATENCY = Parameter.serviceTime("walkAccessLatency",
            "time of one descriptor (STE, CD, page-table) read from memory; each read draws its own").byDefault("100ns").range("0ns", "1ms")
            .from(Source.assumption("one DRAM access from the SMMU"));
    static final Parameter<ServiceTime> COMMAND_LATENCY = Parameter.serviceTime("commandLatency",
            "time the SMMU spends consuming one command").byDefault("50ns").range("0ns", "1ms")
            .from(Source.assumption("a queue read and a few cycles; not published"));
    static final Parameter<ServiceTime> PCIE_LATENCY = Parameter.serviceTime("pcieLatency",
            "one-way PCIe latency between root port and endpoint (PRG response, ATC invalidation)").byDefault("400ns")
            .range("0ns", "1ms").from(Source.assumption("a TLP across a switchless Gen4 link and the root complex"));
    static final Parameter<Long> ATC_TIMEOUT = Parameter.duration("atcInvalidationTimeout",
            "CMD_SYNC stops waiting for an ATC invalidation completion after this").byDefault("1ms").range("1us", "60s")
            .from(Source.assumption("bounded so that a run stays finite; PCIe allows a completion up to a minute"));

    /** Creates the type; found as a PF4J extension or through {@link java.util.ServiceLoader}. */
    public Smmuv3Type() {
    }

    @Override
    public String name() {
        return "smmuv3";
    }

    @Override
    public String description() {
        return "Arm SMMUv3 (IHI 0070) with its Linux driver: stream table, CDs with PASIDs, stage-1 walks of the bound "
                + "process's page table (SVA), TLB, walk cache, command/event/PRI queues in memory, stall and PRI";
    }

    @Override
    public Set<Role> roles() {
        return Set.of(Role.IOMMU);
    }

    /** Its queues, stream table and CD tables in one 2 MiB coherent region, and page tables, on its node. */
    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        return List.of(NodeRequirement.onOwnNode("keeps its queues, stream table and tables there")
                .memory(4L << 20, 0));
    }

    @Override
    public List<ParameterSpec> parameters() {
        return Parameter.specs(STREAM_TABLE, SID_BITS, SSID_BITS, CMDQ_LOG2, EVTQ_LOG2, PAGE_REQUESTS, PRIQ_LOG2,
                STALL_MODEL,
                STALL_FAULTS, TLB_ENTRIES, WALK_CACHE_ENTRIES, PARALLEL_WALKS, OUTSTANDING_TRANSACTIONS,
                TLB_HIT_LATENCY, WALK_ACCESS_LATENCY,
                COMMAND_LATENCY, PCIE_LATENCY, ATC_TIMEOUT);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return SmmuStatistics.DECLARED;
    }

    @Override
    public Module module(ComponentContext context) {
        return new AbstractModule() {
            @Override
            protected void configure() {
                bind(Iommu.class).to(Smmuv3Iommu.class).in(Scopes.SINGLETON);
            }
        };
    }
}
