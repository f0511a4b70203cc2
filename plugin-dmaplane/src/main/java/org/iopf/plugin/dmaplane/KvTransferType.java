package org.iopf.plugin.dmaplane;

import java.util.List;
import org.iopf.api.platform.NodeRequirement;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.ParameterType;
import org.iopf.api.platform.Parameters;
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
        return List.of(
                ParameterSpec.of("source", ParameterType.NODE, "node1", "prefill node (sends the KV cache)", ""),
                ParameterSpec.of("target", ParameterType.NODE, "node2", "decode node (receives it)", ""),
                ParameterSpec.of("layers", ParameterType.INTEGER, "32", "model layers", "seed 004 §6.1")
                        .range(1, 32_768),
                ParameterSpec.of("kvHeads", ParameterType.INTEGER, "32", "key/value heads per layer", "")
                        .range(1, 1024),
                ParameterSpec.of("headDim", ParameterType.INTEGER, "128", "dimension of one head", "").range(1, 4096),
                ParameterSpec.of("dtypeBytes", ParameterType.INTEGER, "2", "bytes per element (fp16)", "").range(1, 8),
                ParameterSpec.of("promptTokens", ParameterType.INTEGER, "104",
                        "prompt length: tokens whose K and V are transferred", "").range(1, 1_048_576),
                ParameterSpec.of("chunkSize", ParameterType.BYTES, "4MiB", "largest chunk of one layer's KV cache",
                        "seed 004 §6.1, E10").range("1B", "2GiB"),
                ParameterSpec.of("window", ParameterType.INTEGER, "8",
                        "receive window: chunks in flight (credits of the connection)", "seed 004 §6.1")
                        .range(1, 65_536),
                ParameterSpec.of("tokenize", ParameterType.DURATION, "1.2ms",
                        "CPU time of tokenization on the prefill node (a workload input)", "seed 004 §6.2, E10")
                        .range("0ns", "100s"),
                ParameterSpec.of("prefill", ParameterType.DURATION, "45.3ms",
                        "GPU time of the prefill forward pass (a workload input)", "seed 004 §6.2, E10")
                        .range("0ns", "100s"),
                ParameterSpec.of("viewCost", ParameterType.DURATION, "94ns",
                        "CPU time to build the tensor view of one received chunk", "seed 004 §6.2")
                        .range("0ns", "1ms"));
    }

    /** A {@code dmaplane} on both nodes, each holding the whole KV cache (the layers, the region). */
    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        long bytes = KvLayout.of(parameters).totalBytes();
        return List.of(DmaplaneRequirements.dmaplane("source", "sends the KV cache from it").memory(bytes, 0),
                DmaplaneRequirements.dmaplane("target", "receives it there").memory(bytes, 0));
    }

    @Override
    public Workload create(WorkloadContext context) {
        return new KvTransfer(context);
    }
}
