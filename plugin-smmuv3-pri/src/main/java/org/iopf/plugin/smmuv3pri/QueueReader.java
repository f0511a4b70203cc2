package org.iopf.plugin.smmuv3pri;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.iopf.api.fault.PageFault;
import org.iopf.api.mem.Access;

/**
 * The driver's consumer side of the event queue or the PRI queue: reads PROD, takes the records
 * between CONS and PROD from memory, decodes them and writes CONS back, and acknowledges an
 * overflow by copying PROD.OVFLG into CONS.OVACKFLG (as {@code arm_smmu_evtq_thread} /
 * {@code arm_smmu_priq_thread} and {@code queue_sync_cons_ovf} do). It pairs each record with the
 * fault raised for it, by its position in the queue's sequence.
 */
final class QueueReader {
    private final Smmuv3Hardware smmu;
    private final boolean pri;
    private final long baseRegister;
    private final long prodRegister;
    private final long consRegister;
    private final int entryBytes;
    private final PageRequestFormat format;
    private final Map<Long, PageFault> raised = new HashMap<>();
    private final Map<Long, Integer> stags = new HashMap<>();
    private long consumed;
    private long overflows;
    private long partialDiscards;
    private final List<Runnable> runEndWaiters = new ArrayList<>();

    QueueReader(Smmuv3Hardware smmu, boolean pri) {
        this.smmu = smmu;
        this.pri = pri;
        this.baseRegister = pri ? Regs.PRIQ_BASE : Regs.EVTQ_BASE;
        this.prodRegister = pri ? Regs.PRIQ_PROD : Regs.EVTQ_PROD;
        this.consRegister = pri ? Regs.PRIQ_CONS : Regs.EVTQ_CONS;
        this.format = smmu.pageRequestFormat();
        this.entryBytes = pri ? format.entryBytes() : Regs.EVT_BYTES;
    }

    private boolean smmuRing() {
        return !pri || format instanceof SmmuPriFormat;
    }

    /** Remembers the fault raised for the record at {@code seq}. */
    void raised(long seq, PageFault fault) {
        raised.put(seq, fault);
    }

    /** Whether the record at {@code seq} is still in the queue. */
    boolean unread(long seq) {
        return seq >= consumed;
    }

    /** Records waiting in the queue. */
    int waiting() {
        int log2 = (int) (smmu.readRegister(baseRegister) & Regs.Q_BASE_LOG2SIZE_MASK);
        int prod = (int) smmu.readRegister(prodRegister);
        int cons = (int) smmu.readRegister(consRegister);
        return pri ? format.used(prod, cons, log2) : QueueIndex.used(prod, cons, log2);
    }

    /** The STAG of the stalled event read at {@code seq} (forgotten once asked), or 0. */
    int stagOf(long seq) {
        Integer stag = stags.remove(seq);
        return stag == null ? 0 : stag;
    }

    /** Times the driver discarded partial groups on clearing an overflow (VT-d's prq_event_thread). */
    long partialDiscards() {
        return partialDiscards;
    }

    /**
     * {@code wait_for_completion(&iommu->prq_complete)}: {@code waiter} runs once the queue thread
     * next finishes a run (it completes {@code prq_complete} after writing PQH).
     */
    void awaitRunEnd(Runnable waiter) {
        runEndWaiters.add(waiter);
    }

    /** The queue thread finished a run (read the queue empty): {@code complete(&iommu->prq_complete)}. */
    void runEnded() {
        List<Runnable> waiters = List.copyOf(runEndWaiters);
        runEndWaiters.clear();
        waiters.forEach(Runnable::run);
    }

    /** Overflows acknowledged so far. */
    long overflows() {
        return overflows;
    }

    /**
     * Reads at most {@code max} records (all if {@code max} is negative). An overflow is acknowledged
     * as the format's driver does: SMMUv3, once the queue is empty, by copying PROD.OVFLG into
     * CONS.OVACKFLG; VT-d ({@code prq_event_thread}), once PQH reached PQT, by clearing PRS.PRO;
     * AMD ({@code amd_iommu_int_thread}, {@code amd_iommu_restart_ppr_log}), at the interrupt that
     * reads the log, by clearing PPRLogOverflow and restarting the log.
     */
    List<QueueEntry> read(int max) {
        long base = smmu.readRegister(baseRegister);
        int log2 = (int) (base & Regs.Q_BASE_LOG2SIZE_MASK);
        int prod = (int) smmu.readRegister(prodRegister);
        int cons = (int) smmu.readRegister(consRegister);
        List<QueueEntry> out = new ArrayList<>();
        ModelledMemory memory = smmu.memory();
        boolean smmuRing = smmuRing();
        if (!smmuRing && format instanceof AmdPprFormat && smmu.priOverflowed()) {
            overflows++;
            smmu.clearPriOverflow();
        }
        while (!(smmuRing ? QueueIndex.empty(prod, cons, log2) : format.empty(prod, cons, log2))
                && (max < 0 || out.size() < max)) {
            long slot = (base & Regs.Q_BASE_ADDR_MASK)
                    + (smmuRing ? (long) entryBytes * QueueIndex.index(cons, log2) : format.offset(cons, log2));
            PageFault fault = raised.remove(consumed);
            QueueEntry entry = !pri ? decodeEvent(fault, memory.read(slot), memory.read(slot + 8), memory.read(slot + 16))
                    : format.read(fault, memory, slot);
            if (entry.stag() >= 0) {
                stags.put(consumed, entry.stag());
            }
            out.add(entry);
            consumed++;
            cons = smmuRing ? QueueIndex.next(cons, log2) : format.next(cons, log2);
        }
        if (smmuRing) {
            if (QueueIndex.empty(prod, cons, log2) && (prod & Regs.Q_OVF) != (cons & Regs.Q_OVF)) {
                overflows++;
                cons = (cons & ~Regs.Q_OVF) | (prod & Regs.Q_OVF);
            }
        } else if (format instanceof VtdPrqFormat && format.empty(prod, cons, log2) && smmu.priOverflowed()) {
            overflows++;
            partialDiscards++;
            smmu.clearPriOverflow();
        }
        smmu.writeRegister(consRegister, cons & 0xffff_ffffL);
        return out;
    }

    /**
     * The records still in the queue for {@code pasid}, read from memory between the consumer and
     * the producer as {@code intel_iommu_drain_pasid_prq} scans PQH..PQT.
     */
    int pendingFor(int pasid) {
        long base = smmu.readRegister(baseRegister);
        int log2 = (int) (base & Regs.Q_BASE_LOG2SIZE_MASK);
        int prod = (int) smmu.readRegister(prodRegister);
        int cons = (int) smmu.readRegister(consRegister);
        int pending = 0;
        while (!format.empty(prod, cons, log2)) {
            QueueEntry e = format.read(null, smmu.memory(), (base & Regs.Q_BASE_ADDR_MASK) + format.offset(cons, log2));
            if (e.ssid() == pasid) {
                pending++;
            }
            cons = format.next(cons, log2);
        }
        return pending;
    }

    private static QueueEntry decodeEvent(PageFault fault, long w0, long w1, long va) {
        boolean stalled = (w1 & Regs.EVT1_STALL) != 0;
        int ssid = (w0 & Regs.CMD_SSV) != 0 ? (int) Regs.field(w0, 31, 12) : -1;
        Access access = (w1 & Regs.EVT1_RNW) != 0 ? Access.READ : Access.WRITE;
        return new QueueEntry(fault, false, (int) (w0 >>> 32), ssid, va, access, true, 0,
                stalled ? (int) (w1 & 0xffff) : -1);
    }
}
