package org.iopf.reference.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.workload.WorkloadType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every built-in workload on the pinned baseline: found through the services file, documented,
 * moves exactly what it was asked to, intact, and measures it under the shared metric names.
 */
final class BuiltInWorkloadsTest {
    private static final String[] NAMES = {"rdma-write-stream", "rdma-read-stream", "ping-pong", "dma-copy-stream"};

    @ParameterizedTest
    @ValueSource(strings = {"rdma-write-stream", "rdma-read-stream", "ping-pong", "dma-copy-stream"})
    void isRegisteredAndDocumentsItsParametersWithDefaults(String name) {
        WorkloadType type = WorkloadRun.REGISTRY.requireWorkload(name);

        assertThat(type.description()).isNotBlank();
        assertThat(type.parameters()).extracting(ParameterSpec::name)
                .contains("messages", "concurrency", "resident", "pinned", "onDemand")
                .containsAnyOf("messageSize", "blockSize");
        assertThat(type.parameters()).allSatisfy(p -> {
            assertThat(p.isRequired()).as(p.name() + " has a default").isFalse();
            assertThat(p.description()).isNotBlank();
        });
    }

    /** Sizes that split into several packets or chunks and a last one that is short. */
    @ParameterizedTest(name = "{0}: {2} x {1} B, {3} in flight")
    @CsvSource({
        "rdma-write-stream, 10000, 13, 3, messageSize, 1",
        "rdma-read-stream,  10000, 13, 3, messageSize, 1",
        "rdma-read-stream,  1, 5, 8, messageSize, 1",
        "ping-pong,         64, 20, 1, messageSize, 2",
        "ping-pong,         5000, 9, 3, messageSize, 2",
        "dma-copy-stream,   10000, 13, 3, blockSize, 1",
        "dma-copy-stream,   1, 5, 8, blockSize, 1"})
    void movesMessagesTimesSizeIntactAndMeasuresEveryOperation(String name, long size, long messages,
            int concurrency, String sizeName, int directions) {
        WorkloadRun run = WorkloadRun.of(name, 11, Map.of(sizeName, Long.toString(size), "messages",
                Long.toString(messages), "concurrency", Integer.toString(concurrency)));

        assertThat(run.context.isFinished()).isTrue();
        assertThat(run.counter("workload.messages")).isEqualTo(messages);
        assertThat(run.counter("workload.bytes")).isEqualTo(directions * messages * size);
        assertThat(run.counter("workload.errors")).isZero();
        assertThat(run.counter("workload.integrity.mismatchedPages")).isZero();
        assertThat(run.histogram("workload.latency").count()).isEqualTo(messages);
        assertThat(run.histogram("workload.latency").unit()).isEqualTo("ns");
        assertThat(run.histogram("workload.latency").min()).isPositive();
        assertThat(run.gauge("workload.elapsed")).isEqualTo(run.context.finishedAt());
    }

    @ParameterizedTest
    @CsvSource({"send", "write-imm"})
    void pingPongEchoesOverBothTransports(String verb) {
        WorkloadRun run = WorkloadRun.of("ping-pong", 5, Map.of("messageSize", "9000", "messages", "7",
                "concurrency", "2", "verb", verb));

        assertThat(run.counter("workload.messages")).isEqualTo(7);
        assertThat(run.counter("workload.bytes")).isEqualTo(2 * 7 * 9000);
        assertThat(run.counter("workload.errors")).isZero();
        assertThat(run.counter("workload.integrity.mismatchedPages")).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"rdma-write-stream", "rdma-read-stream", "ping-pong", "dma-copy-stream"})
    void sameSeedGivesTheSameMetricsSnapshot(String name) {
        Map<String, String> parameters = Map.of("messages", "12", "concurrency", "3");

        WorkloadRun first = WorkloadRun.of(name, 21, parameters);
        WorkloadRun second = WorkloadRun.of(name, 21, parameters);

        assertThat(second.metrics).isEqualTo(first.metrics);
        assertThat(second.context.finishedAt()).isEqualTo(first.context.finishedAt());
    }

    @ParameterizedTest
    @ValueSource(strings = {"rdma-write-stream", "rdma-read-stream", "ping-pong", "dma-copy-stream"})
    void reportsProgressUpToTheTotal(String name) {
        assertThat(NAMES).contains(name);
        ProgressRecorder recorder = ProgressRecorder.run(name, Map.of("messages", "6", "concurrency", "2"));

        assertThat(recorder.done()).containsExactly(1L, 2L, 3L, 4L, 5L, 6L);
        assertThat(recorder.totals()).containsOnly(6L);
    }
}
