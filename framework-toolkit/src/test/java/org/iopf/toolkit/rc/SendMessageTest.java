package org.iopf.toolkit.rc;

import static org.assertj.core.api.Assertions.assertThat;

import org.iopf.api.nic.MtuSplit;
import org.iopf.api.nic.Opcode;
import org.iopf.api.nic.WorkRequest;
import org.junit.jupiter.api.Test;

final class SendMessageTest {
    @Test
    void packetOffsetsAndLengthsAreThoseOfTheMtuSplit() {
        long[] addresses = {0, 1, 63, 4095, 4096, 4097, 0x7f00_0000_0040L};
        long[] lengths = {1, 100, 4095, 4096, 4097, 10_000, 1 << 20};
        long[] mtus = {256, 1024, 4096};
        for (long address : addresses) {
            for (long length : lengths) {
                for (long mtu : mtus) {
                    WorkRequest wr = new WorkRequest(1, Opcode.RDMA_WRITE, address, 1, length, 0, 1, 0, true);
                    SendMessage<Object> message = new SendMessage<>(wr, new Object(), 0, mtu);
                    long total = 0;
                    for (long index = 0; index < message.packetCount; index++) {
                        long offset = message.packetOffset(index);
                        long packet = message.packetLength(offset, length);
                        assertThat(offset).as("offset %d of %d at %d, mtu %d", index, length, address, mtu)
                                .isEqualTo(MtuSplit.offset(address, mtu, index));
                        assertThat(packet).as("length %d of %d at %d, mtu %d", index, length, address, mtu)
                                .isEqualTo(MtuSplit.length(address, length, mtu, offset));
                        total += packet;
                    }
                    assertThat(total).isEqualTo(length);
                }
            }
        }
    }
}
