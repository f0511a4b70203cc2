package org.iopf.reference;

import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.random.RandomGenerator;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.fault.FaultRecord;
import org.iopf.api.fault.FaultResolutionListener;
import org.iopf.api.fault.FaultSink;
import org.iopf.api.fault.PageFault;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.iommu.Translation;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.observe.Counter;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.sim.ServiceTime;

/**
 * The baseline IOMMU: translates only what was mapped in advance (pinned pages) through a
 * per-domain I/O page table, with a fixed lookup latency and no TLB. Anything else raises a
 * fault — {@code CONFIGURATION} for a detached stream, {@code TRANSLATION} for an unmapped page,
 * {@code PERMISSION} for a write to a read-only page — which the baseline cannot recover from.
 * A faulting lookup is traced as the step {@code premapped/walk} of the fault's flow on the IOMMU's
 * track.
 */
final class PremappedIommu implements Iommu {
    /** A stream's domain, the process it translates for, and the domain's page table. */
    private record Binding(DomainId domain, AddressSpace space, IoPageTable table) {
    }

    private final ComponentContext context;
    private final FaultSink faults;
    private final ServiceTime lookupLatency;
    /** Draws each lookup's time; a constant draws nothing. */
    private final RandomGenerator random;
    private final Map<StreamId, Binding> streams = new HashMap<>();
    private final Map<DomainId, AddressSpace> domainSpaces = new HashMap<>();
    private final Map<DomainId, IoPageTable> tables = new HashMap<>();
    private final Counter translations;
    private final Counter faultCount;
    private final Counter invalidations;
    /** The stream of the last lookup and its binding (null if detached): forgotten when streams change. */
    private StreamId lastStream;
    private Binding lastBinding;
    /** The domain {@link #table} answered last and its table, by identity (tables are never dropped). */
    private DomainId lastDomain;
    private IoPageTable lastTable;

    @Inject
    PremappedIommu(ComponentContext context, FaultSink faults) {
        this.context = Objects.requireNonNull(context, "context is null");
        this.faults = Objects.requireNonNull(faults, "faults is null");
        this.lookupLatency = context.parameters().get(PremappedIommuType.LOOKUP_LATENCY);
        this.random = context.random();
        this.translations = PremappedIommuType.TRANSLATIONS.counter(context.metrics());
        this.faultCount = PremappedIommuType.FAULTS.counter(context.metrics());
        this.invalidations = PremappedIommuType.INVALIDATIONS.counter(context.metrics());
    }

    @Override
    public void attach(StreamId stream, DomainId domain, AddressSpace space) {
        Objects.requireNonNull(stream, "stream is null");
        Objects.requireNonNull(domain, "domain is null");
        Objects.requireNonNull(space, "space is null");
        if (streams.containsKey(stream)) {
            throw new IllegalArgumentException(stream + " is attached already to " + streams.get(stream).domain());
        }
        AddressSpace bound = domainSpaces.putIfAbsent(domain, space);
        if (bound != null && bound != space) {
            throw new IllegalArgumentException(domain + " translates for pid " + bound.pid() + ", not " + space.pid());
        }
        streams.put(stream, new Binding(domain, space, tables.computeIfAbsent(domain, d -> new IoPageTable())));
        lastStream = null;
    }

    @Override
    public void detach(StreamId stream) {
        streams.remove(stream);
        lastStream = null;
    }

    @Override
    public Optional<DomainId> domainOf(StreamId stream) {
        return Optional.ofNullable(streams.get(stream)).map(Binding::domain);
    }

    @Override
    public Translation translate(StreamId stream, long iova, Access access, FaultResolutionListener onResolved) {
        Objects.requireNonNull(onResolved, "onResolved is null");
        translations.increment();
        Binding binding = binding(stream);
        long entry = binding == null ? -1 : binding.table().lookup(iova);
        if (entry < 0 || (access.isWrite() && !IoPageTable.writable(entry))) {
            return miss(stream, binding, entry, iova, access, onResolved);
        }
        return Translation.hit(IoPageTable.frame(entry) + (iova & 0xfffL), lookupLatency.draw(random));
    }

    /** The stream's binding, or null; a device translates through one stream, remembered by identity. */
    private Binding binding(StreamId stream) {
        if (stream != lastStream) {
            lastBinding = streams.get(stream);
            lastStream = stream;
        }
        return lastBinding;
    }

    /** Raises the fault of a lookup that found no usable entry ({@code -1} if none). */
    private Translation miss(StreamId stream, Binding binding, long entry, long iova, Access access,
            FaultResolutionListener onResolved) {
        if (binding == null) {
            return raise(stream, new DomainId(0), OptionalInt.empty(), iova, access, FaultKind.CONFIGURATION,
                    onResolved);
        }
        return raise(stream, binding.domain(), OptionalInt.of(binding.space().pid()), iova, access,
                entry < 0 ? FaultKind.TRANSLATION : FaultKind.PERMISSION, onResolved);
    }

    private Translation raise(StreamId stream, DomainId domain, OptionalInt pid, long iova, Access access,
            FaultKind kind, FaultResolutionListener onResolved) {
        faultCount.increment();
        FaultRecord record = new FaultRecord(faults.nextFaultId(), context.path(), stream, domain, pid, iova, access,
                kind, context.scheduler().now());
        faults.raise(new PageFault(record, onResolved));
        long latency = lookupLatency.draw(random);
        if (context.tracer().enabled()) {
            context.tracer().slice(context.path(), "premapped/walk", record.timeNanos(), latency, record.id());
        }
        return Translation.fault(record, latency);
    }

    @Override
    public void map(DomainId domain, long iova, long pa, long length, boolean writable) {
        table(domain).map(iova, pa, length, writable);
    }

    @Override
    public void unmap(DomainId domain, long iova, long length) {
        table(domain).unmap(iova, length);
        invalidate(domain, new AddressRange(iova, length));
    }

    @Override
    public void invalidate(DomainId domain, AddressRange range) {
        invalidations.increment();
    }

    @Override
    public void invalidateAll(DomainId domain) {
        invalidations.increment();
    }

    private IoPageTable table(DomainId domain) {
        if (domain != lastDomain) {
            lastTable = tables.computeIfAbsent(Objects.requireNonNull(domain, "domain is null"), d -> new IoPageTable());
            lastDomain = domain;
        }
        return lastTable;
    }
}
