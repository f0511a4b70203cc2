package org.iopf.core.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.sim.WorkPriority;
import org.junit.jupiter.api.Test;

final class SimCpuCoreTest {
    private final EventKernel kernel = new EventKernel();
    private final SimCpuCore core = new SimCpuCore(kernel, "a53.0", "a53");
    private final List<String> log = new ArrayList<>();

    @Test
    void anInterruptQueuedBehindRunningUserWorkRunsBeforeQueuedUserWork() {
        assertThat(core.run("user-a", WorkPriority.USER, 100, () -> log.add("user-a@" + kernel.now())))
                .isEqualTo(100);
        assertThat(core.run("user-b", WorkPriority.USER, 100, () -> log.add("user-b@" + kernel.now())))
                .isEqualTo(200);
        kernel.schedule(10, () -> {
            long estimate = core.run("isr", WorkPriority.INTERRUPT, 30, () -> log.add("isr@" + kernel.now()));
            assertThat(estimate).as("runs right after user-a").isEqualTo(130);
        });
        kernel.schedule(20, () -> core.run("tasklet", WorkPriority.SOFTIRQ, 5, () -> log.add("tasklet@" + kernel.now())));

        kernel.run();

        assertThat(log).containsExactly("user-a@100", "isr@130", "tasklet@135", "user-b@235");
    }

    @Test
    void itemsOfOnePriorityRunFirstInFirstOut() {
        core.run("running", WorkPriority.KERNEL, 10, null);
        for (int i = 0; i < 5; i++) {
            int id = i;
            core.run("k" + i, WorkPriority.KERNEL, 10, () -> log.add("k" + id));
        }
        assertThat(core.queued()).isEqualTo(5);
        kernel.run();
        assertThat(log).containsExactly("k0", "k1", "k2", "k3", "k4");
        assertThat(core.queued()).isZero();
        assertThat(core.completedItems()).isEqualTo(6);
    }

    @Test
    void workSubmittedByOnDoneCompetesWithQueuedWorkByPriority() {
        core.run("isr", WorkPriority.INTERRUPT, 10, () -> {
            log.add("isr");
            core.run("tasklet", WorkPriority.SOFTIRQ, 10, () -> log.add("tasklet@" + kernel.now()));
        });
        core.run("user", WorkPriority.USER, 10, () -> log.add("user@" + kernel.now()));
        kernel.run();

        assertThat(log).containsExactly("isr", "tasklet@20", "user@30");
    }

    @Test
    void busyTimeCountsStartedWorkUpToNowAndGivesUtilisation() {
        core.run("a", WorkPriority.USER, 300, null);
        core.run("b", WorkPriority.USER, 300, null);
        kernel.runUntil(400);

        assertThat(core.busy()).isTrue();
        assertThat(core.busyNanos()).isEqualTo(400);
        assertThat(core.utilisation()).isEqualTo(1.0);

        kernel.runUntil(1_200);
        assertThat(core.busy()).isFalse();
        assertThat(core.busyNanos()).isEqualTo(600);
        assertThat(core.utilisation()).isEqualTo(0.5);
    }

    @Test
    void coresAccountSeparately() {
        SimCpuCore other = new SimCpuCore(kernel, "a53.1", "a53");
        core.run("a", WorkPriority.USER, 250, null);
        other.run("b", WorkPriority.USER, 1_000, null);
        kernel.runUntil(1_000);

        assertThat(core.utilisation()).isEqualTo(0.25);
        assertThat(other.utilisation()).isEqualTo(1.0);
    }

    @Test
    void rejectsNegativeTimeAndNullPriority() {
        assertThatThrownBy(() -> core.run("x", WorkPriority.USER, -1, null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> core.run("x", null, 1, null)).hasMessage("priority is null");
        assertThat(core.name()).isEqualTo("a53.0");
        assertThat(core.cluster()).isEqualTo("a53");
    }
}
