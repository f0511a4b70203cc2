package org.iopf.plugin.smmuv3pri;

import org.iopf.api.fault.PageFault;
import org.iopf.api.mem.Access;

/**
 * The layout of one IOMMU's page-request queue and of its page response, which the same
 * translation engine uses for the parameter {@code pageRequests}: the SMMUv3 PRI queue (Arm IHI
 * 0070 chapter 8, CMD_PRI_RESP), the Intel VT-d scalable-mode page request queue (32-byte page
 * request descriptors, a page group response descriptor with an invalidation wait; VT-d spec
 * §7.5, Linux {@code drivers/iommu/intel/prq.c}) or the AMD IOMMU PPR log (16-byte entries,
 * COMPLETE_PPR_REQUEST; AMD IOMMU spec §3.5 and §2.4, Linux {@code drivers/iommu/amd/ppr.c}).
 *
 * <p>The ring values a format defines are what its producer and consumer registers hold: index and
 * wrap bit for the SMMU (full when the indices agree and the wrap bits differ, all entries usable);
 * a byte offset for VT-d (PQT/PQH) and AMD (PPR log tail/head), full when one entry is left (a ring
 * without a wrap bit keeps one entry empty).
 */
interface PageRequestFormat {
    /** A page request as the IOMMU writes it. */
    record Request(int sid, int ssid, long va, Access access, int prgi, boolean last) {
    }

    /** A decoded page response command: the group answered and the {@link Regs} PRI_RESP code it carries. */
    record Response(int sid, int ssid, int prgi, int code) {
    }

    /** The parameter value naming the format. */
    String name();

    /** Bytes of one queue entry. */
    int entryBytes();

    /** log2 of the entries the format's Linux driver allocates. */
    int driverLog2();

    boolean empty(int prod, int cons, int log2);

    boolean full(int prod, int cons, int log2);

    /** Entries between consumer and producer. */
    int used(int prod, int cons, int log2);

    /** The ring value after {@code v}. */
    int next(int v, int log2);

    /** The byte offset of the entry at ring value {@code v}. */
    long offset(int v, int log2);

    /** Writes {@code r} as one entry at {@code slot}. */
    void write(ModelledMemory memory, long slot, Request r);

    /** Decodes the entry at {@code slot} as the driver's queue thread does. */
    QueueEntry read(PageFault fault, ModelledMemory memory, long slot);

    /**
     * The commands answering a group, as 16-byte command words {@code w0, w1, w0, w1, ...}.
     *
     * @param code a {@link Regs} PRI_RESP code
     */
    long[] response(int sid, int ssid, int prgi, int code);

    /** Decodes a page response of this format in the command queue, or null if it is none. */
    Response decodeResponse(long w0, long w1);

    /**
     * Whether page requests are discarded while the overflow flag is set, even with room (VT-d
     * PRS.PRO, AMD PPRLogOverflow), rather than only while the queue is full (SMMUv3).
     */
    boolean discardsWhileOverflowed();

    /** The format for a {@code pageRequests} value. */
    static PageRequestFormat of(String name) {
        return switch (name) {
            case VtdPrqFormat.NAME -> new VtdPrqFormat();
            case AmdPprFormat.NAME -> new AmdPprFormat();
            default -> new SmmuPriFormat();
        };
    }
}
