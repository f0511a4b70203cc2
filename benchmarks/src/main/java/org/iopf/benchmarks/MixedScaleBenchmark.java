package org.iopf.benchmarks;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.iopf.api.sim.Event;
import org.iopf.api.sim.Scheduler;
import org.iopf.core.sim.EventKernel;
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
 * A mixed-scale model: N packet chains; each packet event cancels its chain's pending 200 ms
 * timeout, arms a new one, and schedules the next packet after the hold model's exponential delay
 * (mean 1 us), or after 0 ns for one packet in four. So 2N events are pending (N of them 200 ms
 * ahead) and every executed event also cancels one. One operation is one executed event.
 * {@code kernel} selects {@link EventKernel} ({@code calendar}) or the former heap
 * ({@code heap}, {@link HeapEventKernel}).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class MixedScaleBenchmark {
    /** Timeout armed by every packet, in ns. */
    private static final long TIMEOUT_NANOS = 200_000_000L;

    @Param({"1000", "65536"})
    public int n;

    @Param({"calendar", "heap"})
    public String kernel;

    private Scheduler scheduler;
    private BooleanSupplier step;
    private long[] delays;
    private int next;
    private final Event timeout = () -> { };

    /** Starts the N packet chains. */
    @Setup
    public void setUp() {
        if (kernel.equals("calendar")) {
            EventKernel k = new EventKernel();
            scheduler = k;
            step = k::step;
        } else {
            HeapEventKernel k = new HeapEventKernel();
            scheduler = k;
            step = k::step;
        }
        delays = HoldDelays.nanos();
        for (int i = 0; i < n; i++) {
            Packet packet = new Packet();
            packet.timeoutHandle = scheduler.schedule(TIMEOUT_NANOS, timeout);
            scheduler.schedule(nextDelay(), packet);
        }
    }

    /** Executes one batch of events. */
    @Benchmark
    @OperationsPerInvocation(HoldDelays.BATCH)
    public long mixed() {
        BooleanSupplier s = step;
        for (int i = 0; i < HoldDelays.BATCH; i++) {
            s.getAsBoolean();
        }
        return scheduler.now();
    }

    private long nextDelay() {
        long delay = delays[next];
        next = (next + 1) & HoldDelays.MASK;
        return (next & 3) == 0 ? 0 : delay;
    }

    private final class Packet implements Event {
        long timeoutHandle;

        @Override
        public void fire() {
            scheduler.cancel(timeoutHandle);
            timeoutHandle = scheduler.schedule(TIMEOUT_NANOS, timeout);
            scheduler.schedule(nextDelay(), this);
        }
    }
}
