package org.iopf.plugin.zynqsmmu;

import org.iopf.api.fault.FaultRecord;

/**
 * One line of the SMMU's fault log: the fault as recorded, its bank, FSR bits and syndrome, and
 * (once known) how it ended.
 */
final class LoggedFault {
    private final FaultRecord record;
    private final int bank;
    private final long fsr;
    private final long fsynr0;
    private String outcome;

    LoggedFault(FaultRecord record, int bank, long fsr, long fsynr0, boolean stalled) {
        this.record = record;
        this.bank = bank;
        this.fsr = fsr;
        this.fsynr0 = fsynr0;
        this.outcome = stalled ? "stalled" : "terminated by hardware";
    }

    FaultRecord record() {
        return record;
    }

    void ended(String how) {
        this.outcome = how;
    }

    String render() {
        String where = bank < 0 ? "global" : "cb" + bank;
        return String.format("#%d t=%dns %s %s %s iova=0x%x %s %s FSR=0x%x[%s] FSYNR0=0x%x -> %s", record.id(),
                record.timeNanos(), where, record.stream(), record.domain(), record.address(), record.access(),
                record.kind(), fsr, ContextBank.fsrFlags(fsr), fsynr0, outcome);
    }
}
