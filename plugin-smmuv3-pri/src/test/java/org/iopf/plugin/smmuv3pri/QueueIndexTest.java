package org.iopf.plugin.smmuv3pri;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The prod/cons arithmetic of a queue of 4 entries: wrap bit, full, empty, overflow flag kept. */
final class QueueIndexTest {
    @Test
    void fourIncrementsWrapAndFillTheQueue() {
        int prod = 0;
        for (int i = 0; i < 4; i++) {
            assertThat(QueueIndex.full(prod, 0, 2)).isFalse();
            prod = QueueIndex.next(prod, 2);
        }
        assertThat(prod).isEqualTo(0b100);
        assertThat(QueueIndex.full(prod, 0, 2)).isTrue();
        assertThat(QueueIndex.empty(prod, 0, 2)).isFalse();
        assertThat(QueueIndex.used(prod, 0, 2)).isEqualTo(4);
        assertThat(QueueIndex.empty(prod, prod, 2)).isTrue();
    }

    @Test
    void theWrapBitFlipsBackAfterTwoLapsAndTheOverflowFlagIsKept() {
        int v = Regs.Q_OVF;
        for (int i = 0; i < 8; i++) {
            v = QueueIndex.next(v, 2);
        }
        assertThat(v).isEqualTo(Regs.Q_OVF);
        assertThat(QueueIndex.used(QueueIndex.next(0b111, 2), 0b110, 2)).isEqualTo(2);
        assertThat(QueueIndex.full(0b011, 0b111, 2)).isTrue();
    }
}
