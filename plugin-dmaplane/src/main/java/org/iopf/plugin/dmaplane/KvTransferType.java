package org.iopf.plugin.dmaplane;

import java.util.List;
import org.iopf.api.platform.NodeRequirement;
import org.iopf.api.observe.StatisticSpec;
import org.iopf.api.platform.Parameter;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.Parameters;
import org.iopf.api.platform.Source;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadType;
import org.pf4j.Extension;

/**
 * Workload type {@code dmaplane-kv-transfer} (seed 004 §6, E10): disaggregated inference — the
 * prefill node tokenizes and runs prefill, consolidates each layer's KV cache for transfer
 * (export, attach, register), sends it in chunks by WRITE WITH IMMEDIATE (immediate = layer,
 * chunk seq) through a receive window, and the decode node rebuilds the tensor views. Reports the
 * time-to-first-token breakdown ({@code workload.ttft.*}, ns) and checks every byte.
 *
 * @since 0.1
 */
@Extension
public final class KvTransferType implements WorkloadType {
    private static final Source E10 = Source.seed("004", "§6.2 (E10)");
    private static final Source MODEL_SHAPE = Source.assumption("the shape of a 7B-parameter model: 32 layers of "
            + "32 heads of 128, fp16");

    static final Parameter<String> SOURCE = Parameter.node("source", "prefill node (sends the KV cache)")
            .byDefault("node1");
    static final Parameter<String> TARGET = Parameter.node("target", "decode node (receives it)").byDefault("node2");
    static final Parameter<Integer> LAYERS = Parameter.count("layers", "model layers").byDefault("32")
            .range(1, 32_768).from(Source.seed("004", "§6.1"));
    static final Parameter<Integer> KV_HEADS = Parameter.count("kvHeads", "key/value heads per layer")
            .byDefault("32").range(1, 1024).from(MODEL_SHAPE);
    static final Parameter<Integer> HEAD_DIM = Parameter.count("headDim", "dimension of one head").byDefault("128")
            .range(1, 4096).from(MODEL_SHAPE);
    static final Parameter<Integer> DTYPE_BYTES = Parameter.count("dtypeBytes", "bytes per element (fp16)")
            .byDefault("2").range(1, 8).from(MODEL_SHAPE);
    static final Parameter<Long> PROMPT_TOKENS = Parameter.integer("promptTokens",
            "prompt length: tokens whose K and V are transferred").byDefault("104").range(1, 1_048_576)
            .from(Source.calibrated("E10 (KV transfer 52.1 ms: 52 MiB of KV cache)", "dmaplane-kv-transfer"));
    static final Parameter<Long> CHUNK_SIZE = Parameter.bytes("chunkSize", "largest chunk of one layer's KV cache")
            .byDefault("4MiB").range("1B", "2GiB").from(Source.seed("004", "§6.1 (E10: 4 MiB chunks)"));
    static final Parameter<Integer> WINDOW = Parameter.count("window",
            "receive window: chunks in flight (credits of the connection)").byDefault("8").range(1, 65_536)
            .from(Source.seed("004", "§6.1"));
    static final Parameter<Long> TOKENIZE = Parameter.duration("tokenize",
            "CPU time of tokenization on the prefill node (a workload input)").byDefault("1.2ms").range("0ns", "100s")
            .from(E10);
    static final Parameter<Long> PREFILL = Parameter.duration("prefill",
            "GPU time of the prefill forward pass (a workload input)").byDefault("45.3ms").range("0ns", "100s")
            .from(E10);
    static final Parameter<Long> VIEW_COST = Parameter.duration("viewCost",
            "CPU time to build the tensor view of one received chunk").byDefault("94ns").range("0ns", "1ms")
            .from(Source.calibrated("E10 (rebuild 0.003 ms over 32 chunks)", "dmaplane-kv-transfer"));

    /** The TTFT phases, in the order {@link KvTransfer} measures them. */
    static final List<StatisticSpec> PHASES = List.of(
            StatisticSpec.gauge("ttft.tokenize", "ns", "request to tokens (CPU)"),
            StatisticSpec.gauge("ttft.prefill", "ns", "prefill forward pass (GPU)"),
            StatisticSpec.gauge("ttft.consolidate", "ns", "registering the KV cache, layer by layer"),
            StatisticSpec.gauge("ttft.transfer", "ns", "first chunk sent to last chunk landed"),
            StatisticSpec.gauge("ttft.rebuild", "ns", "last chunk landed to the tensor views rebuilt"));
    static final StatisticSpec TTFT = StatisticSpec.gauge("ttft", "ns", "request to first token: time to first token");
    static final StatisticSpec KV_CHUNKS = StatisticSpec.gauge("kv.chunks", "chunks", "chunks of the KV cache");
    static final StatisticSpec KV_REJECTED = StatisticSpec.gauge("kv.rejected", "chunks",
            "chunks the receiver refused (an immediate naming no expected layer and sequence)");
    static final List<StatisticSpec> STATISTICS = List.of(PHASES.get(0), PHASES.get(1), PHASES.get(2),
            PHASES.get(3), PHASES.get(4), TTFT, KV_CHUNKS, KV_REJECTED);

    /** Creates the type; found by PF4J or {@link java.util.ServiceLoader}. */
    public KvTransferType() {
    }

    @Override
    public String name() {
        return "dmaplane-kv-transfer";
    }

    @Override
    public String description() {
        return "KV-cache transfer from a prefill node to a decode node in chunks by WRITE WITH IMMEDIATE, "
                + "TTFT breakdown (seed 004 §6, E10)";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return Parameter.specs(SOURCE, TARGET, LAYERS, KV_HEADS, HEAD_DIM, DTYPE_BYTES, PROMPT_TOKENS, CHUNK_SIZE, WINDOW, TOKENIZE,
                PREFILL, VIEW_COST);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return STATISTICS;
    }

    /** A {@code dmaplane} on both nodes, each holding the whole KV cache (the layers, the region). */
    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        long bytes = KvLayout.of(parameters).totalBytes();
        return List.of(DmaplaneRequirements.dmaplane(SOURCE.name(), "sends the KV cache from it").memory(bytes, 0),
                DmaplaneRequirements.dmaplane(TARGET.name(), "receives it there").memory(bytes, 0));
    }

    @Override
    public Workload create(WorkloadContext context) {
        return new KvTransfer(context);
    }
}
