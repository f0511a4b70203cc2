package org.iopf.core.run;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.iopf.api.sim.Time;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadType;
import org.iopf.core.platform.ExtensionRegistry;
import org.junit.jupiter.api.Test;

/** Bad input is refused before the first event; an exception out of an event is a defect. */
final class RunFailureTest {
    private static final ExtensionRegistry REGISTRY = ExtensionRegistry.fromClassPath(
            RunFailureTest.class.getClassLoader());

    /** A workload that fails in {@code start()} or in an event 5 µs later. */
    private record Failing(boolean inEvent) implements WorkloadType {
        @Override
        public String name() {
            return "failing";
        }

        @Override
        public String description() {
            return "fails";
        }

        @Override
        public Workload create(WorkloadContext context) {
            return () -> {
                if (!inEvent) {
                    throw new IllegalArgumentException("no such node");
                }
                context.scheduler().schedule(Time.micros(5), () -> {
                    throw new IllegalArgumentException("a component's bug");
                });
            };
        }
    }

    @Test
    void aFailureWhileStartingIsThrownAsItIs() {
        Simulation sim = Simulation.build(DefaultPlatforms.pinnedBaseline(1), REGISTRY);
        assertThatThrownBy(() -> sim.run(new Failing(false), Map.of()))
                .isExactlyInstanceOf(IllegalArgumentException.class).hasMessage("no such node");
    }

    @Test
    void anExceptionOutOfAnEventIsARunFailureThatSaysWhen() {
        Simulation sim = Simulation.build(DefaultPlatforms.pinnedBaseline(1), REGISTRY);
        assertThatThrownBy(() -> sim.run(new Failing(true), Map.of()))
                .isInstanceOf(RunFailedException.class)
                .hasMessage("the run failed at " + Time.format(Time.micros(5))
                        + " of simulated time: java.lang.IllegalArgumentException: a component's bug")
                .hasCauseInstanceOf(IllegalArgumentException.class);
    }
}
