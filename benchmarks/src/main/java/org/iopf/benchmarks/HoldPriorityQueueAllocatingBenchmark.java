package org.iopf.benchmarks;

import java.util.PriorityQueue;
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

/**
 * The hold model on a {@link PriorityQueue} used as a generic scheduler would use it: every
 * scheduling call queues a new immutable entry (time, sequence, body), because a generic
 * scheduler cannot know that the entry it just polled is free for reuse. The bodies are reused,
 * as in the other models. Compare with {@link HoldPriorityQueueBenchmark}, which recycles entries.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class HoldPriorityQueueAllocatingBenchmark {
    @Param({"1000", "65536", "1048576"})
    public int n;

    private PriorityQueue<Entry> queue;
    private long[] delays;
    private int next;
    private long now;
    private long sequence;

    /** Fills the queue with N pending events. */
    @Setup
    public void setUp() {
        queue = new PriorityQueue<>(n);
        delays = HoldDelays.nanos();
        for (int i = 0; i < n; i++) {
            schedule(nextDelay(), new Body());
        }
    }

    /** Executes one batch of events. */
    @Benchmark
    @OperationsPerInvocation(HoldDelays.BATCH)
    public long hold() {
        for (int i = 0; i < HoldDelays.BATCH; i++) {
            Entry entry = queue.poll();
            now = entry.time;
            entry.body.fire();
        }
        return now;
    }

    private void schedule(long delay, Body body) {
        queue.add(new Entry(now + delay, sequence++, body));
    }

    private long nextDelay() {
        long delay = delays[next];
        next = (next + 1) & HoldDelays.MASK;
        return delay;
    }

    private record Entry(long time, long sequence, Body body) implements Comparable<Entry> {
        @Override
        public int compareTo(Entry other) {
            int byTime = Long.compare(time, other.time);
            return byTime != 0 ? byTime : Long.compare(sequence, other.sequence);
        }
    }

    private final class Body {
        void fire() {
            schedule(nextDelay(), this);
        }
    }
}
