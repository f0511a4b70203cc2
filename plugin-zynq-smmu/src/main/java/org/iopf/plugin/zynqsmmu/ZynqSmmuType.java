package org.iopf.plugin.zynqsmmu;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import com.google.inject.Scopes;
import java.util.List;
import java.util.Set;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.NodeRequirement;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.ParameterType;
import org.iopf.api.platform.Parameters;
import org.iopf.api.platform.Role;
import org.pf4j.Extension;

/**
 * Component type {@code zynq-smmu}: the ARM SMMU (MMU-500) of Zynq UltraScale+ as the node's IOMMU
 * (seed 000 §2.2, §3.2.1; FIDELITY A2, A3, A10).
 *
 * @since 0.1
 */
@Extension
public final class ZynqSmmuType implements ComponentType {
    static final String CONTEXT_BANKS = "contextBanks";
    static final String STREAM_MATCH_GROUPS = "streamMatchGroups";
    static final String TLB_ENTRIES = "tlbEntries";
    static final String TLB_WAYS = "tlbWays";
    static final String TLB_HIT_LATENCY = "tlbHitLatency";
    static final String WALK_ACCESS_LATENCY = "walkAccessLatency";
    static final String FAULT_MODE = "faultMode";
    static final String STAGE = "stage";
    static final String PIPELINING = "pipelining";
    static final String NEGATIVE_CACHING = "negativeCaching";
    static final String BLOCK_MAPPINGS = "blockMappings";
    static final String FAULT_LOG_SIZE = "faultLogSize";

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
        return List.of(
                ParameterSpec.of(CONTEXT_BANKS, ParameterType.INTEGER, "16",
                        "context banks, one per protection domain (the MMU-500 has at most 128)",
                        "seed 000 §2.2, FIDELITY A2").range(1, 128),
                ParameterSpec.of(STREAM_MATCH_GROUPS, ParameterType.INTEGER, "48",
                        "stream-match register groups (SMR/S2CR pairs) routing stream ids to banks (at most 128)",
                        "MMU-500 on Zynq UltraScale+, FIDELITY A2").range(1, 128),
                ParameterSpec.of(TLB_ENTRIES, ParameterType.INTEGER, "128",
                        "TLB entries (4 KiB pages), a multiple of tlbWays; 4096 bounds the model's TLB arrays",
                        "seed 000 §2.2 (low-latency TLB), FIDELITY A2; size not in the seed").range(1, 4096),
                ParameterSpec.of(TLB_WAYS, ParameterType.INTEGER, "4", "TLB associativity (LRU within a set)",
                        "FIDELITY A2; not in the seed").range(1, 4096),
                ParameterSpec.of(TLB_HIT_LATENCY, ParameterType.DURATION, "10ns",
                        "time of a translation that hits in the TLB (and of a bypassed transaction)",
                        "FIDELITY A2; not in the seed").range("0ns", "1ms"),
                ParameterSpec.of(WALK_ACCESS_LATENCY, ParameterType.DURATION, "120ns",
                        "time of one descriptor read of a table walk (a DDR access from the SMMU)",
                        "FIDELITY A2; not in the seed").range("0ns", "1ms"),
                ParameterSpec.choice(FAULT_MODE, "stall", List.of("stall", "terminate"),
                        "SCTLR.CFCFG the driver programs: stall the faulting transaction until RESUME, or terminate it",
                        "seed 000 §3.1 (PLDMA pauses, then retries)"),
                ParameterSpec.choice(STAGE, "stage1", List.of("stage1", "stage2"),
                        "translation stage of the banks the driver programs for protection domains",
                        "seed 000 §2.2, FIDELITY A2"),
                ParameterSpec.of(PIPELINING, ParameterType.BOOLEAN, "true",
                        "other transactions go on while one is stalled (SCTLR.HUPCF); off: a stalled fault holds every "
                                + "translation of the SMMU until it is resumed",
                        "seed 000 §4.2, FIDELITY A10"),
                ParameterSpec.of(NEGATIVE_CACHING, ParameterType.BOOLEAN, "true",
                        "a walk that ends in a translation fault leaves a TLB entry until invalidated",
                        "seed 000 §5.2.2, FIDELITY A11"),
                ParameterSpec.of(BLOCK_MAPPINGS, ParameterType.BOOLEAN, "true",
                        "map writes 2 MiB block descriptors where the range is aligned", "FIDELITY A2"),
                ParameterSpec.of(FAULT_LOG_SIZE, ParameterType.INTEGER, "256",
                        "faults kept in the 'faults' inspection view", "seed 000 §5.3").range(0, 65_536));
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
