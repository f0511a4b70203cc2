package org.iopf.api.iommu;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import org.apiguardian.api.API;
import org.iopf.api.fault.FaultRecord;

/**
 * The answer of {@link Iommu#translate}: one of three cases, each with the time the lookup took (TLB
 * lookup plus any table walk), which the caller spends before using it.
 * <ul>
 *   <li>{@link Hit}: the physical address;</li>
 *   <li>{@link Fault}: the translation missed or was refused and the fault was raised to the node's
 *       fault sink, where a fault handler resolves or terminates it;</li>
 *   <li>{@link Held}: the IOMMU holds the transaction behind another transaction's stalled fault
 *       without raising anything, as an ARM SMMU context without HUPCF does; its record describes
 *       the held transaction and reaches no handler.</li>
 * </ul>
 * In the last two cases the device waits for the listener it passed to {@code translate}, which is
 * told exactly once how the transaction ended ({@code RETRY}: translate again; {@code TERMINATE}:
 * abort it). A caller tells the cases apart with {@code instanceof Translation.Hit hit}; the
 * {@link #address()} and {@link #record()} views serve callers that need only one side.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.2")
public sealed interface Translation permits Translation.Hit, Translation.Fault, Translation.Held {
    /** Time the lookup took, {@code >= 0}. */
    long latencyNanos();

    /** The translated address of a {@link Hit}; empty for a fault or a held transaction. */
    OptionalLong address();

    /** The raised fault or the held transaction; empty for a {@link Hit}. */
    Optional<FaultRecord> record();

    /**
     * Whether the translation gave no address: a raised fault or a held transaction. Either way the
     * device waits for its listener.
     */
    default boolean isFault() {
        return !(this instanceof Hit);
    }

    /** Whether a fault was raised to the node's fault sink (not a hit, not held). */
    default boolean isRaisedFault() {
        return this instanceof Fault;
    }

    /** A successful translation. */
    static Translation hit(long physicalAddress, long latencyNanos) {
        return new Hit(physicalAddress, latencyNanos);
    }

    /** A failed translation; the fault has been raised to the node's fault sink. */
    static Translation fault(FaultRecord fault, long latencyNanos) {
        return new Fault(fault, latencyNanos);
    }

    /**
     * A transaction held behind another one's stalled fault; nothing was raised. The listener hears
     * {@code RETRY} when the hold ends (or {@code TERMINATE} if the IOMMU aborts it).
     *
     * @param transaction the held transaction (stream, domain, address, access), with an id from
     *     the node's fault sink so that a trace can follow it
     * @param latencyNanos time the lookup took
     */
    static Translation held(FaultRecord transaction, long latencyNanos) {
        return new Held(transaction, latencyNanos);
    }

    private static void checkLatency(long latencyNanos) {
        if (latencyNanos < 0) {
            throw new IllegalArgumentException("latencyNanos must be >= 0: " + latencyNanos);
        }
    }

    /**
     * The device may use {@code physicalAddress}.
     *
     * @param physicalAddress the translated address, {@code >= 0}
     * @param latencyNanos time the lookup took
     * @since 0.2
     */
    @API(status = STABLE, since = "0.2")
    record Hit(long physicalAddress, long latencyNanos) implements Translation {
        /** Checks arguments. */
        public Hit {
            if (physicalAddress < 0) {
                throw new IllegalArgumentException("physicalAddress must be >= 0: " + physicalAddress);
            }
            checkLatency(latencyNanos);
        }

        @Override
        public OptionalLong address() {
            return OptionalLong.of(physicalAddress);
        }

        @Override
        public Optional<FaultRecord> record() {
            return Optional.empty();
        }
    }

    /**
     * A fault raised to the node's fault sink.
     *
     * @param fault what was raised
     * @param latencyNanos time the lookup took
     * @since 0.2
     */
    @API(status = STABLE, since = "0.2")
    record Fault(FaultRecord fault, long latencyNanos) implements Translation {
        /** Checks arguments. */
        public Fault {
            Objects.requireNonNull(fault, "fault is null");
            checkLatency(latencyNanos);
        }

        @Override
        public OptionalLong address() {
            return OptionalLong.empty();
        }

        @Override
        public Optional<FaultRecord> record() {
            return Optional.of(fault);
        }
    }

    /**
     * A transaction held behind another one's stalled fault; nothing was raised.
     *
     * @param transaction the held transaction
     * @param latencyNanos time the lookup took
     * @since 0.2
     */
    @API(status = STABLE, since = "0.2")
    record Held(FaultRecord transaction, long latencyNanos) implements Translation {
        /** Checks arguments. */
        public Held {
            Objects.requireNonNull(transaction, "transaction is null");
            checkLatency(latencyNanos);
        }

        @Override
        public OptionalLong address() {
            return OptionalLong.empty();
        }

        @Override
        public Optional<FaultRecord> record() {
            return Optional.of(transaction);
        }
    }
}
