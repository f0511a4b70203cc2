package org.iopf.plugin.dmaplane;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.iopf.api.buffer.AllocationMode;
import org.iopf.api.buffer.BufferSpec;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.NumaPolicy;
import org.iopf.api.nic.CompletionStatus;
import org.iopf.api.platform.Node;
import org.iopf.api.platform.Parameters;
import org.iopf.api.sim.CpuCore;
import org.iopf.api.sim.Time;
import org.iopf.api.sim.WorkPriority;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadOutcome;
import org.iopf.toolkit.workload.WorkloadMeter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The E10 request: tokenize (CPU) → prefill (GPU) → per layer, consolidate (register the layer's
 * buffer with the RDMA engine) and queue its chunks → the connection sends them under the receive
 * window → the decode node takes each chunk's (layer, seq) from its immediate → once all are in,
 * it rebuilds the tensor views (CPU, per chunk). Consolidation of layer l+1 overlaps the transfer of
 * layer l. Measured: consolidate (first to last registration), transfer (first post queued to the
 * last chunk landed), rebuild, and the time to first token from the request's arrival.
 */
final class KvTransfer implements Workload {
    private static final Logger LOG = LoggerFactory.getLogger(KvTransfer.class);

    private final WorkloadContext context;
    private final KvLayout layout;
    private final int window;
    private final long tokenize;
    private final long prefill;
    private final long viewCost;
    private final WorkloadMeter meter;
    private final long[] phases = new long[6];
    private final List<RegisteredBuffer> registered = new ArrayList<>();
    private final List<DmaplaneBuffer> layerBuffers = new ArrayList<>();
    private Dmaplane source;
    private Dmaplane target;
    private RegisteredBuffer receiveRegion;
    private RdmaConnection out;
    private RdmaConnection in;
    private KvReassembly reassembly;
    private CpuCore sourceCore;
    private CpuCore targetCore;
    private long requestAt;
    private long consolidateStart;
    private long transferStart = -1;
    private boolean rebuilt;
    private List<KvTensorView> views = List.of();

    KvTransfer(WorkloadContext context) {
        this.context = Objects.requireNonNull(context, "context is null");
        Parameters p = context.parameters();
        this.layout = KvLayout.of(p);
        this.window = p.get(KvTransferType.WINDOW);
        this.tokenize = p.get(KvTransferType.TOKENIZE);
        this.prefill = p.get(KvTransferType.PREFILL);
        this.viewCost = p.get(KvTransferType.VIEW_COST);
        this.meter = WorkloadMeter.of(context, layout.chunks());
        for (int i = 0; i < KvTransferType.PHASES.size(); i++) {
            int k = i;
            KvTransferType.PHASES.get(i).gauge(context.metrics(), () -> phases[k]);
        }
        KvTransferType.TTFT.gauge(context.metrics(), () -> phases[5]);
        KvTransferType.KV_CHUNKS.gauge(context.metrics(), layout::chunks);
        KvTransferType.KV_REJECTED.gauge(context.metrics(), () -> reassembly == null ? 0 : reassembly.rejected());
    }

    @Override
    public void start() {
        Node sourceNode = context.requireNode(context.parameters().get(KvTransferType.SOURCE));
        Node targetNode = context.requireNode(context.parameters().get(KvTransferType.TARGET));
        source = Dmaplane.of(sourceNode);
        target = Dmaplane.of(targetNode);
        sourceCore = applicationCore(sourceNode);
        targetCore = applicationCore(targetNode);
        AddressSpace prefillProcess = sourceNode.memoryManager().createAddressSpace("prefill");
        AddressSpace decodeProcess = targetNode.memoryManager().createAddressSpace("decode");
        int sourceNuma = source.values().numaNode();
        for (int l = 0; l < layout.layers(); l++) {
            DmaplaneBuffer b = (DmaplaneBuffer) source.allocate(prefillProcess, new BufferSpec(layout.layerBytes(),
                    AllocationMode.PAGES, sourceNuma, NumaPolicy.NEAREST, false)).requireBuffer();
            sourceNode.memoryManager().fill(prefillProcess, b.address(), layout.layerBytes(), context.random().nextLong());
            layerBuffers.add(b);
        }
        DmaplaneBuffer region = (DmaplaneBuffer) target.allocate(decodeProcess, new BufferSpec(layout.totalBytes(),
                AllocationMode.PAGES, target.values().numaNode(), NumaPolicy.NEAREST, false)).requireBuffer();
        Object reg = target.rdma().registerNow(region, true);
        if (!(reg instanceof RegisteredBuffer r)) {
            throw new IllegalStateException("cannot register the decode node's KV region: " + reg);
        }
        receiveRegion = r;
        reassembly = new KvReassembly(layout);
        out = source.rdma().open(prefillProcess, window);
        in = target.rdma().open(decodeProcess, window);
        RdmaConnection.connect(out, in);
        in.onReceive(this::received);

        requestAt = context.scheduler().now();
        meter.start();
        sourceCore.run("kv/tokenize", WorkPriority.USER, tokenize, () -> {
            phases[0] = context.scheduler().now() - requestAt;
            long prefillStart = context.scheduler().now();
            context.scheduler().schedule(prefill, () -> {
                phases[1] = context.scheduler().now() - prefillStart;
                consolidate();
            });
        });
    }

    /** The application's core: the second one, so that it does not share the RDMA engine's kernel thread. */
    private static CpuCore applicationCore(Node node) {
        List<CpuCore> cores = node.resources().cores();
        return cores.get(1 % cores.size());
    }

    private void consolidate() {
        consolidateStart = context.scheduler().now();
        for (int l = 0; l < layout.layers(); l++) {
            int layer = l;
            source.rdma().register(layerBuffers.get(l), false, r -> {
                registered.add(r);
                if (registered.size() == layout.layers()) {
                    phases[2] = context.scheduler().now() - consolidateStart;
                }
                send(layer, r);
            }, reason -> {
                LOG.warn("layer {} not registered: {}", layer, reason);
                for (int s = 0; s < layout.chunksPerLayer(); s++) {
                    meter.failed();
                }
            });
        }
    }

    private void send(int layer, RegisteredBuffer local) {
        if (transferStart < 0) {
            transferStart = context.scheduler().now();
        }
        for (int seq = 0; seq < layout.chunksPerLayer(); seq++) {
            long length = layout.chunkLength(seq);
            out.submit(new RdmaTransfer(local, layout.chunkOffset(seq), length, receiveRegion,
                    layout.layerOffset(layer) + layout.chunkOffset(seq), new KvChunkId(layer, seq).immediate(),
                    status -> sent(status, length)));
        }
    }

    /**
     * The chunks asked for, of which those sent successfully; problems: either end's queue pair in
     * ERROR, chunks never posted or never completed, and a decode node that never rebuilt its views.
     */
    @Override
    public Optional<WorkloadOutcome> outcome() {
        WorkloadOutcome outcome = in.explain(out.explain(meter.outcome("chunks"), "chunks"), "credit updates");
        return Optional.of(rebuilt ? outcome : outcome.withProblem("the decode node rebuilt no tensor views: "
                + reassembly.received() + " of " + layout.chunks() + " chunks arrived"));
    }

    private void sent(CompletionStatus status, long length) {
        if (status == CompletionStatus.SUCCESS) {
            meter.succeeded(length);
        } else {
            meter.failed();
        }
        finishWhenDone();
    }

    /** The run ends once every chunk's send completion is in and the views are rebuilt (or a chunk failed). */
    private void finishWhenDone() {
        if (meter.isDone() && (rebuilt || meter.errors() > 0)) {
            context.finish();
        }
    }

    private void received(int immediate, long length) {
        reassembly.accept(immediate, length);
        if (!reassembly.isComplete()) {
            return;
        }
        long landed = context.scheduler().now();
        phases[3] = landed - transferStart;
        targetCore.run("kv/rebuild", WorkPriority.USER, viewCost * reassembly.received(), () -> {
            views = reassembly.rebuild(receiveRegion.buffer().address());
            phases[4] = context.scheduler().now() - landed;
            phases[5] = context.scheduler().now() - requestAt;
            long mismatched = 0;
            for (int l = 0; l < layout.layers(); l++) {
                mismatched += BufferIntegrity.mismatchedPages(source.memory(), layerBuffers.get(l), 0, target.memory(),
                        receiveRegion.buffer(), layout.layerOffset(l), layout.layerBytes());
            }
            meter.mismatched(mismatched);
            if (LOG.isInfoEnabled()) {
                LOG.info(String.format(Locale.ROOT, "TTFT breakdown: tokenize %s, prefill %s, KV consolidate %s, KV "
                        + "transfer %s, rebuild %s, TTFT %s (%d chunks, %d views)", Time.format(phases[0]),
                        Time.format(phases[1]), Time.format(phases[2]), Time.format(phases[3]), Time.format(phases[4]),
                        Time.format(phases[5]), layout.chunks(), views.size()));
            }
            rebuilt = true;
            finishWhenDone();
        });
    }

    /** The views rebuilt at the end, for tests. */
    List<KvTensorView> views() {
        return views;
    }
}
