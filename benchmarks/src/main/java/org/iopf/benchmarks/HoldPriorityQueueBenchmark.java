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
 * The hold model on a {@link PriorityQueue} of small event objects ordered by (time, sequence);
 * the baseline that a textbook Java simulator would use. The fired event object is reused, as in
 * the other two models.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class HoldPriorityQueueBenchmark {
    @Param({"1000", "65536", "1048576"})
    public int n;

    private PriorityQueue<QueuedEvent> queue;
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
            QueuedEvent event = new QueuedEvent();
            event.time = nextDelay();
            event.sequence = sequence++;
            queue.add(event);
        }
    }

    /** Executes one batch of events. */
    @Benchmark
    @OperationsPerInvocation(HoldDelays.BATCH)
    public long hold() {
        for (int i = 0; i < HoldDelays.BATCH; i++) {
            QueuedEvent event = queue.poll();
            now = event.time;
            event.fire();
        }
        return now;
    }

    private long nextDelay() {
        long delay = delays[next];
        next = (next + 1) & HoldDelays.MASK;
        return delay;
    }

    private final class QueuedEvent implements Comparable<QueuedEvent> {
        long time;
        long sequence;

        void fire() {
            time = now + nextDelay();
            sequence = HoldPriorityQueueBenchmark.this.sequence++;
            queue.add(this);
        }

        @Override
        public int compareTo(QueuedEvent other) {
            int byTime = Long.compare(time, other.time);
            return byTime != 0 ? byTime : Long.compare(sequence, other.sequence);
        }
    }
}
