package org.iopf.reference.workload;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Out-of-range parameters are refused with a message that names the parameter and the value. */
final class ParameterValidationTest {
    @ParameterizedTest(name = "{0} {1}={2}")
    @CsvSource(delimiter = '|', value = {
        "rdma-write-stream | messageSize | 0    | workload.params.messageSize: '0' is out of range; expected a size in 1B..2GiB",
        "rdma-read-stream  | messages    | 0    | workload.params.messages: '0' is out of range; expected a whole number in 1..1000000000",
        "ping-pong         | concurrency | -1   | workload.params.concurrency: '-1' is out of range; expected a whole number in 1..65536",
        "rdma-write-stream | concurrency | 2000000000 | workload.params.concurrency: '2000000000' is out of range; expected a whole number in 1..65536",
        "rdma-write-stream | messages    | 1000000000000000 | workload.params.messages: '1000000000000000' is out of range; expected a whole number in 1..1000000000",
        "dma-copy-stream   | streamId    | 4294967296 | workload.params.streamId: '4294967296' is out of range; expected a whole number in 0..65535",
        "dma-copy-stream   | blockSize   | 0    | workload.params.blockSize: '0' is out of range; expected a size in 1B..2GiB",
        "rdma-write-stream | resident    | 1.5  | workload.params.resident: '1.5' is out of range; expected a number in 0..1",
        "ping-pong         | pinned      | -0.1 | workload.params.pinned: '-0.1' is out of range; expected a number in 0..1",
        "dma-copy-stream   | channels    | 0    | workload.params.channels: '0' is out of range; expected a whole number in 1..1024",
        "dma-copy-stream   | channels    | 99   | channels (99) exceeds the"})
    void refusesOutOfRangeValues(String name, String parameter, String value, String message) {
        assertThatThrownBy(() -> WorkloadRun.of(name, 1, Map.of(parameter, value)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message);
    }

    @Test
    void pinnedMayNotExceedResident() {
        assertThatThrownBy(() -> WorkloadRun.of("rdma-read-stream", 1, Map.of("resident", "0.5", "pinned", "0.75")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("workload.params: pinned (0.75) must be <= resident (0.5): a pinned page is resident");
    }

    @Test
    void pingPongVerbIsSendOrWriteImm() {
        assertThatThrownBy(() -> WorkloadRun.of("ping-pong", 1, Map.of("verb", "read")))
                .hasMessageContaining("verb");
    }
}
