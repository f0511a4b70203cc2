package org.iopf.plugin.zynqsmmu;

import static org.iopf.plugin.zynqsmmu.SmmuRegisters.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iopf.api.fabric.LinkSpec;
import org.iopf.api.fault.FaultRecord;
import org.iopf.api.fault.FaultResolution;
import org.iopf.api.fault.FaultResolutionListener;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.NumaPolicy;
import org.iopf.api.mem.PageSize;
import org.iopf.api.observe.Tracer;
import org.iopf.api.sim.DataRate;
import org.iopf.api.sim.Time;
import org.iopf.core.node.SimNode;
import org.iopf.core.platform.ComponentSpec;
import org.iopf.core.platform.MemorySpec;
import org.iopf.core.platform.NodeSpec;
import org.iopf.core.platform.PlatformSpec;
import org.iopf.core.run.Simulation;
import org.iopf.core.sim.CoreGroup;

/**
 * A Zynq UltraScale+ node for tests (4 x A53, 2 x R5, 1 GiB): a {@code zynq-smmu} named
 * {@code smmu} and a fault handler, with helpers to program banks through registers and to build
 * tables by hand in the node's physical memory.
 */
final class SmmuNode {
    final Simulation sim;
    final SimNode node;
    final Mmu500Smmu smmu;
    final MemoryManager mm;
    final TableMemory tables;
    final List<Object[]> heard = new ArrayList<>();
    final FaultResolutionListener listener;

    SmmuNode(Map<String, String> smmuParams, String handler, Map<String, String> handlerParams) {
        this(smmuParams, handler, handlerParams, Tracer.NONE);
    }

    SmmuNode(Map<String, String> smmuParams, String handler, Map<String, String> handlerParams, Tracer tracer) {
        this(smmuParams, handler, handlerParams, tracer, 1L << 30);
    }

    SmmuNode(Map<String, String> smmuParams, String handler, Map<String, String> handlerParams, Tracer tracer,
            long memoryBytes) {
        NodeSpec spec = new NodeSpec("node1", MemorySpec.of(memoryBytes),
                List.of(new CoreGroup("a53", 4), new CoreGroup("r5", 2)),
                List.of(new ComponentSpec("smmu", "zynq-smmu", smmuParams),
                        new ComponentSpec("faults", handler, handlerParams)));
        PlatformSpec platform = new PlatformSpec(1, LinkSpec.lossless(DataRate.gbps(100), Time.nanos(500)),
                Time.nanos(300), List.of(spec));
        this.sim = Simulation.build(platform, ScenarioRuns.REGISTRY, tracer);
        this.node = sim.node("node1").orElseThrow();
        this.smmu = (Mmu500Smmu) node.requireRole(Iommu.class);
        this.mm = node.memoryManager();
        this.tables = new TableMemory(mm.physicalMemory());
        this.listener = (FaultRecord fault, FaultResolution resolution) ->
                heard.add(new Object[] {fault.id(), resolution, sim.kernel().now()});
    }

    /** A node whose faults the reference handler terminates. */
    static SmmuNode terminating(Map<String, String> smmuParams) {
        return new SmmuNode(smmuParams, "terminate", Map.of());
    }

    /** A zeroed 4 KiB frame for a table or a page. */
    long frame() {
        long pa = mm.physicalMemory().allocateFrame(PageSize.BASE, 0, NumaPolicy.ANY).orElseThrow();
        mm.physicalMemory().zero(pa, 4096);
        return pa;
    }

    /** Writes descriptor {@code d} at index {@code i} of the table at {@code table}. */
    void put(long table, int i, long d) {
        tables.write(table + 8L * i, d);
    }

    /**
     * The configure sequence of seed 000 §2.2 for a stage-1 bank: CBAR, CBA2R, ACTLR, TTBR0, TCR,
     * MAIR, SCTLR; then routes {@code stream} to it through SMR/S2CR group {@code group} and
     * enables the SMMU (CLIENTPD clear, unmatched streams fault).
     */
    void configureStage1(int bank, int stream, int group, long root, int asid, int t0sz, long sctlr) {
        smmu.writeRegister(CBAR + 4L * bank, (long) CBAR_TYPE_S1 << CBAR_TYPE_SHIFT);
        smmu.writeRegister(CBA2R + 4L * bank, CBA2R_VA64);
        smmu.writeRegister(cb(bank, CB_ACTLR), 0);
        smmu.writeRegister(cb(bank, CB_TCR2), 2);
        smmu.writeRegister(cb(bank, CB_TTBR0), root | ((long) asid << 48));
        smmu.writeRegister(cb(bank, CB_TCR), t0sz);
        smmu.writeRegister(cb(bank, CB_MAIR0), 0xff);
        smmu.writeRegister(cb(bank, CB_SCTLR), sctlr);
        route(stream, group, bank);
    }

    /** Routes a stream to a bank and enables translation. */
    void route(int stream, int group, int bank) {
        smmu.writeRegister(S2CR + 4L * group, bank);
        smmu.writeRegister(SMR + 4L * group, SMR_VALID | stream);
        smmu.writeRegister(SCR0, SCR0_USFCFG | SCR0_GFIE | SCR0_GFRE);
    }

    long reg(long offset) {
        return smmu.readRegister(offset);
    }
}
