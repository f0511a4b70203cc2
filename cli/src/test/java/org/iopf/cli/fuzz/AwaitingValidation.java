package org.iopf.cli.fuzz;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The internal errors the fuzz test finds that per-parameter ranges and workload requirements will
 * refuse as bad input (another branch, h-validation, adds them), known by their standard error: a
 * whole number beyond an {@code int} read with {@code Parameters.intValue}, a workload whose node
 * lacks a role it needs (a NIC), and a component or workload refused memory its node does not have
 * (a NUMA node of 0 B, a buffer larger than the node). {@link FrontDoorFuzzTest} counts them apart instead of failing;
 * {@link AwaitingValidationCasesTest} keeps one case of each. Delete an entry when its case passes.
 */
final class AwaitingValidation {
    private static final List<Pattern> KNOWN = List.of(
            Pattern.compile("ArithmeticException: integer overflow.*\\R(?s:.*)at org\\.iopf\\.api\\.platform\\.Parameters\\.intValue"),
            Pattern.compile("IllegalStateException: buffer allocation refused: no NUMA node"),
            Pattern.compile("IllegalStateException: cannot make page \\S+ of \\S+ resident: OUT_OF_MEMORY"),
            Pattern.compile("IllegalStateException: memory registration refused: pinning"),
            Pattern.compile("IllegalStateException: node '[^']*' has no component for role"),
            Pattern.compile("IllegalStateException: no physical frame left for an SMMU translation table"),
            Pattern.compile("IllegalStateException: cannot make the rx buffer resident: OUT_OF_MEMORY"));

    private AwaitingValidation() {
    }

    /** The known failure {@code outcome} is, if it is one: an exit 3 whose standard error matches. */
    static Optional<String> known(FrontDoor.Outcome outcome) {
        if (outcome.exitCode() != 3) {
            return Optional.empty();
        }
        return KNOWN.stream().filter(p -> p.matcher(outcome.err()).find()).map(Pattern::pattern).findFirst();
    }
}
