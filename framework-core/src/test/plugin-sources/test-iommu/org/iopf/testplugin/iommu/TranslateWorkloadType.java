package org.iopf.testplugin.iommu;

import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.iommu.Translation;
import org.iopf.api.mem.Access;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadType;
import org.pf4j.Extension;

/** Translates one address through the first node's IOMMU and records the latency and the address. */
@Extension
public final class TranslateWorkloadType implements WorkloadType {
    @Override
    public String name() {
        return "@WORKLOAD_NAME@";
    }

    @Override
    public String description() {
        return "one translation through the first node's IOMMU";
    }

    @Override
    public Workload create(WorkloadContext context) {
        return () -> {
            Iommu iommu = context.nodes().get(0).requireRole(Iommu.class);
            StreamId stream = new StreamId(1);
            iommu.attach(stream, new DomainId(1), null);
            Translation translation = iommu.translate(stream, 8192, Access.READ, (fault, resolution) -> { });
            context.metrics().counter("latency", "ns").add(translation.latencyNanos());
            context.metrics().counter("address", "B").add(translation.address().orElseThrow());
            context.finish();
        };
    }
}
