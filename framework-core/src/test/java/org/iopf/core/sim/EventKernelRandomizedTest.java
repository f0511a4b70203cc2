package org.iopf.core.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Checks the kernel against a reference ordered set over thousands of random operations. */
final class EventKernelRandomizedTest {
    private record Entry(long time, long sequence, long handle) {
    }

    private static final Comparator<Entry> ORDER =
            Comparator.comparingLong(Entry::time).thenComparingLong(Entry::sequence);

    @Test
    void scheduleCancelAndStepMatchAReferenceSortedSet() {
        for (long seed = 1; seed <= 5; seed++) {
            runAgainstReference(new EventKernel(1), new SplittableRandom(seed), 20_000);
        }
    }

    @Test
    void renumberingExhaustedSequencesKeepsTheOrder() {
        // A limit of 64 sequences forces hundreds of renumberings over the run.
        runAgainstReference(new EventKernel(1, 64), new SplittableRandom(11), 20_000);
    }

    @Test
    void aHeapLargerThanTheBranchFreeLimitFiresInOrder() {
        // 300k pending events: the deep levels use the speculative child selection.
        SplittableRandom random = new SplittableRandom(3);
        EventKernel kernel = new EventKernel();
        int count = 300_000;
        long[] times = new long[count];
        long[] handles = new long[count];
        List<Long> fired = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            times[i] = random.nextLong(1_000_000);
            long id = i;
            handles[i] = kernel.scheduleAt(times[i], () -> fired.add(id));
        }
        TreeSet<Entry> reference = new TreeSet<>(ORDER);
        for (int i = 0; i < count; i++) {
            if (i % 3 == 0) {
                assertThat(kernel.cancel(handles[i])).isTrue();
            } else {
                reference.add(new Entry(times[i], i, handles[i]));
            }
        }
        kernel.run();
        assertThat(fired).containsExactlyElementsOf(reference.stream().map(Entry::sequence).toList());
    }

    private static void runAgainstReference(EventKernel kernel, SplittableRandom random, int operations) {
        TreeSet<Entry> reference = new TreeSet<>(ORDER);
        List<Entry> everIssued = new ArrayList<>();
        List<Long> fired = new ArrayList<>();
        long sequence = 0;

        for (int op = 0; op < operations; op++) {
            int choice = random.nextInt(10);
            if (choice < 5) {
                // Few distinct delays, so that ties are common.
                long time = kernel.now() + random.nextInt(20);
                long seq = sequence++;
                long handle = kernel.scheduleAt(time, () -> fired.add(seq));
                Entry entry = new Entry(time, seq, handle);
                reference.add(entry);
                everIssued.add(entry);
            } else if (choice < 8 && !everIssued.isEmpty()) {
                Entry entry = everIssued.get(random.nextInt(everIssued.size()));
                boolean expected = reference.remove(entry);
                assertThat(kernel.isPending(entry.handle())).isEqualTo(expected);
                assertThat(kernel.cancel(entry.handle())).isEqualTo(expected);
                assertThat(kernel.isPending(entry.handle())).isFalse();
            } else {
                Entry expected = reference.pollFirst();
                boolean ran = kernel.step();
                assertThat(ran).isEqualTo(expected != null);
                if (expected != null) {
                    assertThat(fired.get(fired.size() - 1)).isEqualTo(expected.sequence());
                    assertThat(kernel.now()).isEqualTo(expected.time());
                }
            }
            assertThat(kernel.pending()).isEqualTo(reference.size());
        }
        int before = fired.size();
        kernel.run();
        List<Long> rest = fired.subList(before, fired.size());
        assertThat(rest).containsExactlyElementsOf(reference.stream().map(Entry::sequence).toList());
    }
}
