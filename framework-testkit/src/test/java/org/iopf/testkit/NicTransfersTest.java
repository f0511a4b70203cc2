package org.iopf.testkit;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The transfer judge of {@link NicContract} fails a transfer handed over out of order, twice or silently. */
final class NicTransfersTest {
    private static final String PLATFORM = """
            nodes:
              - name: node1
                cores: [{cluster: cpu, count: 1}]
                memory: {numa: [64MiB], content: bytes}
                iommu: {type: premapped-iommu}
                faults: {type: terminate}
            """;

    /** A NIC "without verbs" whose transfer reports the given deliveries and received the message intact. */
    private static NicContract reporting(List<NicTransfer.Delivery> deliveries) {
        return new NicContract() {
            @Override
            public String nicPlatform() {
                return PLATFORM;
            }

            @Override
            public boolean hasVerbs() {
                return false;
            }

            @Override
            public NicTransfer transfer(TestBench bench, byte[] data) {
                return new NicTransfer() {
                    @Override
                    public List<Delivery> deliveries() {
                        return deliveries;
                    }

                    @Override
                    public List<String> errors() {
                        return List.of();
                    }

                    @Override
                    public byte[] received() {
                        return data.clone();
                    }

                    @Override
                    public byte[] surroundings() {
                        return new byte[16];
                    }
                };
            }
        };
    }

    private static void judge(List<NicTransfer.Delivery> deliveries) {
        NicTransfers.runAndCheck(reporting(deliveries), PLATFORM, 1, NicTransfers.data(1, 8), true);
    }

    @Test
    void aMessageHandedOverInOrderPasses() {
        judge(List.of(new NicTransfer.Delivery(0, 4), new NicTransfer.Delivery(4, 4)));
    }

    @Test
    void aMessageHandedOverOutOfOrderFails() {
        assertThatThrownBy(() -> judge(List.of(new NicTransfer.Delivery(4, 4), new NicTransfer.Delivery(0, 4))))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("is out of order")
                .hasMessageContaining("starts at byte 0");
    }

    @Test
    void aByteHandedOverTwiceFails() {
        assertThatThrownBy(() -> judge(List.of(new NicTransfer.Delivery(0, 5), new NicTransfer.Delivery(4, 4))))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("byte 4 delivered twice");
    }

    @Test
    void aMessageNotWholeWithoutAnErrorIsSilence() {
        assertThatThrownBy(() -> judge(List.of(new NicTransfer.Delivery(0, 4))))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("only 4 of 8 bytes delivered")
                .hasMessageContaining("silence");
    }
}
