package org.iopf.cli;

import java.nio.file.Path;
import java.util.Objects;
import org.iopf.api.sim.Time;
import org.iopf.core.io.AtomicFile;
import org.iopf.core.observe.ChromeTraceWriter;
import org.iopf.core.observe.TimelineTracer;
import org.iopf.core.report.RunResult;

/**
 * A finished run and the trace it recorded, not yet written: a command prints and saves the
 * results first and writes the trace last, so that a trace that cannot be written ({@code --trace
 * /dev/full}) does not lose the run's results.
 */
final class ObservedRun {
    private final RunResult result;
    private final Path traceFile;
    private final TimelineTracer tracer;
    private final StatusOutput status;

    /**
     * A run and its trace.
     *
     * @param traceFile where the trace goes; null when the run was not traced
     * @param tracer the trace; null when the run was not traced
     */
    ObservedRun(RunResult result, Path traceFile, TimelineTracer tracer, StatusOutput status) {
        this.result = Objects.requireNonNull(result, "result is null");
        this.traceFile = traceFile;
        this.tracer = tracer;
        this.status = Objects.requireNonNull(status, "status is null");
    }

    /** What the run measured. */
    RunResult result() {
        return result;
    }

    /**
     * Writes the trace, if the run was traced, and says so on standard error unless quiet (with a
     * warning, always, when the trace reached its cap).
     *
     * @throws java.io.UncheckedIOException if the trace cannot be written; no partial file is left
     */
    void writeTrace() {
        if (traceFile == null || tracer == null) {
            return;
        }
        Path folder = traceFile.toAbsolutePath().getParent();
        if (folder != null) {
            AtomicFile.createFolder(folder);
        }
        ChromeTraceWriter.write(tracer, traceFile);
        status.note("wrote trace " + traceFile + " (" + tracer.size() + " events)");
        if (tracer.dropped() > 0) {
            status.err().println("note: the trace reached its cap of " + tracer.capacity() + " events at "
                    + Time.format(tracer.capReachedAtNanos()) + " of simulated time; "
                    + tracer.dropped() + " later events were dropped (raise --trace-max-events or narrow it with "
                    + "--trace-node, --trace-component, --trace-window)");
        }
        status.err().flush();
    }
}
