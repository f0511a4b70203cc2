package org.iopf.plugin.smmuv3pri;

import org.iopf.api.fault.PageFault;
import org.iopf.api.mem.Access;

/**
 * The Intel VT-d scalable-mode page request queue (Intel VT-d specification §7.5.1, Linux
 * {@code drivers/iommu/intel/prq.c}): 32-byte page request descriptors (qw0: type 1 [7:0],
 * PASID present [8], requester id [31:16], PASID [51:32]; qw1: read [0], write [1], last page in
 * group [2], PRG index [11:3], page address [63:12]; qw2/qw3 private data), PQT/PQH as byte
 * offsets, PRS.PRO set on overflow and holding off every request until software clears it, and
 * the page group response descriptor (type 9: PASID present [4], response code [15:12], requester
 * id [31:16], PASID [51:32]; qw1: LPIG [2], PRG index [11:3]) followed, as {@code qi_submit_sync}
 * does, by an invalidation wait descriptor (type 5, status write [5], fence [6], page-request
 * drain [7]). The 256-bit descriptors' upper halves are zero for these types and are not stored.
 */
final class VtdPrqFormat extends ByteOffsetFormat {
    static final String NAME = "vtd-prq";
    static final int BYTES = 32;
    /** Descriptor types and fields. */
    static final long TYPE_PAGE_REQUEST = 0x1;
    static final long QI_PGRP_RESP_TYPE = 0x9;
    static final long QI_IWD_TYPE = 0x5;
    static final long QI_IWD_STATUS_WRITE = 1L << 5;
    static final long QI_IWD_FENCE = 1L << 6;
    static final long QI_IWD_PRQ_DRAIN = 1L << 7;
    /** Page group response codes (VT-d §6.5.2.7): success, invalid request, response failure. */
    static final int QI_RESP_SUCCESS = 0x0;
    static final int QI_RESP_INVALID = 0x1;
    static final int QI_RESP_FAILURE = 0xf;

    VtdPrqFormat() {
        super(BYTES);
    }

    @Override
    public String name() {
        return NAME;
    }

    /** prq.c: PRQ_ORDER 4, 16 pages of 32-byte descriptors. */
    @Override
    public int driverLog2() {
        return 11;
    }

    @Override
    public void write(ModelledMemory memory, long slot, Request r) {
        long qw0 = TYPE_PAGE_REQUEST | (r.ssid() >= 0 ? 1L << 8 : 0) | (r.sid() & 0xffffL) << 16
                | ((long) Math.max(r.ssid(), 0) & 0xfffff) << 32;
        long qw1 = 1L | (r.access().isWrite() ? 1L << 1 : 0) | (r.last() ? 1L << 2 : 0) | (long) (r.prgi() & 0x1ff) << 3
                | (r.va() & ~0xfffL);
        memory.write(slot, qw0);
        memory.write(slot + 8, qw1);
        memory.write(slot + 16, 0);
        memory.write(slot + 24, 0);
    }

    @Override
    public QueueEntry read(PageFault fault, ModelledMemory memory, long slot) {
        long qw0 = memory.read(slot);
        long qw1 = memory.read(slot + 8);
        int ssid = (qw0 & 1L << 8) != 0 ? (int) Regs.field(qw0, 51, 32) : -1;
        Access access = (qw1 & 1L << 1) != 0 ? Access.WRITE : Access.READ;
        return new QueueEntry(fault, true, (int) Regs.field(qw0, 31, 16), ssid, qw1 & ~0xfffL, access,
                (qw1 & 1L << 2) != 0, (int) Regs.field(qw1, 11, 3), -1);
    }

    @Override
    public long[] response(int sid, int ssid, int prgi, int code) {
        int vtd = code == Regs.PRI_RESP_SUCC ? QI_RESP_SUCCESS : code == Regs.PRI_RESP_DENY ? QI_RESP_INVALID
                : QI_RESP_FAILURE;
        long qw0 = QI_PGRP_RESP_TYPE | (ssid >= 0 ? 1L << 4 : 0) | (long) vtd << 12 | (sid & 0xffffL) << 16
                | ((long) Math.max(ssid, 0) & 0xfffff) << 32;
        long qw1 = 1L << 2 | (long) (prgi & 0x1ff) << 3;
        return new long[] {qw0, qw1, wait(false), 0};
    }

    /** An invalidation wait descriptor with status write, and with fence and page-request drain for a drain. */
    static long wait(boolean drain) {
        return QI_IWD_TYPE | QI_IWD_STATUS_WRITE | (drain ? QI_IWD_FENCE | QI_IWD_PRQ_DRAIN : 0);
    }

    /** Whether {@code w0} is an invalidation wait descriptor. */
    static boolean isWait(long w0) {
        return (w0 & 0xf) == QI_IWD_TYPE && (w0 & QI_IWD_STATUS_WRITE) != 0;
    }

    @Override
    public Response decodeResponse(long w0, long w1) {
        if ((w0 & 0xf) != QI_PGRP_RESP_TYPE) {
            return null;
        }
        int vtd = (int) Regs.field(w0, 15, 12);
        int code = vtd == QI_RESP_SUCCESS ? Regs.PRI_RESP_SUCC : vtd == QI_RESP_INVALID ? Regs.PRI_RESP_DENY
                : Regs.PRI_RESP_FAIL;
        int ssid = (w0 & 1L << 4) != 0 ? (int) Regs.field(w0, 51, 32) : -1;
        return new Response((int) Regs.field(w0, 31, 16), ssid, (int) Regs.field(w1, 11, 3), code);
    }

    @Override
    public boolean discardsWhileOverflowed() {
        return true;
    }
}
