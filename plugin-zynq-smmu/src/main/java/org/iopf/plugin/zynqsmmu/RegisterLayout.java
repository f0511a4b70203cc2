package org.iopf.plugin.zynqsmmu;

import static org.iopf.plugin.zynqsmmu.SmmuRegisters.ID1;
import static org.iopf.plugin.zynqsmmu.SmmuRegisters.ID1_NUMPAGENDXB_SHIFT;
import static org.iopf.plugin.zynqsmmu.SmmuRegisters.ID1_PAGESIZE;

/**
 * Where an SMMUv2's register pages sit (ARM SMMUv2, IHI 0062: the global address space and
 * the translation context bank space, each {@code numPage} pages): context bank {@code n} at
 * {@code (numPage + n) << pageShift}, global space 1 at page 1. The driver finds it from ID1 as
 * Linux {@code arm_smmu_device_cfg_probe} does (drivers/iommu/arm/arm-smmu/arm-smmu.c:
 * {@code pgshift} from ID1.PAGESIZE, {@code numpage = 1 << (NUMPAGENDXB + 1)}); the hardware
 * derives it from its number of banks.
 *
 * @param pageShift 12 for 4 KiB register pages, 16 for 64 KiB
 * @param numPage pages of the global space (and of the context-bank space), a power of two 2..256
 */
record RegisterLayout(int pageShift, int numPage) {
    RegisterLayout {
        if (pageShift != 12 && pageShift != 16) {
            throw new IllegalArgumentException("pageShift must be 12 or 16: " + pageShift);
        }
        if (numPage < 2 || numPage > 256 || Integer.bitCount(numPage) != 1) {
            throw new IllegalArgumentException("numPage must be a power of two 2..256: " + numPage);
        }
    }

    /**
     * The layout of an MMU-500 with {@code contextBanks} banks: 4 KiB pages, the context-bank space
     * the smallest power of two of pages that holds them (16 banks: 16 pages, the Zynq 0x20000 region).
     */
    static RegisterLayout forBanks(int contextBanks) {
        int pages = 2;
        while (pages < contextBanks) {
            pages <<= 1;
        }
        return new RegisterLayout(12, pages);
    }

    /** The layout a driver reads from ID1. */
    static RegisterLayout probe(RegisterFile registers) {
        long id1 = registers.readRegister(ID1);
        int shift = (id1 & ID1_PAGESIZE) != 0 ? 16 : 12;
        return new RegisterLayout(shift, 1 << (((id1 >>> ID1_NUMPAGENDXB_SHIFT) & 0x7) + 1));
    }

    /** ID1.NUMPAGENDXB of this layout. */
    int numPageIndexBits() {
        return Integer.numberOfTrailingZeros(numPage) - 1;
    }

    /** Bytes of one register page. */
    long pageSize() {
        return 1L << pageShift;
    }

    /** Offset of context bank 0 (the start of the upper half of the SMMU's region). */
    long contextBankBase() {
        return (long) numPage << pageShift;
    }

    /** Bytes of the whole region: the global space and the context-bank space. */
    long regionSize() {
        return 2 * contextBankBase();
    }

    /** Offset of global space 1 (page 1). */
    long gr1() {
        return pageSize();
    }

    /** Offset of register {@code register} of context bank {@code bank}. */
    long cb(int bank, long register) {
        return contextBankBase() + ((long) bank << pageShift) + register;
    }
}
