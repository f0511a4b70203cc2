package org.iopf.plugin.zynqsmmu;

/**
 * The outcome of a table walk: an output address with the permissions of the entry that mapped
 * it, or a hardware fault with the level at which it happened.
 *
 * @param address output address, or -1 for a fault
 * @param readable the entry (all stages) allows reads
 * @param writable the entry (all stages) allows writes
 * @param level the level of the leaf, or of the fault
 * @param reads descriptors read from memory (stage-2 reads of a nested walk included)
 * @param fault the fault, or null
 * @param stage2 whether a nested walk faulted in its stage-2 bank
 * @param tableWalkFault whether that stage-2 fault was on a stage-1 table address (FSYNR0.PTWF)
 */
record WalkResult(long address, boolean readable, boolean writable, int level, int reads, HardwareFault fault,
        boolean stage2, boolean tableWalkFault) {
    static WalkResult ok(long address, boolean readable, boolean writable, int level, int reads) {
        return new WalkResult(address, readable, writable, level, reads, null, false, false);
    }

    static WalkResult fault(HardwareFault fault, int level, int reads) {
        return new WalkResult(-1, false, false, level, reads, fault, false, false);
    }

    boolean isFault() {
        return fault != null;
    }

    /** This result with {@code more} descriptor reads added. */
    WalkResult plusReads(int more) {
        return new WalkResult(address, readable, writable, level, reads + more, fault, stage2, tableWalkFault);
    }

    /** This fault marked as a stage-2 fault of a nested walk. */
    WalkResult inStage2(boolean onTable) {
        return new WalkResult(address, readable, writable, level, reads, fault, true, onTable);
    }
}
