package org.iopf.benchmarks;

import java.util.concurrent.TimeUnit;
import org.iopf.api.sim.Event;
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
 * Replays the event-time mix recorded from a bundled scenario ({@link KernelTrace}) on an event
 * kernel: every recorded scheduling with its delay, every execution and every cancellation, in the
 * recorded order, over and over. One operation is one executed event; the bodies do nothing, so
 * what is measured is the kernel under the scenario's mix of delays, pending counts and cancels.
 *
 * <p>{@code kernel}: {@code calendar} is {@link EventKernel}; {@code previous} is
 * {@link PreviousEventKernel}, the calendar before it adapted its window to the observed delays;
 * {@code heap} is {@link HeapEventKernel}, the 4-ary heap before the calendar.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class TraceReplayBenchmark {
    /** Executed events per invocation. */
    static final int BATCH = 1 << 20;

    @Param({"exanest-a9", "baseline-rdma-write"})
    public String trace;

    @Param({"calendar", "previous", "heap"})
    public String kernel;

    private Replayed replayed;
    private long[] operations;
    private long[] handles;
    private int position;
    private int scheduled;
    private final Event body = () -> { };

    /** The kernel a replay drives. */
    private interface Replayed {
        long schedule(long delay, Event event);

        boolean cancel(long handle);

        boolean step();

        long now();
    }

    /** Loads the trace and creates the kernel. */
    @Setup
    public void setUp() {
        KernelTrace t = KernelTrace.load(trace);
        operations = t.operations;
        handles = new long[t.schedulings];
        replayed = switch (kernel) {
            case "calendar" -> {
                EventKernel k = new EventKernel();
                yield new Replayed() {
                    @Override public long schedule(long delay, Event event) { return k.schedule(delay, event); }
                    @Override public boolean cancel(long handle) { return k.cancel(handle); }
                    @Override public boolean step() { return k.step(); }
                    @Override public long now() { return k.now(); }
                };
            }
            case "previous" -> {
                PreviousEventKernel k = new PreviousEventKernel();
                yield new Replayed() {
                    @Override public long schedule(long delay, Event event) { return k.schedule(delay, event); }
                    @Override public boolean cancel(long handle) { return k.cancel(handle); }
                    @Override public boolean step() { return k.step(); }
                    @Override public long now() { return k.now(); }
                };
            }
            case "heap" -> {
                HeapEventKernel k = new HeapEventKernel();
                yield new Replayed() {
                    @Override public long schedule(long delay, Event event) { return k.schedule(delay, event); }
                    @Override public boolean cancel(long handle) { return k.cancel(handle); }
                    @Override public boolean step() { return k.step(); }
                    @Override public long now() { return k.now(); }
                };
            }
            default -> throw new IllegalArgumentException("unknown kernel " + kernel);
        };
    }

    /** Replays operations until {@value #BATCH} events have been executed. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long replay() {
        Replayed k = replayed;
        long[] ops = operations;
        long[] h = handles;
        int p = position;
        int s = scheduled;
        int fired = 0;
        while (fired < BATCH) {
            if (p == ops.length) {
                p = 0;
                s = 0;
            }
            long op = ops[p++];
            int kind = (int) (op & 3);
            if (kind == KernelTrace.FIRE) {
                k.step();
                fired++;
            } else if (kind == KernelTrace.SCHEDULE) {
                h[s++] = k.schedule(op >>> 2, body);
            } else {
                k.cancel(h[s - (int) (op >>> 2)]);
            }
        }
        position = p;
        scheduled = s;
        return k.now();
    }
}
