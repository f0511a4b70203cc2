package org.iopf.core.observe;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.Scenario;
import org.iopf.core.platform.file.PlatformFileReader;
import org.iopf.core.run.CompletedRun;
import org.iopf.core.run.ScenarioRunner;

/** A bundled scenario run with a {@link TimelineTracer}, its trace written to a file, for the tests. */
final class TracedRun {
    static final ExtensionRegistry REGISTRY = ExtensionRegistry.fromClassPath(TracedRun.class.getClassLoader());

    final CompletedRun run;
    final TimelineTracer tracer;
    final Path file;

    private TracedRun(CompletedRun run, TimelineTracer tracer, Path file) {
        this.run = run;
        this.tracer = tracer;
        this.file = file;
    }

    /** The scenario file {@code name} of the repository's {@code scenarios/} or {@code examples/}. */
    static Scenario scenario(String relativePath) {
        return new PlatformFileReader(REGISTRY).read(Path.of("..").resolve(relativePath));
    }

    /** Runs {@code scenario} with a tracer of {@code capacity} and {@code filter}, writes the trace to {@code file}. */
    static TracedRun of(Scenario scenario, int capacity, TraceFilter filter, Path file) throws IOException {
        AtomicReference<TimelineTracer> tracer = new AtomicReference<>();
        CompletedRun run = new ScenarioRunner(REGISTRY, scheduler -> {
            TimelineTracer t = new TimelineTracer(scheduler, capacity, filter);
            tracer.set(t);
            return t;
        }, 0).run(scenario);
        ChromeTraceWriter.write(tracer.get(), file);
        return new TracedRun(run, tracer.get(), file);
    }
}
