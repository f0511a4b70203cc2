package org.iopf.core.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link EventKernel#limit}: a bounded run stops before the first event past a bound and says so. */
final class EventKernelLimitTest {
    private final EventKernel kernel = new EventKernel(4);
    private final List<Long> fired = new ArrayList<>();

    /** An event every {@code period} ns, forever: a workload that never finishes. */
    private void tick(long period) {
        kernel.schedule(period, () -> {
            fired.add(kernel.now());
            tick(period);
        });
    }

    @Test
    void aTimeBoundRunsEveryEventUpToItAndNoneAfter() {
        tick(10);
        kernel.limit(35, Long.MAX_VALUE);

        kernel.run();

        assertThat(fired).containsExactly(10L, 20L, 30L);
        assertThat(kernel.now()).isEqualTo(30);
        assertThat(kernel.limitReached()).isTrue();
        assertThat(kernel.pending()).isEqualTo(1);
    }

    @Test
    void anEventExactlyAtTheTimeBoundRuns() {
        tick(10);
        kernel.limit(30, Long.MAX_VALUE);

        kernel.run();

        assertThat(fired).containsExactly(10L, 20L, 30L);
    }

    @Test
    void anEventBoundExecutesThatManyEvents() {
        tick(7);
        kernel.limit(Long.MAX_VALUE, 5);

        kernel.run();

        assertThat(kernel.executedEvents()).isEqualTo(5);
        assertThat(fired).hasSize(5);
        assertThat(kernel.limitReached()).isTrue();
    }

    @Test
    void aRunThatEndsBeforeItsBoundsDidNotReachThem() {
        kernel.schedule(10, () -> fired.add(kernel.now()));
        kernel.schedule(20, () -> fired.add(kernel.now()));
        kernel.limit(1_000, 100);

        kernel.run();

        assertThat(fired).containsExactly(10L, 20L);
        assertThat(kernel.limitReached()).isFalse();
    }

    @Test
    void aStopBeforeTheBoundIsNotTheBound() {
        kernel.schedule(10, kernel::stop);
        tick(3);
        kernel.limit(1_000, 1_000);

        kernel.run();

        assertThat(kernel.now()).isEqualTo(10);
        assertThat(kernel.limitReached()).isFalse();
    }

    @Test
    void badBoundsAreRefused() {
        assertThatThrownBy(() -> kernel.limit(-1, 10)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> kernel.limit(10, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
