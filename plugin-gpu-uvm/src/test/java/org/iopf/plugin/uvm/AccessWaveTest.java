package org.iopf.plugin.uvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.sim.DataRate;
import org.iopf.core.sim.EventKernel;
import org.iopf.core.sim.FifoBandwidthResource;
import org.junit.jupiter.api.Test;

/** Warp accesses issued at one instant are charged as one transfer, so their cost is not rounded per access. */
final class AccessWaveTest {
    @Test
    void accessesIssuedAtOneInstantMoveAsOneTransferAndAllGoOnAtItsEnd() {
        EventKernel kernel = new EventKernel();
        FifoBandwidthResource vram = new FifoBandwidthResource(kernel, "vram", DataRate.gigabytesPerSecond(900));
        AccessWave wave = new AccessWave(kernel, b -> vram.transfer(b, null));
        List<Long> done = new ArrayList<>();
        kernel.schedule(0, () -> {
            for (int i = 0; i < 5120; i++) {
                wave.add(128, () -> done.add(kernel.now()));
            }
        });
        kernel.run();
        // 5120 x 128 B = 655 360 B at 900 GB/s = 728.2 ns, booked once: 729 ns (not 5120 x 1 ns)
        assertThat(done).hasSize(5120).containsOnly(729L);
        assertThat(vram.bytesTransferred()).isEqualTo(655_360);
        assertThat(wave.waves()).isEqualTo(1);
    }

    @Test
    void aSecondInstantIsASecondWaveQueuedBehindTheFirst() {
        EventKernel kernel = new EventKernel();
        FifoBandwidthResource vram = new FifoBandwidthResource(kernel, "vram", DataRate.gigabytesPerSecond(900));
        AccessWave wave = new AccessWave(kernel, b -> vram.transfer(b, null));
        List<Long> done = new ArrayList<>();
        kernel.schedule(0, () -> wave.add(900_000, () -> done.add(kernel.now())));
        kernel.schedule(10, () -> wave.add(9_000, () -> done.add(kernel.now())));
        kernel.run();
        // 1000 ns, then 10 ns more behind it on the same memory
        assertThat(done).containsExactly(1000L, 1010L);
        assertThat(wave.waves()).isEqualTo(2);
    }
}
