package org.iopf.plugin.ethernetbackupring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.iopf.plugin.ethernetbackupring.EthTestbed.value;

import java.util.Map;
import org.iopf.core.report.RunResult;
import org.junit.jupiter.api.Test;

/**
 * eth-os-faults handles I/O page faults as Linux does: one interrupt drains every fault queued
 * meanwhile, and the faults are resolved on an unbound workqueue of several cores.
 */
final class OsFaultHandlerParallelTest {
    private static final Map<String, String> COLD_START = Map.of("bytes", "64MiB", "bufferSize", "16MiB",
            "mode", "backup-ring", "trigger", "startup");

    @Test
    void oneInterruptDrainsManyFaultsAndThreeWorkersRecoverFasterThanOne() {
        RunResult three = EthTestbed.run("", "eth-os-faults", COLD_START);
        RunResult one = EthTestbed.run("", "eth-os-faults, params: {workers: 1}", COLD_START);

        // a burst of frames into a cold window raises its faults faster than the thread drains them
        assertThat(value(three, "node2.faults.interrupts")).isLessThan(value(three, "node2.faults.resolved") / 2);
        // the same work per page, spread over three cores of the node's four
        assertThat(value(three, "workload.eth.recovery")).isLessThan(value(one, "workload.eth.recovery") * 0.6);
        assertThat(value(three, "node2.nic0.rx.faultDrops")).isZero();
        assertThat(value(one, "node2.nic0.rx.faultDrops")).isZero();
        assertThat(value(three, "workload.integrity.mismatchedPages")).isZero();
        assertThat(value(one, "workload.integrity.mismatchedPages")).isZero();
    }
}
