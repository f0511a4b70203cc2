package org.iopf.core.report;

import static java.util.Objects.requireNonNull;

import java.util.OptionalDouble;
import org.iopf.core.platform.Expectation;

/**
 * How a run fared against one expectation.
 *
 * @param expectation the expectation, not null
 * @param measured the run's value of the expectation's metric, in base units; empty if the run has
 *     no figure of that name
 * @param passed whether the measured value meets the expectation; always false when nothing was
 *     measured
 * @param message one line for people: what was measured against what was expected, or which
 *     figure is missing and the nearest known name; not null
 * @since 0.1
 */
public record ExpectationOutcome(Expectation expectation, OptionalDouble measured, boolean passed, String message) {
    /** Checks the arguments. */
    public ExpectationOutcome {
        requireNonNull(expectation, "expectation is null");
        requireNonNull(measured, "measured is null");
        requireNonNull(message, "message is null");
        if (passed && measured.isEmpty()) {
            throw new IllegalArgumentException("an expectation without a measured value cannot pass: "
                    + expectation.metric());
        }
    }

    /** Whether the run had no figure named by the expectation. */
    public boolean missing() {
        return measured.isEmpty();
    }

    /** {@code PASS} or {@code MISS}. */
    public String verdict() {
        return passed ? "PASS" : "MISS";
    }

    /** The measured value formatted in the expectation's quantity, or {@code —} if missing. */
    public String measuredText() {
        return measured.isPresent() ? UnitFormat.format(measured.getAsDouble(), expectation.quantity()) : "—";
    }
}
