package org.iopf.plugin.infinibandnpf;

import java.util.function.Consumer;
import org.iopf.api.mem.Access;
import org.iopf.api.nic.MemoryRegion;
import org.iopf.api.nic.ProtectionDomain;
import org.iopf.toolkit.rc.RcMemory;

/**
 * On-demand memory under one queue pair of {@link NpfHca}, as the RC engine sees it: what differs
 * from a pinned NIC is what a missing HCA translation means (B3).
 *
 * <ul>
 *   <li>Responder, SEND or WRITE: a network page fault is raised for the rest of the message and
 *       the packet is answered with an RNR NAK; a page whose fault the OS could not resolve (no
 *       mapping any more) is an access violation (remote-access NAK).
 *   <li>Responder, RDMA READ: a READ cannot be RNR-NAKed, so the request is dropped without an
 *       answer while its fault runs, and the requester asks again only when its transport timer
 *       expires (B3, B4); a response packet whose page was invalidated meanwhile stops the answer.
 *   <li>Requester: data to send with no translation stalls the send queue on a network page fault
 *       until it is resolved; a READ's local buffer is faulted in while the request travels; a
 *       response that finds its local page untranslated is dropped and the READ asked again once
 *       the fault is resolved.
 * </ul>
 */
final class OdpQueueMemory implements RcMemory<OdpRegion> {
    private final NpfHca hca;
    private final int faultContext;

    OdpQueueMemory(NpfHca hca, ProtectionDomain pd) {
        this.hca = hca;
        this.faultContext = hca.faultContext(pd);
    }

    @Override
    public OdpRegion localRegion(int lkey) {
        return hca.region(lkey);
    }

    @Override
    public OdpRegion remoteRegion(int rkey) {
        return hca.region(rkey);
    }

    @Override
    public MemoryRegion registration(OdpRegion region) {
        return region.region();
    }

    @Override
    public long physical(OdpRegion region, long va) {
        return region.lookup(va);
    }

    @Override
    public Verdict beforeWrite(OdpRegion region, long va, long length, long messageEnd) {
        long miss = region.firstMissing(va, length);
        if (miss < 0) {
            return Verdict.ACCEPT;
        }
        if (region.isUnresolvable(miss)) {
            return Verdict.REFUSE;
        }
        hca.npf().fault(region, miss, messageEnd, Access.WRITE, faultContext, null);
        return Verdict.RNR;
    }

    @Override
    public Verdict beforeRead(OdpRegion region, long va, long length) {
        long miss = region.firstMissing(va, length);
        if (miss < 0) {
            return Verdict.ACCEPT;
        }
        if (region.isUnresolvable(miss)) {
            return Verdict.REFUSE;
        }
        hca.npf().fault(region, miss, va + length, Access.READ, faultContext, null);
        hca.countReadFaultDrop();
        return Verdict.DROP;
    }

    @Override
    public void responseSourceMissing(OdpRegion region, long va, long end) {
        hca.npf().fault(region, va, end, Access.READ, faultContext, null);
        hca.countReadFaultDrop();
    }

    @Override
    public void sendSourceMissing(OdpRegion region, long va, long end, Consumer<Boolean> resume) {
        hca.npf().fault(region, va, end, Access.READ, faultContext, resume::accept);
    }

    @Override
    public void readPosted(OdpRegion region, long va, long length) {
        long miss = region.firstMissing(va, length);
        if (miss >= 0) {
            hca.npf().fault(region, miss, va + length, Access.WRITE, faultContext, null);
        }
    }

    @Override
    public Verdict beforeResponseLands(OdpRegion region, long va, long length, long end, Consumer<Boolean> resume) {
        long miss = region.firstMissing(va, length);
        if (miss < 0) {
            return Verdict.ACCEPT;
        }
        hca.countResponseDrop();
        if (resume != null) {
            hca.npf().fault(region, miss, end, Access.WRITE, faultContext, resume::accept);
        }
        return Verdict.DROP;
    }
}
