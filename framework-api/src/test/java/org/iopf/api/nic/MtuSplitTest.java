package org.iopf.api.nic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

final class MtuSplitTest {
    @Test
    void alignedMessageSplitsIntoWholeMtus() {
        assertThat(MtuSplit.packets(0x10000, 1 << 20, 4096)).isEqualTo(256);
        assertThat(MtuSplit.offset(0x10000, 4096, 3)).isEqualTo(3 * 4096);
        assertThat(MtuSplit.length(0x10000, 1 << 20, 4096, 255 * 4096)).isEqualTo(4096);
    }

    @Test
    void unalignedMessageEndsItsFirstPacketAtTheNextBoundary() {
        long address = 0x10000 + 100;
        assertThat(MtuSplit.packets(address, 8192, 4096)).isEqualTo(3);
        assertThat(MtuSplit.length(address, 8192, 4096, 0)).isEqualTo(3996);
        assertThat(MtuSplit.offset(address, 4096, 1)).isEqualTo(3996);
        assertThat(MtuSplit.offset(address, 4096, 2)).isEqualTo(3996 + 4096);
        assertThat(MtuSplit.length(address, 8192, 4096, 3996 + 4096)).isEqualTo(100);
    }

    @Test
    void lengthsOfAllPacketsAddUpToTheMessage() {
        for (long address : new long[] {0, 1, 255, 4095, 12345}) {
            for (long length : new long[] {1, 255, 256, 4096, 16383, 16385}) {
                long total = 0;
                long count = MtuSplit.packets(address, length, 256);
                for (long i = 0; i < count; i++) {
                    long piece = MtuSplit.length(address, length, 256, MtuSplit.offset(address, 256, i));
                    assertThat(piece).isBetween(1L, 256L);
                    total += piece;
                }
                assertThat(total).as("address %d length %d", address, length).isEqualTo(length);
            }
        }
    }

    @Test
    void emptyMessageStillTakesOnePacket() {
        assertThat(MtuSplit.packets(0, 0, 4096)).isEqualTo(1);
    }
}
