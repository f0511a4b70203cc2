package org.iopf.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/**
 * The hold model on SSJ: a private {@link Simulator} with its default event list (a splay tree),
 * events are {@link Event} subclasses that reschedule themselves from {@code actions()}. Time is
 * SSJ's double, in ns, with the same delays as the other models.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class HoldSsjBenchmark {
    @Param({"1000", "65536", "1048576"})
    public int n;

    private SteppingSimulator simulator;
    private double[] delays;
    private int next;

    /** Fills the event list with N pending events. */
    @Setup
    public void setUp() {
        simulator = new SteppingSimulator();
        simulator.init();
        delays = HoldDelays.nanosAsDoubles();
        for (int i = 0; i < n; i++) {
            new HoldEvent(simulator).schedule(nextDelay());
        }
    }

    /** Executes one batch of events. */
    @Benchmark
    @OperationsPerInvocation(HoldDelays.BATCH)
    public double hold() {
        SteppingSimulator s = simulator;
        for (int i = 0; i < HoldDelays.BATCH; i++) {
            s.step();
        }
        return s.time();
    }

    private double nextDelay() {
        double delay = delays[next];
        next = (next + 1) & HoldDelays.MASK;
        return delay;
    }

    /** Exposes one iteration of {@link Simulator#start()}'s loop, so that a batch has a fixed size. */
    private static final class SteppingSimulator extends Simulator {
        void step() {
            Event event = removeFirstEvent();
            event.actions();
        }
    }

    private final class HoldEvent extends Event {
        HoldEvent(Simulator simulator) {
            super(simulator);
        }

        @Override
        public void actions() {
            schedule(nextDelay());
        }
    }
}
