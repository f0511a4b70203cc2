package org.iopf.api.platform;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The values a numeric parameter admits: from {@code min} to {@code max}, both inclusive, each
 * written as a platform file writes the parameter's values ({@code 256B} and {@code 4KiB} for a
 * size, {@code 0} and {@code 31} for a whole number). Validation refuses a value outside the range
 * before anything runs, naming the parameter, the value and the range; {@code iopf components}
 * prints it. A range states a limit of the modelled hardware or protocol where there is one (the
 * InfiniBand local ACK timeout is a 5-bit field: {@code 0..31}), else a bound that keeps a run
 * finite and its memory bounded.
 *
 * @param min the smallest value admitted, as written; not blank
 * @param max the largest value admitted, as written; not blank
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record ParameterRange(String min, String max) {
    /** Checks arguments. */
    public ParameterRange {
        Objects.requireNonNull(min, "min is null");
        Objects.requireNonNull(max, "max is null");
        if (min.isBlank() || max.isBlank()) {
            throw new IllegalArgumentException("a range needs a min and a max: '" + min + "'..'" + max + "'");
        }
    }

    /** {@code min..max}, as {@code iopf components} prints it. */
    @Override
    public String toString() {
        return min + ".." + max;
    }
}
