package org.iopf.plugin.zynqsmmu;

import static org.iopf.plugin.zynqsmmu.SmmuRegisters.*;

/**
 * What a driver learns from ID0, ID1 and ID2, decoded as Linux {@code arm_smmu_device_cfg_probe}
 * (drivers/iommu/arm/arm-smmu/arm-smmu.c) decodes them: the translation stages, stream matching
 * and its groups, the stream-id mask, the register layout, the context banks, the address sizes
 * ({@code arm_smmu_id_size_to_bits}) and the granules. The model's driver ({@link Mmu500Smmu})
 * programs what it finds here.
 *
 * @param stage1 ID0.S1TS
 * @param stage2 ID0.S2TS
 * @param nested ID0.NTS
 * @param streamMatching ID0.SMS
 * @param mappingGroups ID0.NUMSMRG
 * @param streamIdMask {@code (1 << ID0.NUMSIDB) - 1}
 * @param layout pgshift and numpage from ID1
 * @param contextBanks ID1.NUMCB
 * @param stage2OnlyBanks ID1.NUMS2CB
 * @param ipaBits ID2.IAS in bits
 * @param paBits ID2.OAS in bits
 * @param vaBits ID2.UBS in bits
 * @param granules the AArch64 granules of ID2.PTFS_4K/16K/64K, as a bitmap of their sizes
 */
record SmmuProbe(boolean stage1, boolean stage2, boolean nested, boolean streamMatching, int mappingGroups,
        int streamIdMask, RegisterLayout layout, int contextBanks, int stage2OnlyBanks, int ipaBits, int paBits,
        int vaBits, long granules) {
    /** Reads and decodes the identification registers. */
    static SmmuProbe of(RegisterFile registers) {
        long id0 = registers.readRegister(ID0);
        long id1 = registers.readRegister(ID1);
        long id2 = registers.readRegister(ID2);
        long granules = ((id2 & ID2_PTFS_4K) != 0 ? 1L << 12 : 0) | ((id2 & ID2_PTFS_16K) != 0 ? 1L << 14 : 0)
                | ((id2 & ID2_PTFS_64K) != 0 ? 1L << 16 : 0);
        return new SmmuProbe((id0 & ID0_S1TS) != 0, (id0 & ID0_S2TS) != 0, (id0 & ID0_NTS) != 0,
                (id0 & ID0_SMS) != 0, (int) (id0 & ID0_NUMSMRG), (1 << ((id0 >>> ID0_NUMSIDB_SHIFT) & 0xf)) - 1,
                RegisterLayout.probe(registers), (int) (id1 & ID1_NUMCB), (int) ((id1 >>> ID1_NUMS2CB_SHIFT) & 0xff),
                addressBits((int) (id2 & ID2_IAS)), addressBits((int) ((id2 >>> ID2_OAS_SHIFT) & 0xf)),
                addressBits((int) ((id2 >>> ID2_UBS_SHIFT) & 0xf)), granules);
    }
}
