package org.iopf.plugin.zynqsmmu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.iopf.plugin.zynqsmmu.SmmuRegisters.*;

import java.util.List;
import java.util.Map;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.fault.FaultResolution;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.junit.jupiter.api.Test;

/** The Iommu role: the driver's configure sequence, real descriptors from map, unmap, detach, inspection. */
final class IommuRoleTest {
    private static final StreamId STREAM = new StreamId(3);
    private static final DomainId DOMAIN = new DomainId(5);

    private final SmmuNode n = SmmuNode.terminating(Map.of());
    private final AddressSpace space = n.mm.createAddressSpace("app");
    private final long va = n.mm.mmap(space, 4 * 4096, MapOptions.DEFAULT);

    @Test
    void attachProgramsABankAndAStreamMatchAsSeed000Section22Does() {
        n.smmu.attach(STREAM, DOMAIN, space);

        assertThat(n.reg(SCR0) & SCR0_CLIENTPD).isZero();
        assertThat(n.reg(SMR)).isEqualTo(SMR_VALID | STREAM.value());
        assertThat(n.reg(S2CR)).isEqualTo(0);
        assertThat(n.reg(CBAR)).isEqualTo((long) CBAR_TYPE_S1 << CBAR_TYPE_SHIFT);
        assertThat(n.reg(cb(0, CB_SCTLR))).isEqualTo(SCTLR_M | SCTLR_TRE | SCTLR_AFE | SCTLR_CFRE | SCTLR_CFIE
                | SCTLR_CFCFG | SCTLR_HUPCF);
        assertThat(n.reg(cb(0, CB_TTBR0)) >>> 48).isEqualTo(DOMAIN.value());
        assertThat(n.reg(cb(0, CB_TCR)) & TCR_T0SZ).isEqualTo(16);
        assertThat(n.smmu.bankOf(DOMAIN)).hasValue(0);
        assertThat(n.smmu.domainOf(STREAM)).contains(DOMAIN);
    }

    @Test
    void mapWritesLpaeDescriptorsIntoPhysicalMemoryThatTheWalkFollows() {
        n.mm.faultInNow(space, va, Access.WRITE);
        long pa = n.mm.translate(space, va, Access.READ).orElse(-1);
        n.smmu.attach(STREAM, DOMAIN, space);

        n.smmu.map(DOMAIN, va, pa, 4096, true);

        long table = n.reg(cb(0, CB_TTBR0)) & Lpae.ADDRESS_MASK;
        for (int level = 0; level < 3; level++) {
            long d = n.tables.read(table + 8L * Lpae.index(va, level));
            assertThat(Lpae.isTable(d, level)).isTrue();
            table = d & Lpae.ADDRESS_MASK;
        }
        assertThat(n.tables.read(table + 8L * Lpae.index(va, 3))).isEqualTo(Lpae.stage1Leaf(pa, 3, true));
        assertThat(n.smmu.translate(STREAM, va + 0x18, Access.WRITE, n.listener).address().getAsLong()).isEqualTo(pa + 0x18);
    }

    @Test
    void aTwoMibAlignedRangeBecomesABlockAndPartOfItCanBeUnmapped() {
        long iova = 0x4000_0000L;
        n.smmu.attach(STREAM, DOMAIN, space);
        n.smmu.map(DOMAIN, iova, 0x1000_0000L, 2L << 20, false);

        assertThat(n.smmu.translate(STREAM, iova + 0x12_3456L, Access.READ, n.listener).latencyNanos())
                .isEqualTo(10 + 3 * 120);
        n.smmu.unmap(DOMAIN, iova + 4096, 4096);

        assertThat(n.smmu.translate(STREAM, iova + 4096, Access.READ, n.listener).record().orElseThrow().kind())
                .isEqualTo(FaultKind.TRANSLATION);
        assertThat(n.smmu.translate(STREAM, iova + 8192, Access.READ, n.listener).address().getAsLong())
                .isEqualTo(0x1000_2000L);
        assertThat(n.smmu.translate(STREAM, iova + 8192, Access.WRITE, n.listener).record().orElseThrow().kind())
                .isEqualTo(FaultKind.PERMISSION);
    }

    @Test
    void aDetachedStreamFaultsWithConfiguration() {
        n.smmu.attach(STREAM, DOMAIN, space);
        n.smmu.detach(STREAM);

        assertThat(n.smmu.translate(STREAM, va, Access.READ, n.listener).record().orElseThrow().kind())
                .isEqualTo(FaultKind.CONFIGURATION);
        assertThat(n.smmu.domainOf(STREAM)).isEmpty();
    }

    @Test
    void aStreamAttachesOnceADomainServesOneProcessAndSixteenDomainsFillTheBanks() {
        n.smmu.attach(STREAM, DOMAIN, space);
        AddressSpace other = n.mm.createAddressSpace("other");

        assertThatThrownBy(() -> n.smmu.attach(STREAM, new DomainId(6), space))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> n.smmu.attach(new StreamId(4), DOMAIN, other))
                .isInstanceOf(IllegalArgumentException.class);
        for (int d = 1; d < 16; d++) {
            n.smmu.attach(new StreamId(100 + d), new DomainId(100 + d), n.mm.createAddressSpace("p" + d));
        }
        assertThatThrownBy(() -> n.smmu.attach(new StreamId(200), new DomainId(200), other))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("16 context banks");
    }

    @Test
    void theRegistersViewDumpsEveryBankInUseAndTheFaultsViewLogsEachFault() {
        n.smmu.attach(STREAM, DOMAIN, space);
        var fault = n.smmu.translate(STREAM, va + 0x10, Access.WRITE, n.listener).record().orElseThrow();
        n.sim.kernel().run();

        List<String> registers = n.smmu.render("registers");
        List<String> faults = n.smmu.render("faults");

        assertThat(n.smmu.views()).containsExactly("registers", "faults");
        assertThat(registers.get(0)).isEqualTo("node1/smmu sCR0=0x406[translating] GFSR=0x0 GFAR=0x0");
        assertThat(registers.get(1)).isEqualTo("SMR0 =0x80000003 id=3 mask=0x0  S2CR0 =0x00000000 -> cb0");
        assertThat(registers.get(2)).startsWith("cb0  CBAR=0x10000 SCTLR=0x1e7[M TRE AFE CFRE CFIE STALL HUPCF] "
                + "TCR=0x803510 TCR2=0x2 TTBR0=0x0005").contains("FSR=0x00000002[TF]")
                .contains(String.format("FAR=0x%016x FSYNR0=0x00000010", va + 0x10)).contains("MAIR0=0x000000ff").endsWith("stalled=0");
        assertThat(registers).hasSize(4);
        assertThat(faults).containsExactly("node1/smmu fault log (last 1 of 1 faults)",
                String.format("#%d t=0ns cb0 stream3 domain5 iova=0x%x WRITE TRANSLATION FSR=0x40000002[TF SS] "
                        + "FSYNR0=0x10 -> RESUME terminate at 10000ns", fault.id(), va + 0x10));
        assertThat(n.heard.get(0)[1]).isEqualTo(FaultResolution.TERMINATE);
        assertThatThrownBy(() -> n.smmu.render("nope")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void inStage2ModeTheDriverProgramsStage2BanksAndMapWritesS2apDescriptors() {
        SmmuNode s2 = SmmuNode.terminating(Map.of("stage", "stage2"));
        AddressSpace app = s2.mm.createAddressSpace("vm");
        s2.smmu.attach(STREAM, DOMAIN, app);
        s2.smmu.map(DOMAIN, 0x8000_0000L, 0x2000_0000L, 4096, false);

        assertThat((s2.reg(CBAR) >>> CBAR_TYPE_SHIFT) & 3).isEqualTo(CBAR_TYPE_S2);
        assertThat(s2.smmu.translate(STREAM, 0x8000_0010L, Access.READ, s2.listener).address().getAsLong())
                .isEqualTo(0x2000_0010L);
        assertThat(s2.smmu.translate(STREAM, 0x8000_0010L, Access.WRITE, s2.listener).record().orElseThrow().kind())
                .isEqualTo(FaultKind.PERMISSION);
        assertThat(s2.reg(cb(0, CB_FSR)) & FSR_PF).isEqualTo(FSR_PF);
    }
}
