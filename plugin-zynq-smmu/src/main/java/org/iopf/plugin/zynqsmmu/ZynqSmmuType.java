package org.iopf.plugin.zynqsmmu;

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
 * Component type {@code zynq-smmu}: the ARM SMMU (MMU-500) of Zynq UltraScale+ as the node's IOMMU
 * (seed 000 §2.2, §3.2.1; FIDELITY A2, A3, A10).
 *
 * @since 0.1
 */
@Extension
public final class ZynqSmmuType implements ComponentType {
    static final Parameter<Integer> CONTEXT_BANKS = Parameter.count("contextBanks",
            "context banks, one per protection domain (the MMU-500 has at most 128)").byDefault("16").range(1, 128)
            .from(Source.seed("000", "§2.2 (16 context banks)"));
    static final Parameter<Integer> STREAM_MATCH_GROUPS = Parameter.count("streamMatchGroups",
            "stream-match register groups (SMR/S2CR pairs) routing stream ids to banks (at most 128)")
            .byDefault("48").range(1, 128)
            .from(Source.spec("Zynq UltraScale+ MPSoC TRM (UG1085)", "SMMU chapter: 48 stream-match register groups"));
    static final Parameter<Integer> TLB_ENTRIES = Parameter.count("tlbEntries",
            "TLB entries (4 KiB pages), a multiple of tlbWays; 4096 bounds the model's TLB arrays").byDefault("128")
            .range(1, 4096).from(Source.assumption("seed 000 §2.2 names a low-latency TLB but not its size; "
                    + "a TLB of some hundred entries"));
    static final Parameter<Integer> TLB_WAYS = Parameter.count("tlbWays", "TLB associativity (LRU within a set)")
            .byDefault("4").range(1, 4096).from(Source.assumption("a small set-associative TLB; not in the seed"));
    static final Parameter<ServiceTime> TLB_HIT_LATENCY = Parameter.serviceTime("tlbHitLatency",
            "time of a translation that hits in the TLB (and of a bypassed transaction)").byDefault("10ns")
            .range("0ns", "1ms").from(Source.assumption("a few SMMU clock cycles; not in the seed"));
    static final Parameter<ServiceTime> WALK_ACCESS_LATENCY = Parameter.serviceTime("walkAccessLatency",
            "time of one descriptor read of a table walk (a DDR access from the SMMU; each read draws its own)").byDefault("120ns")
            .range("0ns", "1ms").from(Source.assumption("one DDR4 access from the SMMU; not in the seed"));
    static final Parameter<String> FAULT_MODE = Parameter.choice("faultMode",
            "SCTLR.CFCFG the driver programs: stall the faulting transaction until RESUME, or terminate it", "stall",
            "terminate").byDefault("stall").from(Source.seed("000", "§3.1 (PLDMA pauses, then retries)"));
    static final Parameter<String> STAGE = Parameter.choice("stage",
            "translation stage of the banks the driver programs for protection domains", "stage1", "stage2")
            .byDefault("stage1").from(Source.seed("000", "§2.2"));
    static final Parameter<Boolean> PIPELINING = Parameter.flag("pipelining",
            "other transactions go on while one is stalled (SCTLR.HUPCF); off: a stalled fault holds every "
                    + "translation of the SMMU until it is resumed").byDefault("true")
            .from(Source.seed("000", "§4.2 (transfer pipelining)"));
    static final Parameter<Boolean> NEGATIVE_CACHING = Parameter.flag("negativeCaching",
            "a walk that ends in a translation fault leaves a TLB entry until invalidated (not architectural: "
                    + "seed 000 §5.2.2's account; off, a fault is never cached and a new mapping is seen at once)")
            .byDefault("false")
            .from(Source.spec("Arm VMSAv8-64", "translations that fault are not cached; Linux io-pgtable-arm.c "
                    + "arm_lpae_map maps a previously invalid IOVA without TLB invalidation"));
    static final Parameter<Boolean> BLOCK_MAPPINGS = Parameter.flag("blockMappings",
            "map writes 2 MiB block descriptors where the range is aligned").byDefault("true")
            .from(Source.driver("linux", "drivers/iommu/io-pgtable-arm.c (block entries where size and alignment "
                    + "allow)"));
    static final Parameter<Integer> WALK_CACHE_ENTRIES = Parameter.count("walkCacheEntries",
            "walk-cache entries: valid table descriptors (levels 0-2) kept so later walks start below them; "
                    + "TLBIVA drops them, the leaf-only TLBIVAL does not; 0 = no walk cache").byDefault("0")
            .range(0, 4096).from(Source.assumption("the MMU-500 TRM (DDI 0517, the TBU/TCU caches: the TCU's walk "
                    + "cache holds intermediate table entries) has one, but the seed gives no size; off keeps the "
                    + "bundled figures, as with TLB entries per 4 KiB page"));
    static final Parameter<String> UNMAP_INVALIDATION = Parameter.choice("unmapInvalidation",
            "the driver's invalidation after an unmap: walk = the range of every freed table by VA at all levels "
                    + "(TLBIVA, the walk cache too) and the unmapped pages at the last level (TLBIVAL); leaf = every "
                    + "range at the last level only, so the walk cache keeps pointing at a freed table (a driver bug)",
            "walk", "leaf").byDefault("walk")
            .from(Source.driver("linux", "drivers/iommu/io-pgtable-arm.c __arm_lpae_unmap (a freed table: "
                    + "io_pgtable_tlb_add_flush leaf=false, tlb_flush_walk in later kernels; a leaf: leaf=true, "
                    + "tlb_add_page); arm-smmu.c arm_smmu_tlb_inv_range_nosync (TLBIVA vs TLBIVAL), "
                    + "arm_smmu_tlb_inv_walk_s1 vs arm_smmu_tlb_add_page_s1"));
    static final Parameter<Integer> FAULT_LOG_SIZE = Parameter.count("faultLogSize",
            "faults kept in the 'faults' inspection view").byDefault("256").range(0, 65_536)
            .from(Source.assumption("enough recent faults to debug a run, as seed 000 §5.3 reads them"));

    /** Creates the type; found as a PF4J extension or through {@link java.util.ServiceLoader}. */
    public ZynqSmmuType() {
    }

    @Override
    public String name() {
        return "zynq-smmu";
    }

    @Override
    public String description() {
        return "ARM SMMU (MMU-500) of Zynq UltraScale+: 16 context banks, stream matching, LPAE walks of tables in "
                + "memory, TLB, FSR/FAR/FSYNR0 fault reporting, stall and RESUME";
    }

    @Override
    public Set<Role> roles() {
        return Set.of(Role.IOMMU);
    }

    /**
     * Its translation tables in the node's memory: at least one table per level of a walk (four
     * 4 KiB tables for one mapping, VMSAv8-64 long-descriptor format with the 4 KiB granule), so a
     * node without memory is refused at validation; more tables as mappings grow are the run's.
     */
    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        return List.of(NodeRequirement.onOwnNode("keeps its translation tables there")
                .memory(4 * Lpae.GRANULE, 0));
    }

    @Override
    public List<ParameterSpec> parameters() {
        return Parameter.specs(CONTEXT_BANKS, STREAM_MATCH_GROUPS, TLB_ENTRIES, TLB_WAYS, TLB_HIT_LATENCY,
                WALK_ACCESS_LATENCY, FAULT_MODE, STAGE, PIPELINING, NEGATIVE_CACHING, BLOCK_MAPPINGS, WALK_CACHE_ENTRIES,
                UNMAP_INVALIDATION, FAULT_LOG_SIZE);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return SmmuCounters.DECLARED;
    }

    @Override
    public Module module(ComponentContext context) {
        return new AbstractModule() {
            @Override
            protected void configure() {
                bind(Iommu.class).to(Mmu500Smmu.class).in(Scopes.SINGLETON);
            }
        };
    }
}
