package org.iopf.plugin.ethernetbackupring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The receive DMA rate a PCIe link carries: lanes, line code, TLP and DLLP framing. */
final class PcieHostInterfaceTest {
    @Test
    void theX710sPcie3x8LinkCarries56GbpsOfDmaWritesWith256BytePayloads() {
        // 8 GT/s x 8 x 128/130 = 63.015 Gbps; 256 B in 256 + 24 + 8 B
        assertThat(new PcieHostInterface(3, 8, 256).dmaWriteRate().gbps()).isCloseTo(63.0154 * 256 / 288,
                within(1e-3));
        assertThat(new PcieHostInterface(3, 8, 256).dmaWriteRate().gbps()).isCloseTo(56.014, within(1e-3));
    }

    @Test
    void generationsOneAndTwoLoseAFifthToTheir8b10bCode() {
        assertThat(new PcieHostInterface(1, 4, 256).dmaWriteRate().gbps()).isCloseTo(2.5 * 4 * 0.8 * 256 / 288,
                within(1e-9));
        assertThat(new PcieHostInterface(2, 8, 256).dmaWriteRate().gbps()).isCloseTo(28.444, within(1e-3));
    }

    @Test
    void aLargerPayloadAmortisesTheFramingAndLanesScaleTheRate() {
        double mps128 = new PcieHostInterface(3, 8, 128).dmaWriteRate().gbps();
        double mps512 = new PcieHostInterface(3, 8, 512).dmaWriteRate().gbps();
        assertThat(mps128).isCloseTo(63.0154 * 128 / 160, within(1e-3));
        assertThat(mps512).isGreaterThan(new PcieHostInterface(3, 8, 256).dmaWriteRate().gbps());
        assertThat(new PcieHostInterface(4, 16, 256).dmaWriteRate().gbps())
                .isCloseTo(4 * new PcieHostInterface(3, 8, 256).dmaWriteRate().gbps(), within(1e-6));
    }

    @Test
    void refusesAGenerationPastFive() {
        assertThatThrownBy(() -> new PcieHostInterface(6, 8, 256)).isInstanceOf(IllegalArgumentException.class);
    }
}
