package org.iopf.api.observe;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.function.LongSupplier;
import org.apiguardian.api.API;

/**
 * A scope of named metrics. Names are dot-separated under the scope's prefix: a component's scope
 * is its path ({@code node1.smmu}), so {@code counter("tlb.hits")} is {@code node1.smmu.tlb.hits}.
 * Asking twice for one counter or histogram name returns the same metric.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface Metrics {
    /** The prefix of this scope ({@code node1.smmu}), empty for the root. */
    String prefix();

    /** A child scope: {@code scope("tlb")} under {@code node1.smmu} is {@code node1.smmu.tlb}. */
    Metrics scope(String name);

    /**
     * The counter {@code name} in this scope.
     *
     * @param unit what it counts ({@code faults}, {@code bytes})
     */
    Counter counter(String name, String unit);

    /**
     * The histogram {@code name} in this scope.
     *
     * @param unit the unit of recorded values ({@code ns}, {@code bytes})
     */
    Histogram histogram(String name, String unit);

    /**
     * Registers a gauge, read whenever metrics are reported. A gauge name is registered once;
     * registering it again is an {@link IllegalArgumentException}.
     */
    void gauge(String name, String unit, LongSupplier value);
}
