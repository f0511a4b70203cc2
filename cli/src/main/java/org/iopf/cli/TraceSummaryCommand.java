package org.iopf.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.iopf.core.report.FaultBreakdown;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code iopf trace-summary FILE}: the fault-latency breakdown of a trace written by {@code run --trace}. */
@Command(name = "trace-summary", mixinStandardHelpOptions = true,
        description = {"Breaks the faults of a trace (iopf run --trace FILE) down by fault kind and mechanism: "
            + "for every step, in how many faults it occurred, its mean, median and largest time and its share "
            + "of the faults' total time (raise to resolution)."})
final class TraceSummaryCommand implements Callable<Integer> {
    /** How the breakdown is printed. */
    enum Format {
        /** Aligned tables, one per fault kind and mechanism. */
        TABLE,
        /** One JSON object. */
        JSON
    }

    @ParentCommand
    IopfCommand parent;

    @Parameters(index = "0", paramLabel = "FILE", description = "A trace written by iopf run --trace.")
    Path file;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
            description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Format format;

    @Override
    public Integer call() {
        if (!Files.isRegularFile(file)) {
            throw new BadInputException("no such trace file: " + file);
        }
        FaultBreakdown breakdown;
        try {
            breakdown = FaultBreakdown.of(file);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(file + ": " + e.getMessage());
        } catch (java.io.UncheckedIOException e) {
            throw new BadInputException(file + ": not a readable trace-event JSON file: " + e.getCause().getMessage());
        }
        CliEnvironment env = parent.env();
        env.out().print(format == Format.JSON ? breakdown.json() + "\n" : breakdown.table());
        env.out().flush();
        return ExitCode.OK;
    }
}
