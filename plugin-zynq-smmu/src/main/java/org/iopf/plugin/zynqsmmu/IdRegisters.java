package org.iopf.plugin.zynqsmmu;

import static org.iopf.plugin.zynqsmmu.SmmuRegisters.*;

/**
 * The read-only identification registers ID0, ID1, ID2 and ID7 of GR0 (ARM SMMUv2, IHI 0062: the identification registers of global space 0), with the
 * values an MMU-500 as configured on Zynq UltraScale+ reports, so a driver probing the model as
 * Linux {@code arm_smmu_device_cfg_probe} does (drivers/iommu/arm/arm-smmu/arm-smmu.c) finds what
 * it finds on the hardware: stage 1, stage 2 and nested translation, stream matching with the
 * model's groups (48, UG1085) and 15-bit stream ids, no address translation operations, the
 * model's context banks (16) none of them stage-2 only, 4 KiB register pages with the context
 * banks in the upper half of the region, the AArch64 4 KiB and 64 KiB granules (and the AArch32
 * formats: ID0.PTFS = 0), 48-bit input, output and upstream addresses, 8-bit VMIDs, revision r2p1.
 * The model walks only the AArch64 4 KiB granule: a bank programmed with another format gets a
 * configuration fault ({@link Mmu500Hardware}).
 *
 * @param id0 ID0
 * @param id1 ID1
 * @param id2 ID2
 * @param id7 ID7
 */
record IdRegisters(long id0, long id1, long id2, long id7) {
    /** Stream id bits of the Zynq UltraScale+ SMMU (SMR.ID is 15 bits; UG1085 SMMU chapter). */
    static final int STREAM_ID_BITS = 15;
    /** Address size encoding 5: 48 bits (ID2.IAS/OAS/UBS; MMU-500 TRM DDI 0517, the largest it offers). */
    static final int ADDRESS_48_BITS = 5;
    /** MMU-500 revision r2p1 in ID7 (MAJOR 2, MINOR 1): assumption, the revision of the Zynq UltraScale+ part. */
    static final int REVISION_R2P1 = 0x21;

    /** The identification of an MMU-500 with {@code contextBanks} banks and {@code groups} stream-match groups. */
    static IdRegisters mmu500(int contextBanks, int groups, RegisterLayout layout) {
        long id0 = ID0_S1TS | ID0_S2TS | ID0_NTS | ID0_SMS | ID0_ATOSNS
                | ((long) contextBanks << ID0_NUMIRPT_SHIFT) | ((long) STREAM_ID_BITS << ID0_NUMSIDB_SHIFT)
                | (groups & ID0_NUMSMRG);
        long id1 = (layout.pageShift() == 16 ? ID1_PAGESIZE : 0)
                | ((long) layout.numPageIndexBits() << ID1_NUMPAGENDXB_SHIFT) | (contextBanks & ID1_NUMCB);
        long id2 = ID2_PTFS_4K | ID2_PTFS_64K | ((long) ADDRESS_48_BITS << ID2_UBS_SHIFT)
                | ((long) ADDRESS_48_BITS << ID2_OAS_SHIFT) | ADDRESS_48_BITS;
        return new IdRegisters(id0, id1, id2, REVISION_R2P1);
    }

    /** The value of the identification register at {@code offset} (ID3..ID6 read as zero). */
    long read(long offset) {
        if (offset == ID0) {
            return id0;
        } else if (offset == ID1) {
            return id1;
        } else if (offset == ID2) {
            return id2;
        } else if (offset == ID7) {
            return id7;
        }
        return 0;
    }
}
