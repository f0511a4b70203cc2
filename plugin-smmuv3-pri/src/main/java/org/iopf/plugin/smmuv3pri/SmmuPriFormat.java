package org.iopf.plugin.smmuv3pri;

import org.iopf.api.fault.PageFault;
import org.iopf.api.mem.Access;

/**
 * The SMMUv3 PRI queue (Arm IHI 0070 §8.1): 16-byte records, SMMU queue indices with a wrap bit
 * ({@link QueueIndex}), PRIQ_PROD.OVFLG set only when a request finds the queue full, answered by
 * CMD_PRI_RESP.
 */
final class SmmuPriFormat implements PageRequestFormat {
    static final String NAME = "smmuv3-priq";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int entryBytes() {
        return Regs.PRI_BYTES;
    }

    @Override
    public int driverLog2() {
        return 7;
    }

    @Override
    public boolean empty(int prod, int cons, int log2) {
        return QueueIndex.empty(prod, cons, log2);
    }

    @Override
    public boolean full(int prod, int cons, int log2) {
        return QueueIndex.full(prod, cons, log2);
    }

    @Override
    public int used(int prod, int cons, int log2) {
        return QueueIndex.used(prod, cons, log2);
    }

    @Override
    public int next(int v, int log2) {
        return QueueIndex.next(v, log2);
    }

    @Override
    public long offset(int v, int log2) {
        return (long) Regs.PRI_BYTES * QueueIndex.index(v, log2);
    }

    @Override
    public void write(ModelledMemory memory, long slot, Request r) {
        long w0 = (r.sid() & 0xffff_ffffL) | ((long) Math.max(r.ssid(), 0) & 0xfffff) << 32
                | (r.ssid() >= 0 ? Regs.PRI0_SSV : 0) | Regs.PRI0_READ | (r.access().isWrite() ? Regs.PRI0_WRITE : 0)
                | (r.last() ? Regs.PRI0_LAST : 0);
        memory.write(slot, w0);
        memory.write(slot + 8, (r.va() & ~0xfffL) | (r.prgi() & 0x1ff));
    }

    @Override
    public QueueEntry read(PageFault fault, ModelledMemory memory, long slot) {
        long w0 = memory.read(slot);
        long w1 = memory.read(slot + 8);
        int ssid = (w0 & Regs.PRI0_SSV) != 0 ? (int) Regs.field(w0, 51, 32) : -1;
        Access access = (w0 & Regs.PRI0_WRITE) != 0 ? Access.WRITE : Access.READ;
        return new QueueEntry(fault, true, (int) (w0 & 0xffff_ffffL), ssid, w1 & ~0xfffL, access,
                (w0 & Regs.PRI0_LAST) != 0, (int) (w1 & 0x1ff), -1);
    }

    @Override
    public long[] response(int sid, int ssid, int prgi, int code) {
        long w0 = Regs.CMD_PRI_RESP | (long) sid << 32 | (ssid >= 0 ? Regs.CMD_SSV | ((long) ssid & 0xfffff) << 12 : 0);
        return new long[] {w0, prgi | (long) code << 12};
    }

    @Override
    public Response decodeResponse(long w0, long w1) {
        if ((w0 & 0xff) != Regs.CMD_PRI_RESP) {
            return null;
        }
        int ssid = (w0 & Regs.CMD_SSV) != 0 ? (int) Regs.field(w0, 31, 12) : -1;
        return new Response((int) (w0 >>> 32), ssid, (int) (w1 & 0x1ff), (int) Regs.field(w1, 13, 12));
    }

    @Override
    public boolean discardsWhileOverflowed() {
        return false;
    }
}
