package org.iopf.benchmarks;

import java.util.concurrent.TimeUnit;
import org.iopf.api.sim.Event;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The hold model of {@link HoldIopfBenchmark} on {@link PreviousEventKernel}, the calendar before
 * it adapted to the observed mix, for side-by-side runs ({@code Hold} runs both).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class HoldPreviousCalendarBenchmark {
    @Param({"1000", "65536", "1048576"})
    public int n;

    private PreviousEventKernel kernel;
    private long[] delays;
    private int next;

    /** Fills the kernel with N pending events. */
    @Setup
    public void setUp() {
        kernel = new PreviousEventKernel();
        delays = HoldDelays.nanos();
        for (int i = 0; i < n; i++) {
            kernel.schedule(nextDelay(), new HoldEvent());
        }
    }

    /** Executes one batch of events. */
    @Benchmark
    @OperationsPerInvocation(HoldDelays.BATCH)
    public long hold() {
        PreviousEventKernel k = kernel;
        for (int i = 0; i < HoldDelays.BATCH; i++) {
            k.step();
        }
        return k.now();
    }

    private long nextDelay() {
        long delay = delays[next];
        next = (next + 1) & HoldDelays.MASK;
        return delay;
    }

    private final class HoldEvent implements Event {
        @Override
        public void fire() {
            kernel.schedule(nextDelay(), this);
        }
    }
}
