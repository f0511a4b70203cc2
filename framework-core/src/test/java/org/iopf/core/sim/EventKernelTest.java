package org.iopf.core.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

final class EventKernelTest {
    private final EventKernel kernel = new EventKernel(2);
    private final List<String> log = new ArrayList<>();

    @Test
    void runsEventsInTimeOrderAndAdvancesNow() {
        kernel.schedule(300, () -> log.add("c@" + kernel.now()));
        kernel.schedule(100, () -> log.add("a@" + kernel.now()));
        kernel.scheduleAt(200, () -> log.add("b@" + kernel.now()));

        kernel.run();

        assertThat(log).containsExactly("a@100", "b@200", "c@300");
        assertThat(kernel.now()).isEqualTo(300);
        assertThat(kernel.executedEvents()).isEqualTo(3);
        assertThat(kernel.pending()).isZero();
    }

    @Test
    void eventsAtTheSameTimeRunInSchedulingOrder() {
        for (int i = 0; i < 100; i++) {
            int id = i;
            kernel.schedule(i % 2 == 0 ? 50 : 10, () -> log.add(Integer.toString(id)));
        }
        kernel.run();

        List<String> expected = new ArrayList<>();
        for (int i = 1; i < 100; i += 2) {
            expected.add(Integer.toString(i));
        }
        for (int i = 0; i < 100; i += 2) {
            expected.add(Integer.toString(i));
        }
        assertThat(log).containsExactlyElementsOf(expected);
    }

    @Test
    void eventScheduledForNowFromAHandlerRunsAfterEarlierTies() {
        kernel.schedule(5, () -> {
            log.add("first");
            kernel.schedule(0, () -> log.add("zero-delay"));
        });
        kernel.schedule(5, () -> log.add("second"));
        kernel.run();

        assertThat(log).containsExactly("first", "second", "zero-delay");
    }

    @Test
    void schedulingInThePastThrowsWithBothTimes() {
        kernel.schedule(1_000, () -> { });
        kernel.run();

        assertThatThrownBy(() -> kernel.schedule(-1, () -> { }))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("999").hasMessageContaining("1000");
        assertThatThrownBy(() -> kernel.scheduleAt(999, () -> { }))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("999").hasMessageContaining("1000");
        assertThat(kernel.pending()).isZero();
    }

    @Test
    void scheduleRejectsOverflowAndNullEvents() {
        kernel.schedule(10, () -> { });
        kernel.run();
        assertThatThrownBy(() -> kernel.schedule(Long.MAX_VALUE, () -> { }))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> kernel.schedule(1, null)).hasMessage("event is null");
    }

    @Test
    void cancelRemovesThePendingEventAndStaleHandlesReturnFalse() {
        long a = kernel.schedule(10, () -> log.add("a"));
        long b = kernel.schedule(20, () -> log.add("b"));

        assertThat(kernel.isPending(b)).isTrue();
        assertThat(kernel.cancel(b)).isTrue();
        assertThat(kernel.isPending(b)).isFalse();
        assertThat(kernel.cancel(b)).isFalse();
        assertThat(kernel.pending()).isEqualTo(1);

        kernel.run();

        assertThat(log).containsExactly("a");
        assertThat(kernel.cancel(a)).as("already fired").isFalse();
        assertThat(kernel.cancel(0L)).as("never issued").isFalse();
        assertThat(kernel.cancel(-1L)).isFalse();
    }

    @Test
    void aRecycledSlotDoesNotReviveAnOldHandle() {
        long old = kernel.schedule(10, () -> log.add("old"));
        kernel.cancel(old);
        long fresh = kernel.schedule(10, () -> log.add("fresh"));

        assertThat((int) fresh).as("same slot reused").isEqualTo((int) old);
        assertThat(fresh).isNotEqualTo(old);
        assertThat(kernel.cancel(old)).isFalse();
        kernel.run();
        assertThat(log).containsExactly("fresh");
    }

    @Test
    void aHandlerCanCancelAnotherEventAndNotItself() {
        long[] victim = new long[1];
        long[] self = new long[1];
        boolean[] cancelledSelf = {true};
        self[0] = kernel.schedule(10, () -> {
            cancelledSelf[0] = kernel.cancel(self[0]);
            log.add("canceller");
            assertThat(kernel.cancel(victim[0])).isTrue();
        });
        victim[0] = kernel.schedule(10, () -> log.add("victim"));
        kernel.schedule(20, () -> log.add("later"));

        kernel.run();

        assertThat(log).containsExactly("canceller", "later");
        assertThat(cancelledSelf[0]).as("the running event is no longer pending").isFalse();
    }

    @Test
    void cancellingTheMiddleOfTheHeapKeepsOrder() {
        long[] handles = new long[50];
        for (int i = 0; i < 50; i++) {
            int id = i;
            handles[i] = kernel.schedule(1_000 - 10L * i, () -> log.add(Integer.toString(id)));
        }
        for (int i = 5; i < 50; i += 7) {
            assertThat(kernel.cancel(handles[i])).isTrue();
        }
        kernel.run();

        List<String> expected = new ArrayList<>();
        for (int i = 49; i >= 0; i--) {
            if (!(i >= 5 && (i - 5) % 7 == 0)) {
                expected.add(Integer.toString(i));
            }
        }
        assertThat(log).containsExactlyElementsOf(expected);
    }

    @Test
    void runUntilRunsEventsAtTheBoundaryAndEndsThere() {
        kernel.schedule(100, () -> log.add("100"));
        kernel.schedule(200, () -> log.add("200"));
        kernel.schedule(201, () -> log.add("201"));

        kernel.runUntil(200);

        assertThat(log).containsExactly("100", "200");
        assertThat(kernel.now()).isEqualTo(200);
        assertThat(kernel.pending()).isEqualTo(1);
        assertThat(kernel.nextEventTime()).isEqualTo(201);

        kernel.runUntil(500);
        assertThat(log).containsExactly("100", "200", "201");
        assertThat(kernel.now()).isEqualTo(500);
        assertThatThrownBy(() -> kernel.runUntil(499)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void stopEndsRunAfterTheCurrentEvent() {
        kernel.schedule(1, () -> log.add("1"));
        kernel.schedule(2, () -> {
            log.add("2");
            kernel.stop();
        });
        kernel.schedule(3, () -> log.add("3"));

        kernel.run();
        assertThat(log).containsExactly("1", "2");
        assertThat(kernel.now()).isEqualTo(2);

        kernel.run();
        assertThat(log).containsExactly("1", "2", "3");
    }

    @Test
    void stepRunsOneEventAtATime() {
        kernel.schedule(7, () -> log.add("a"));
        kernel.schedule(9, () -> log.add("b"));

        assertThat(kernel.step()).isTrue();
        assertThat(log).containsExactly("a");
        assertThat(kernel.now()).isEqualTo(7);
        assertThat(kernel.step()).isTrue();
        assertThat(kernel.step()).isFalse();
        assertThat(log).containsExactly("a", "b");
    }

    @Test
    void runningFromInsideAnEventIsRejected() {
        kernel.schedule(1, kernel::run);
        assertThatThrownBy(kernel::run).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void listenerSeesTimeAndSequenceOfEveryExecutedEvent() {
        List<String> seen = new ArrayList<>();
        kernel.setExecutionListener((time, sequence) -> seen.add(time + "/" + sequence));
        kernel.schedule(20, () -> { });
        kernel.schedule(10, () -> kernel.schedule(10, () -> { }));

        kernel.run();

        assertThat(seen).containsExactly("10/1", "20/0", "20/2");
    }
}
