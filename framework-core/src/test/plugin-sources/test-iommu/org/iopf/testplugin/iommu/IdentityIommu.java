package org.iopf.testplugin.iommu;

import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.iopf.api.fault.FaultResolutionListener;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.iommu.Translation;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.platform.ComponentContext;

/** Translates iova == pa for attached streams, in a fixed latency. */
public final class IdentityIommu implements Iommu {
    private final long latencyNanos;
    private final Map<StreamId, DomainId> domains = new HashMap<>();

    @Inject
    public IdentityIommu(ComponentContext context) {
        this.latencyNanos = context.parameters().duration("lookupLatency");
    }

    @Override
    public void attach(StreamId stream, DomainId domain, AddressSpace space) {
        domains.put(stream, domain);
    }

    @Override
    public void detach(StreamId stream) {
        domains.remove(stream);
    }

    @Override
    public Optional<DomainId> domainOf(StreamId stream) {
        return Optional.ofNullable(domains.get(stream));
    }

    @Override
    public Translation translate(StreamId stream, long iova, Access access, FaultResolutionListener onResolved) {
        if (!domains.containsKey(stream)) {
            throw new IllegalStateException("stream " + stream + " is not attached");
        }
        return Translation.hit(iova, latencyNanos);
    }

    @Override
    public void map(DomainId domain, long iova, long pa, long length, boolean writable) {
    }

    @Override
    public void unmap(DomainId domain, long iova, long length) {
    }

    @Override
    public void invalidate(DomainId domain, AddressRange range) {
    }

    @Override
    public void invalidateAll(DomainId domain) {
    }
}
