package org.iopf.plugin.zynqsmmu;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.fault.PageFault;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.AddressSpace;

/**
 * One PF_NOTIFY_REQUEST in flight: a contiguous range of pages of one domain, the faults waiting
 * on it, and where it stands. Its flow id (for traces) is its first fault's id.
 */
final class FaultRequest {
    final long flowId;
    final DomainId domain;
    final AddressSpace space;
    final long firstPage;
    final List<PageFault> faults = new ArrayList<>();
    int pages;
    Access access;
    int attempts;
    boolean answered;
    boolean forceFullInvalidation;
    long watchdog = -1;
    final List<Long> failedPages = new ArrayList<>();

    FaultRequest(long flowId, DomainId domain, AddressSpace space, long firstPage, Access access) {
        this.flowId = flowId;
        this.domain = domain;
        this.space = space;
        this.firstPage = firstPage;
        this.access = access;
        this.pages = 1;
    }

    AddressRange range() {
        return new AddressRange(firstPage, pages * Lpae.GRANULE);
    }

    boolean covers(long page) {
        return page >= firstPage && page < firstPage + pages * Lpae.GRANULE;
    }
}
