package org.iopf.core.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.iopf.api.sim.Event;
import org.junit.jupiter.api.Test;

/** Cases specific to the calendar queue behind {@link EventKernel}: resizing, time scales, ties. */
final class EventKernelCalendarTest {
    private record Entry(long time, long sequence, long handle) {
    }

    private static final Comparator<Entry> ORDER =
            Comparator.comparingLong(Entry::time).thenComparingLong(Entry::sequence);

    private static final long[] SCALES = {0, 1, 1_000, 200_000_000};

    private final List<Long> fired = new ArrayList<>();

    @Test
    void bucketsDoubleWhileEventsPileUpAndHalveWhileTheyDrain() {
        EventKernel kernel = new EventKernel();
        CalendarEventSet set = kernel.eventSet();
        SplittableRandom random = new SplittableRandom(5);
        List<Long> times = new ArrayList<>();
        for (int i = 0; i < 100_000; i++) {
            long time = random.nextLong(1_000_000);
            times.add(time);
            long id = i;
            kernel.scheduleAt(time, () -> fired.add(id));
        }
        assertThat(set.bucketCount()).isBetween(100_000, 8 * 100_000);

        kernel.runUntil(999_000);
        assertThat(kernel.pending()).isLessThan(1_000);
        assertThat(set.bucketCount()).isLessThanOrEqualTo(8 * 32 * Math.max(16, kernel.pending()));
        kernel.run();

        assertThat(set.bucketCount()).isEqualTo(16);
        assertThat(fired).hasSize(100_000);
        for (int i = 1; i < fired.size(); i++) {
            assertThat(times.get(fired.get(i).intValue())).isGreaterThanOrEqualTo(times.get(fired.get(i - 1).intValue()));
        }
        assertThat(set.workPerOperation()).isLessThan(10);
    }

    @Test
    void farFutureEventsAloneRunInOrderWithoutScanning() {
        EventKernel kernel = new EventKernel();
        for (int i = 0; i < 1_000; i++) {
            long id = i;
            // 200 ms apart, in reverse order of scheduling, plus a lone one at the end of time.
            kernel.scheduleAt(200_000_000L * (1_000 - i), () -> fired.add(id));
        }
        kernel.scheduleAt(Long.MAX_VALUE, () -> fired.add(-1L));
        kernel.run();

        assertThat(fired).hasSize(1_001);
        for (int i = 0; i < 1_000; i++) {
            assertThat(fired.get(i)).isEqualTo(999L - i);
        }
        assertThat(fired.get(1_000)).isEqualTo(-1L);
        assertThat(kernel.now()).isEqualTo(Long.MAX_VALUE);
        assertThat(kernel.eventSet().workPerOperation()).isLessThan(20);
    }

    @Test
    void manyEventsAtOneTimeRunFirstInFirstOut() {
        EventKernel kernel = new EventKernel();
        kernel.schedule(7, () -> { });
        kernel.run();
        for (int i = 0; i < 50_000; i++) {
            long id = i;
            kernel.schedule(i % 2 == 0 ? 0 : 1, () -> {
                fired.add(id);
                if (id % 1_000 == 0) {
                    kernel.schedule(0, () -> fired.add(-id));
                }
            });
        }
        kernel.run();

        List<Long> expected = new ArrayList<>();
        for (long i = 0; i < 50_000; i += 2) {
            expected.add(i);
        }
        for (long i = 0; i < 50_000; i += 1_000) {
            expected.add(-i);
        }
        for (long i = 1; i < 50_000; i += 2) {
            expected.add(i);
        }
        assertThat(fired).containsExactlyElementsOf(expected);
        assertThat(kernel.eventSet().workPerOperation()).isLessThan(5);
    }

    @Test
    void cancellingTheMinimumAndFarEventsKeepsOrder() {
        EventKernel kernel = new EventKernel(1);
        TreeSet<Entry> reference = new TreeSet<>(ORDER);
        SplittableRandom random = new SplittableRandom(9);
        long sequence = 0;
        for (int i = 0; i < 2_000; i++) {
            long time = i % 10 == 0 ? 1_000_000_000L + random.nextLong(1_000_000_000L) : random.nextLong(5_000);
            long seq = sequence++;
            reference.add(new Entry(time, seq, kernel.scheduleAt(time, () -> fired.add(seq))));
        }
        for (int round = 0; round < 500; round++) {
            Entry first = reference.pollFirst();
            assertThat(kernel.nextEventTime()).isEqualTo(first.time());
            assertThat(kernel.cancel(first.handle())).isTrue();
            Entry last = reference.pollLast();
            assertThat(kernel.cancel(last.handle())).isTrue();
            assertThat(kernel.cancel(last.handle())).isFalse();
            Entry next = reference.pollFirst();
            assertThat(kernel.step()).isTrue();
            assertThat(fired.get(fired.size() - 1)).isEqualTo(next.sequence());
        }
        kernel.run();
        assertThat(fired.subList(500, fired.size()))
                .containsExactlyElementsOf(reference.stream().map(Entry::sequence).toList());
    }

    @Test
    void mixedTimeScalesMatchAReferenceSortedSet() {
        for (long seed = 1; seed <= 4; seed++) {
            runMixedAgainstReference(new EventKernel(1), new SplittableRandom(seed), 200_000);
        }
        runMixedAgainstReference(new EventKernel(1, 1_000), new SplittableRandom(99), 100_000);
    }

    @Test
    void packetsAmongManyCancelledTimersAreNotPathological() {
        // 2000 ns-scale packet chains; each packet arms a 200 ms timeout and cancels the previous one.
        EventKernel kernel = new EventKernel();
        SplittableRandom random = new SplittableRandom(17);
        long[] timeouts = new long[2_000];
        for (int c = 0; c < timeouts.length; c++) {
            int chain = c;
            kernel.schedule(random.nextLong(1_000), new Event() {
                @Override
                public void fire() {
                    kernel.cancel(timeouts[chain]);
                    timeouts[chain] = kernel.schedule(200_000_000, () -> { });
                    kernel.schedule(random.nextInt(4) == 0 ? 0 : random.nextLong(2_000), this);
                }
            });
        }
        while (kernel.executedEvents() < 2_000_000) {
            kernel.step();
        }
        assertThat(kernel.pending()).isEqualTo(4_000);
        assertThat(kernel.eventSet().workPerOperation()).isLessThan(10);
    }

    private void runMixedAgainstReference(EventKernel kernel, SplittableRandom random, int operations) {
        fired.clear();
        TreeSet<Entry> reference = new TreeSet<>(ORDER);
        List<Entry> recent = new ArrayList<>();
        long sequence = 0;
        for (int op = 0; op < operations; op++) {
            int choice = random.nextInt(20);
            if (choice < 10) {
                long scale = SCALES[random.nextInt(SCALES.length)];
                long delay = random.nextBoolean() ? scale : random.nextLong(scale + 1);
                long time = kernel.now() + delay;
                long seq = sequence++;
                Entry entry = new Entry(time, seq, kernel.scheduleAt(time, () -> fired.add(seq)));
                reference.add(entry);
                recent.add(entry);
                if (recent.size() > 4_096) {
                    recent.remove(random.nextInt(recent.size()));
                }
            } else if (choice < 14 && !recent.isEmpty()) {
                Entry entry = recent.get(random.nextInt(recent.size()));
                boolean expected = reference.remove(entry);
                assertThat(kernel.isPending(entry.handle())).isEqualTo(expected);
                assertThat(kernel.cancel(entry.handle())).isEqualTo(expected);
            } else if (choice < 19) {
                Entry expected = reference.pollFirst();
                assertThat(kernel.nextEventTime()).isEqualTo(expected == null ? Long.MAX_VALUE : expected.time());
                assertThat(kernel.step()).isEqualTo(expected != null);
                if (expected != null) {
                    assertThat(fired.get(fired.size() - 1)).isEqualTo(expected.sequence());
                    assertThat(kernel.now()).isEqualTo(expected.time());
                }
            } else {
                long end = kernel.now() + random.nextLong(2_000);
                int before = fired.size();
                kernel.runUntil(end);
                List<Long> expected = new ArrayList<>();
                while (!reference.isEmpty() && reference.first().time() <= end) {
                    expected.add(reference.pollFirst().sequence());
                }
                assertThat(fired.subList(before, fired.size())).containsExactlyElementsOf(expected);
                assertThat(kernel.now()).isEqualTo(end);
            }
            assertThat(kernel.pending()).isEqualTo(reference.size());
        }
        int before = fired.size();
        kernel.run();
        assertThat(fired.subList(before, fired.size()))
                .containsExactlyElementsOf(reference.stream().map(Entry::sequence).toList());
        assertThat(kernel.eventSet().workPerOperation()).isLessThan(20);
    }

    /**
     * A packet stream's mix (a handful pending, delays of 300 to 2000 ns, a 100 ms timer re-armed
     * per packet): once the calendar has reviewed what it saw, the window covers the delays, so
     * only the timers wait in the far heap, and inserts barely walk.
     */
    @Test
    void theWindowAdaptsToCoverTheObservedDelays() {
        EventKernel kernel = new EventKernel();
        CalendarEventSet set = kernel.eventSet();
        SplittableRandom random = new SplittableRandom(11);
        long[] timer = {0};
        long[] count = {0};
        Event[] packet = new Event[1];
        packet[0] = () -> {
            count[0]++;
            kernel.cancel(timer[0]);
            timer[0] = kernel.schedule(100_000_000, () -> { });
            if (count[0] < 200_000) {
                kernel.schedule(300 + random.nextLong(1_700), packet[0]);
            }
        };
        for (int i = 0; i < 6; i++) {
            kernel.schedule(random.nextLong(2_000), packet[0]);
        }
        kernel.runUntil(20_000_000);
        assertThat((long) set.bucketCount() << set.widthShift()).isGreaterThanOrEqualTo(2_000);
        assertThat(set.farCount()).isLessThanOrEqualTo(1);
        kernel.run();
        assertThat(count[0]).isEqualTo(200_000 + 5);
        assertThat(set.workPerOperation()).isLessThan(2);
    }
}
