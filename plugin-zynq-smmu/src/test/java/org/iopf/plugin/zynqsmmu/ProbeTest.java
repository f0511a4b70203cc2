package org.iopf.plugin.zynqsmmu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.iopf.plugin.zynqsmmu.SmmuRegisters.*;

import java.util.Map;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.mem.AddressSpace;
import org.junit.jupiter.api.Test;

/**
 * The register map and ID registers as a driver probing the SMMU finds them: decoded here bit by bit
 * as Linux {@code arm_smmu_device_cfg_probe} (drivers/iommu/arm/arm-smmu/arm-smmu.c) decodes them,
 * against the Zynq UltraScale+ device tree ({@code reg = <0x0 0xfd800000 0x0 0x20000>}) and the
 * MMU-500's configuration.
 */
final class ProbeTest {
    /** The size of the SMMU's region in the Zynq UltraScale+ device tree. */
    private static final long DT_REGION = 0x20000;

    private final SmmuNode n = SmmuNode.terminating(Map.of());

    private static long field(long value, int high, int low) {
        return (value >>> low) & ((1L << (high - low + 1)) - 1);
    }

    /** Linux arm_smmu_id_size_to_bits. */
    private static int sizeToBits(long encoding) {
        return switch ((int) encoding) {
            case 0 -> 32;
            case 1 -> 36;
            case 2 -> 40;
            case 3 -> 42;
            case 4 -> 44;
            default -> 48;
        };
    }

    @Test
    void id0ReportsBothStagesNestingStreamMatchingWith48GroupsAnd15BitStreamIds() {
        long id0 = n.reg(0x20);

        assertThat(id0 & (1L << 30)).as("S1TS").isNotZero();
        assertThat(id0 & (1L << 29)).as("S2TS").isNotZero();
        assertThat(id0 & (1L << 28)).as("NTS").isNotZero();
        assertThat(id0 & (1L << 27)).as("SMS").isNotZero();
        assertThat(id0 & (1L << 26)).as("ATOSNS: no ATOS").isNotZero();
        assertThat(id0 & (3L << 24)).as("PTFS: AArch32 formats too").isZero();
        assertThat(field(id0, 7, 0)).as("NUMSMRG").isEqualTo(48);
        assertThat((1L << field(id0, 12, 9)) - 1).as("streamid_mask").isEqualTo(0x7fff);
        assertThat(id0 & (1L << 8)).as("EXIDS").isZero();
    }

    @Test
    void id1Gives4KibPagesSixteenPagesAndSixteenContextBanksAsTheDeviceTreeRegion() {
        long id1 = n.reg(0x24);

        int pgshift = (id1 & (1L << 31)) != 0 ? 16 : 12;
        long size = 1L << (field(id1, 30, 28) + 1);
        assertThat(pgshift).isEqualTo(12);
        assertThat(size).isEqualTo(16);
        assertThat(2 * size << pgshift).as("no 'address space size differs' warning").isEqualTo(DT_REGION);
        assertThat(field(id1, 7, 0)).as("NUMCB").isEqualTo(16);
        assertThat(field(id1, 23, 16)).as("NUMS2CB").isZero();
        // SMMU_CB(smmu, n) = base + (numpage + n) << pgshift; GR1 = base + (1 << pgshift).
        assertThat(size << pgshift).isEqualTo(CB_BASE).isEqualTo(0x10000);
        assertThat((size + 15) << pgshift).isEqualTo(cb(15, 0)).isEqualTo(0x1f000);
        assertThat(1L << pgshift).isEqualTo(GR1_BASE).isEqualTo(0x1000);
    }

    @Test
    void id2GivesTheGranulesAndAddressSizesAndLinuxsPageSizeBitmap() {
        long id0 = n.reg(0x20);
        long id2 = n.reg(0x28);

        assertThat(sizeToBits(field(id2, 3, 0))).as("IAS").isEqualTo(48);
        assertThat(sizeToBits(field(id2, 7, 4))).as("OAS").isEqualTo(48);
        assertThat(sizeToBits(field(id2, 11, 8))).as("UBS").isEqualTo(48);
        assertThat(id2 & (1L << 15)).as("VMID16").isZero();
        long bitmap = 0;
        boolean aarch32 = (id0 & (1L << 25)) == 0;
        if (aarch32) {
            bitmap |= 0x1000 | 0x20_0000 | 0x4000_0000; // AArch32 long: 4K, 2M, 1G
            if ((id0 & (1L << 24)) == 0) {
                bitmap |= 0x1000 | 0x1_0000 | 0x10_0000 | 0x100_0000; // AArch32 short: 4K, 64K, 1M, 16M
            }
        }
        if ((id2 & (1L << 12)) != 0) {
            bitmap |= 0x1000 | 0x20_0000 | 0x4000_0000;
        }
        if ((id2 & (1L << 13)) != 0) {
            bitmap |= 0x4000 | 0x200_0000;
        }
        if ((id2 & (1L << 14)) != 0) {
            bitmap |= 0x1_0000 | 0x2000_0000;
        }
        assertThat(bitmap).as("'Supported page sizes' of an MMU-500 with 4K and 64K granules").isEqualTo(0x61311000L);
    }

    @Test
    void id7IsTheMmu500Revision() {
        long id7 = n.reg(0x3c);

        assertThat(field(id7, 7, 4)).as("MAJOR").isEqualTo(2);
        assertThat(field(id7, 3, 0)).as("MINOR").isEqualTo(1);
    }

    @Test
    void theDriversProbeDecodesTheSameValues() {
        SmmuProbe p = SmmuProbe.of(new RegisterFile() {
            @Override
            public long readRegister(long offset) {
                return n.smmu.readRegister(offset);
            }

            @Override
            public void writeRegister(long offset, long value) {
                n.smmu.writeRegister(offset, value);
            }
        });

        assertThat(p).isEqualTo(new SmmuProbe(true, true, true, true, 48, 0x7fff, new RegisterLayout(12, 16), 16, 0,
                48, 48, 48, 0x1000 | 0x1_0000));
    }

    @Test
    void registersSitAtTheirPagesAndTheOld64KibLayoutIsEmpty() {
        n.smmu.writeRegister(0x1000 + 4 * 3, (long) CBAR_TYPE_S1 << CBAR_TYPE_SHIFT);
        n.smmu.writeRegister(0x1800 + 4 * 3, CBA2R_VA64);
        n.smmu.writeRegister(0x13000 + CB_TCR, 25);
        n.smmu.writeRegister(0x100000 + CB_TCR, 33);

        assertThat(n.reg(CBAR + 12)).isEqualTo((long) CBAR_TYPE_S1 << CBAR_TYPE_SHIFT);
        assertThat(n.reg(CBA2R + 12)).isEqualTo(CBA2R_VA64);
        assertThat(n.reg(cb(3, CB_TCR))).isEqualTo(25);
        assertThat(n.reg(0x100000 + CB_TCR)).as("beyond the 0x20000 region").isZero();
        assertThat(n.reg(cb(0, CB_TCR))).isZero();
        assertThat(n.reg(0x2000)).as("pages 2..15 of the global space are not modelled").isZero();
    }

    @Test
    void writesToTheIdRegistersAreIgnored() {
        long id1 = n.reg(ID1);

        n.smmu.writeRegister(ID1, 0);

        assertThat(n.reg(ID1)).isEqualTo(id1);
    }

    @Test
    void moreBanksTakeMorePagesAndTheDriverFindsThemThroughId1() {
        SmmuNode big = SmmuNode.terminating(Map.of("contextBanks", "20"));
        long id1 = big.reg(ID1);
        long size = 1L << (field(id1, 30, 28) + 1);
        assertThat(size).isEqualTo(32);
        assertThat(field(id1, 7, 0)).isEqualTo(20);
        AddressSpace space = big.mm.createAddressSpace("app");
        for (int d = 0; d < 20; d++) {
            big.smmu.attach(new StreamId(d), new DomainId(100 + d), space);
        }

        // Bank 19's SCTLR sits at (32 + 19) pages; with M set the driver reached it there.
        assertThat(big.reg((32 + 19) * 0x1000L + CB_SCTLR) & SCTLR_M).isEqualTo(SCTLR_M);
        assertThat(big.smmu.bankOf(new DomainId(119))).hasValue(19);
    }

    @Test
    void fewerBanksTakeFewerPages() {
        SmmuNode small = SmmuNode.terminating(Map.of("contextBanks", "5"));

        assertThat(1L << (field(small.reg(ID1), 30, 28) + 1)).isEqualTo(8);
        assertThat(RegisterLayout.forBanks(1)).isEqualTo(new RegisterLayout(12, 2));
        assertThat(RegisterLayout.forBanks(128).regionSize()).isEqualTo(0x100000);
    }
}
