package org.iopf.api.platform;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * The type of a component parameter, with the units its values are written in.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public enum ParameterType {
    /** A size in bytes: {@code 4096}, {@code 4KiB}, {@code 2MiB}, {@code 1GB}. */
    BYTES("bytes"),
    /** A duration, read as nanoseconds: {@code 200us}, {@code 1ms}, {@code 50ns}, {@code 2s}. */
    DURATION("ns"),
    /**
     * A duration that may also be a distribution ({@code lognormal(200us, 0.3)}), read as a
     * {@link org.iopf.api.sim.ServiceTime}; its range bounds the mean.
     *
     * @since 0.2
     */
    SERVICE_TIME("ns"),
    /** A data rate: {@code 10Gbps}, {@code 13284MB/s}, {@code 32GB/s}. */
    DATA_RATE("bytes/s"),
    /** A whole number (a count). */
    INTEGER("count"),
    /** A decimal number (a ratio, a probability). */
    DECIMAL("ratio"),
    /** {@code true} or {@code false}. */
    BOOLEAN("flag"),
    /** Free text, or one of the spec's allowed values. */
    STRING("text"),
    /**
     * The name of a node of the platform ({@code node1}): checked against the platform's nodes
     * before anything runs, a typo answered with the nearest name. Read with
     * {@link Parameters#string(String)}.
     */
    NODE("node");

    private final String unit;

    ParameterType(String unit) {
        this.unit = unit;
    }

    /** The unit a value is held in once parsed. */
    public String unit() {
        return unit;
    }

    /** Whether its values are ordered quantities, which a {@link ParameterRange} can bound. */
    public boolean isNumeric() {
        return this == BYTES || this == DURATION || this == SERVICE_TIME || this == DATA_RATE || this == INTEGER || this == DECIMAL;
    }
}
