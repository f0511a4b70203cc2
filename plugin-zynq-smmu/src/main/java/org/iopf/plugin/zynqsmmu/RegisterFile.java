package org.iopf.plugin.zynqsmmu;

/** The SMMU's registers as the driver reaches them over MMIO: 32-bit reads and writes by offset. */
interface RegisterFile {
    /** Reads the register at {@code offset} from the SMMU base; unknown offsets read as zero. */
    long readRegister(long offset);

    /** Writes {@code value} to the register at {@code offset}, with its side effects. */
    void writeRegister(long offset, long value);
}
