package org.iopf.core.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.sim.DataRate;
import org.junit.jupiter.api.Test;

final class FifoBandwidthResourceTest {
    private static final long MIB = 1L << 20;

    private final EventKernel kernel = new EventKernel();
    private final FifoBandwidthResource link = new FifoBandwidthResource(kernel, "eth0", DataRate.gbps(10));
    private final List<String> log = new ArrayList<>();

    @Test
    void oneMebibyteAtTenGbpsTakes838861Nanoseconds() {
        long end = link.transfer(MIB, () -> log.add("done@" + kernel.now()));

        assertThat(end).isEqualTo(838_861);
        assertThat(link.busyUntil()).isEqualTo(838_861);
        kernel.run();
        assertThat(log).containsExactly("done@838861");
        assertThat(link.bytesTransferred()).isEqualTo(MIB);
        assertThat(link.busyNanos()).isEqualTo(838_861);
        assertThat(link.utilisation()).isEqualTo(1.0);
    }

    @Test
    void backToBackTransfersQueueFirstComeFirstServed() {
        DataRate rate = DataRate.megabytesPerSecond(1_000); // 1 byte per ns
        FifoBandwidthResource port = new FifoBandwidthResource(kernel, "pcie", rate);

        assertThat(port.transfer(100, () -> log.add("a@" + kernel.now()))).isEqualTo(100);
        assertThat(port.transfer(50, () -> log.add("b@" + kernel.now()))).isEqualTo(150);
        kernel.schedule(120, () -> port.transfer(10, () -> log.add("c@" + kernel.now())));
        kernel.schedule(400, () -> port.transfer(10, () -> log.add("d@" + kernel.now())));
        kernel.run();

        assertThat(log).containsExactly("a@100", "b@150", "c@160", "d@410");
        assertThat(port.busyNanos()).isEqualTo(170);
        assertThat(port.bytesTransferred()).isEqualTo(170);
    }

    @Test
    void utilisationIsHalfWhenBusyHalfTheTime() {
        FifoBandwidthResource port = new FifoBandwidthResource(kernel, "pcie", DataRate.megabytesPerSecond(1_000));
        port.transfer(500, null);
        kernel.runUntil(1_000);

        assertThat(port.utilisation()).isEqualTo(0.5);
    }

    @Test
    void queuedWorkCountsOnlyUpToNowForUtilisation() {
        FifoBandwidthResource port = new FifoBandwidthResource(kernel, "pcie", DataRate.megabytesPerSecond(1_000));
        kernel.runUntil(100);
        port.transfer(1_000, null); // busy 100..1100
        kernel.runUntil(200);

        assertThat(port.busyNanos()).as("booked").isEqualTo(1_000);
        assertThat(port.busyNanosUpToNow()).isEqualTo(100);
        assertThat(port.utilisation()).isEqualTo(0.5);
    }

    @Test
    void zeroBytesCompleteAtOnceAndNegativeBytesAreRejected() {
        assertThat(link.transfer(0, () -> log.add("now@" + kernel.now()))).isZero();
        kernel.run();
        assertThat(log).containsExactly("now@0");
        assertThatThrownBy(() -> link.transfer(-1, null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new FifoBandwidthResource(kernel, null, DataRate.gbps(1)))
                .hasMessage("name is null");
    }
}
