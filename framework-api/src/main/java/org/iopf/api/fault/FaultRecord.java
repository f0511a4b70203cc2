package org.iopf.api.fault;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import org.apiguardian.api.API;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.mem.Access;

/**
 * What a device or IOMMU records about one fault: who, in which domain, where, which access, what
 * kind, and when.
 *
 * @param id unique within the run ({@link FaultSink#nextFaultId()}); links a fault's trace steps
 * @param source path of the component that detected it ({@code node1/smmu})
 * @param stream the requesting device's stream id
 * @param domain the protection domain (context) it was translated in
 * @param pid the process whose address space the domain translates for, if any
 * @param address the faulting (I/O) virtual address
 * @param access read or write
 * @param kind the decoded fault kind
 * @param timeNanos simulated time of detection
 * @param detail what the detecting component adds (its syndrome, its request), if anything
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record FaultRecord(long id, String source, StreamId stream, DomainId domain, OptionalInt pid, long address,
        Access access, FaultKind kind, long timeNanos, Optional<FaultDetail> detail) {
    /** Checks arguments. */
    public FaultRecord {
        Objects.requireNonNull(pid, "pid is null");
        Objects.requireNonNull(detail, "detail is null");
        Objects.requireNonNull(source, "source is null");
        Objects.requireNonNull(stream, "stream is null");
        Objects.requireNonNull(domain, "domain is null");
        Objects.requireNonNull(access, "access is null");
        Objects.requireNonNull(kind, "kind is null");
        if (timeNanos < 0) {
            throw new IllegalArgumentException("timeNanos must be >= 0: " + timeNanos);
        }
    }

    /** A record without a detail. */
    public FaultRecord(long id, String source, StreamId stream, DomainId domain, OptionalInt pid, long address,
            Access access, FaultKind kind, long timeNanos) {
        this(id, source, stream, domain, pid, address, access, kind, timeNanos, Optional.empty());
    }

    /**
     * The detail if it is a {@code type}.
     *
     * @param type the detail type a handler understands
     * @return the detail, or empty when there is none or it is of another type
     * @since 0.2
     */
    public <T extends FaultDetail> Optional<T> detail(Class<T> type) {
        return detail.filter(type::isInstance).map(type::cast);
    }

    /** This record with {@code detail} as its detail. */
    public FaultRecord withDetail(FaultDetail detail) {
        return new FaultRecord(id, source, stream, domain, pid, address, access, kind, timeNanos,
                Optional.of(detail));
    }

    @Override
    public String toString() {
        return String.format("fault#%d[%s %s 0x%x %s %s pid=%d @%dns]", id, kind, access, address, stream, domain,
                pid.orElse(-1), timeNanos);
    }
}
