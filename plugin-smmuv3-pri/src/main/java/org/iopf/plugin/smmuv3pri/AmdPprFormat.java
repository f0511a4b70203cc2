package org.iopf.plugin.smmuv3pri;

import org.iopf.api.fault.PageFault;
import org.iopf.api.mem.Access;

/**
 * The AMD IOMMU peripheral page request (PPR) log (AMD I/O Virtualization Technology (IOMMU)
 * Specification §3.5, Linux {@code drivers/iommu/amd/ppr.c} and {@code amd_iommu_types.h}):
 * 16-byte entries (word 0: device id [15:0], PASID [15:0] at [31:16], tag [41:32] of which the
 * PRG index is [8:0] and the last bit [9], PASID [19:16] at [45:42], flags [59:48] — read 0x004,
 * write 0x008, user 0x010, PASID valid (GN) 0x040 — and type 1 (PPR_REQ_FAULT) [63:60]; word 1:
 * the address), head and tail as byte offsets, PPRLogOverflow in the status register holding off
 * new entries until software clears it and restarts the log, and COMPLETE_PPR_REQUEST (command
 * type 7 [63:60], device id [15:0], PASID [51:32]; word 1: GN [2], tag [40:32], status [47:44]).
 */
final class AmdPprFormat extends ByteOffsetFormat {
    static final String NAME = "amd-ppr-log";
    static final int BYTES = 16;
    static final long PPR_REQ_FAULT = 0x1;
    static final long CMD_COMPLETE_PPR = 0x7;
    static final int FLAG_READ = 0x004;
    static final int FLAG_WRITE = 0x008;
    static final int FLAG_US = 0x010;
    static final int FLAG_GN = 0x040;
    /** PPR completion status: success, invalid, failure (amd_iommu_types.h PPR_SUCCESS/INVALID/FAILURE). */
    static final int PPR_SUCCESS = 0x0;
    static final int PPR_INVALID = 0x1;
    static final int PPR_FAILURE = 0xf;

    AmdPprFormat() {
        super(BYTES);
    }

    @Override
    public String name() {
        return NAME;
    }

    /** amd_iommu_types.h: PPR_LOG_ENTRIES 512. */
    @Override
    public int driverLog2() {
        return 9;
    }

    @Override
    public void write(ModelledMemory memory, long slot, Request r) {
        long pasid = Math.max(r.ssid(), 0) & 0xfffff;
        long tag = (r.prgi() & 0x1ff) | (r.last() ? 0x200 : 0);
        long flags = FLAG_READ | FLAG_US | (r.access().isWrite() ? FLAG_WRITE : 0) | (r.ssid() >= 0 ? FLAG_GN : 0);
        long w0 = (r.sid() & 0xffffL) | (pasid & 0xffff) << 16 | tag << 32 | (pasid >>> 16) << 42 | flags << 48
                | PPR_REQ_FAULT << 60;
        memory.write(slot, w0);
        memory.write(slot + 8, r.va() & ~0xfffL);
    }

    @Override
    public QueueEntry read(PageFault fault, ModelledMemory memory, long slot) {
        long w0 = memory.read(slot);
        long address = memory.read(slot + 8);
        int flags = (int) Regs.field(w0, 59, 48);
        int tag = (int) Regs.field(w0, 41, 32);
        int pasid = (int) (Regs.field(w0, 45, 42) << 16 | Regs.field(w0, 31, 16));
        Access access = (flags & FLAG_WRITE) != 0 ? Access.WRITE : Access.READ;
        return new QueueEntry(fault, true, (int) Regs.field(w0, 15, 0), (flags & FLAG_GN) != 0 ? pasid : -1,
                address & ~0xfffL, access, (tag & 0x200) != 0, tag & 0x1ff, -1);
    }

    @Override
    public long[] response(int sid, int ssid, int prgi, int code) {
        int status = code == Regs.PRI_RESP_SUCC ? PPR_SUCCESS : code == Regs.PRI_RESP_DENY ? PPR_INVALID : PPR_FAILURE;
        long w0 = (sid & 0xffffL) | ((long) Math.max(ssid, 0) & 0xfffff) << 32 | CMD_COMPLETE_PPR << 60;
        long w1 = (ssid >= 0 ? 0x4L : 0) | ((long) (prgi & 0x1ff) | (long) status << 12) << 32;
        return new long[] {w0, w1};
    }

    @Override
    public Response decodeResponse(long w0, long w1) {
        if (w0 >>> 60 != CMD_COMPLETE_PPR) {
            return null;
        }
        int status = (int) Regs.field(w1, 47, 44);
        int code = status == PPR_SUCCESS ? Regs.PRI_RESP_SUCC : status == PPR_INVALID ? Regs.PRI_RESP_DENY
                : Regs.PRI_RESP_FAIL;
        int ssid = (w1 & 0x4) != 0 ? (int) Regs.field(w0, 51, 32) : -1;
        return new Response((int) (w0 & 0xffff), ssid, (int) Regs.field(w1, 40, 32), code);
    }

    @Override
    public boolean discardsWhileOverflowed() {
        return true;
    }
}
