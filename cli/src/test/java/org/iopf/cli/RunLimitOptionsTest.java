package org.iopf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --max-sim-time} and {@code --max-events}: a bounded run is cut short and says so. */
final class RunLimitOptionsTest {
    @TempDir
    Path temp;

    private final CliHarness cli = new CliHarness(CliHarness.repositoryRoot());

    @Test
    void anEventBoundCutsTheRunShortAndWarnsWithTheBoundAndTheTime() {
        int code = cli.run("run", "--quiet", "--max-events", "100", "--format", "csv", "--plugins", temp.toString());

        assertThat(code).isEqualTo(ExitCode.EXPECTATION_MISSED);
        assertThat(cli.err()).startsWith("iopf: warning: pinned-baseline was cut short by --max-events 100 at ")
                .contains("of simulated time after 100 events; its workload did not finish");
        assertThat(cli.out()).contains("sim.finished,0,", "sim.events,100,");
    }

    @Test
    void aTimeBoundStopsBeforeTheFirstEventAfterIt() {
        cli.run("run", "--quiet", "--max-sim-time", "10us", "--format", "csv", "--plugins", temp.toString());

        assertThat(cli.err()).contains("cut short by --max-sim-time 10.000us at ");
        double simTime = Double.parseDouble(cli.out().lines().filter(l -> l.startsWith("sim.time,"))
                .findFirst().orElseThrow().split(",")[1]);
        assertThat(simTime).isPositive().isLessThanOrEqualTo(10_000);
    }

    @Test
    void boundsTheRunDoesNotReachChangeNothing() {
        assertThat(cli.run("run", "--quiet", "--max-events", "100000000", "--max-sim-time", "10s",
                "--plugins", temp.toString())).isZero();
        assertThat(cli.err()).doesNotContain("cut short");
        assertThat(cli.out()).contains("expectations: 4 of 4 met");
    }

    @Test
    void badBoundsAreBadInput() {
        assertThat(cli.run("run", "--max-sim-time", "0s", "--plugins", temp.toString())).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(cli.err()).isEqualTo("iopf: --max-sim-time must be > 0: '0s'\n");
        cli.clear();
        assertThat(cli.run("run", "--max-sim-time", "10", "--plugins", temp.toString())).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(cli.err()).startsWith("iopf: --max-sim-time: '10' has no unit");
        cli.clear();
        assertThat(cli.run("run", "--max-events", "0", "--plugins", temp.toString())).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(cli.err()).isEqualTo("iopf: --max-events must be >= 1: 0\n");
    }
}
