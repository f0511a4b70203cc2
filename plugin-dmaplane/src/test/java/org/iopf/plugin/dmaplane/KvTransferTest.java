package org.iopf.plugin.dmaplane;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.iopf.core.platform.Scenario;
import org.iopf.core.platform.file.PlatformFileReader;
import org.iopf.core.report.RunResult;
import org.iopf.core.run.CompletedRun;
import org.iopf.core.run.ScenarioRunner;
import org.junit.jupiter.api.Test;

/** E10: chunks named by (layer, seq) immediates are reassembled byte-exact into tensor views. */
final class KvTransferTest {
    @Test
    void immediatesCarryLayerAndSequence() {
        KvChunkId id = new KvChunkId(31, 7);
        assertThat(id.immediate()).isEqualTo(31 << 16 | 7);
        assertThat(KvChunkId.of(id.immediate())).isEqualTo(id);
        assertThat(KvChunkId.of(new KvChunkId(KvChunkId.MAX_LAYER, KvChunkId.MAX_SEQ).immediate()))
                .isEqualTo(new KvChunkId(32767, 65535));
        assertThatThrownBy(() -> KvChunkId.of(0x8000_0001)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new KvChunkId(32768, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void chunksArrivingInAnyOrderRebuildEveryLayerOnceAllHaveArrived() {
        KvLayout layout = new KvLayout(3, 200 * 1024, 64 * 1024);
        assertThat(layout.chunksPerLayer()).isEqualTo(4);
        assertThat(layout.chunkLength(3)).isEqualTo(8 * 1024);
        KvReassembly r = new KvReassembly(layout);
        List<int[]> order = new ArrayList<>();
        for (int l = 0; l < 3; l++) {
            for (int s = 0; s < 4; s++) {
                order.add(new int[] {l, s});
            }
        }
        Collections.shuffle(order, new java.util.Random(5));
        for (int[] c : order) {
            assertThat(r.isComplete()).isFalse();
            assertThat(r.accept(new KvChunkId(c[0], c[1]).immediate(), layout.chunkLength(c[1]))).isTrue();
        }
        assertThat(r.accept(new KvChunkId(0, 0).immediate(), 64 * 1024)).isFalse();
        assertThat(r.accept(new KvChunkId(3, 0).immediate(), 64 * 1024)).isFalse();
        assertThat(r.rejected()).isEqualTo(2);
        assertThat(r.rebuild(1 << 20)).containsExactly(new KvTensorView(0, 1 << 20, 200 * 1024, 4),
                new KvTensorView(1, (1 << 20) + 200 * 1024, 200 * 1024, 4),
                new KvTensorView(2, (1 << 20) + 400 * 1024, 200 * 1024, 4));
        KvReassembly partial = new KvReassembly(layout);
        assertThat(partial.accept(new KvChunkId(0, 3).immediate(), 64 * 1024)).isFalse();
        assertThatThrownBy(() -> partial.rebuild(0)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aTransferOfManyChunksPerLayerArrivesByteExact() {
        String node = "    cores: [{cluster: cpu, count: 4}]\n    memory: {numa: [1GiB]}\n    dmaplane: {type: dmaplane}\n";
        String yaml = "fabric: {link: {rate: 10Gbps, latency: 10us}}\nnodes:\n  - name: node1\n" + node
                + "  - name: node2\n" + node + "workload: {type: dmaplane-kv-transfer, params: {layers: 5, kvHeads: 4, "
                + "headDim: 64, dtypeBytes: 2, promptTokens: 300, chunkSize: 40000, window: 3, tokenize: 10us, "
                + "prefill: 100us}}\n";
        Scenario scenario = new PlatformFileReader(TestPlatform.REGISTRY).read("kv.yaml", yaml);
        CompletedRun run = new ScenarioRunner(TestPlatform.REGISTRY).run(scenario);
        RunResult result = RunResult.of(scenario, run.simulation(), run.workload(), run.wallNanos());
        long layer = 2L * 4 * 64 * 2 * 300;
        long chunks = 5 * ((layer + 39999) / 40000);
        assertThat(result.value("workload.kv.chunks").orElseThrow()).isEqualTo(chunks);
        assertThat(result.value("messages").orElseThrow()).isEqualTo(chunks);
        assertThat(result.value("bytes").orElseThrow()).isEqualTo(5 * layer);
        assertThat(result.value("errors").orElseThrow()).isZero();
        assertThat(result.value("workload.kv.rejected").orElseThrow()).isZero();
        assertThat(result.value("integrity.mismatchedPages").orElseThrow()).isZero();
        double ttft = result.value("workload.ttft").orElseThrow();
        double parts = result.value("workload.ttft.tokenize").orElseThrow() + result.value("workload.ttft.prefill")
                .orElseThrow() + result.value("workload.ttft.transfer").orElseThrow()
                + result.value("workload.ttft.rebuild").orElseThrow();
        // consolidation overlaps the transfer: of it, only the first layer's registration (75 pages at
        // 60 ns, under dev_mutex -> rdma_sem -> buf_lock -> mr_lock) is on the critical path
        assertThat(ttft).isEqualTo(parts + 75 * 60);
        assertThat(result.value("workload.ttft.consolidate").orElseThrow()).isGreaterThanOrEqualTo(5 * 75 * 60);
        assertThat(result.value("workload.ttft.rebuild").orElseThrow()).isEqualTo(94.0 * chunks);
    }
}
