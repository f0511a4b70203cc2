package org.iopf.plugin.dmaplane;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.iopf.api.buffer.AllocationMode;
import org.iopf.api.buffer.AllocationResult;
import org.iopf.api.buffer.BufferSpec;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.NumaPolicy;
import org.iopf.api.platform.Node;
import org.iopf.api.sim.CpuCore;
import org.iopf.api.sim.WorkPriority;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadOutcome;
import org.iopf.toolkit.workload.WorkloadMeter;

/**
 * The E5 measurement: four runs one after the other (small local, small remote, large local, large
 * remote), each on a fresh buffer placed with {@link NumaPolicy#STRICT_LOCAL} on its NUMA node and
 * streamed by one thread {@code warmupPasses} times untimed and then {@code passes} times timed,
 * every chunk's time taken from the memory-system model (cache hits, local or remote line fills).
 * Once the cache is warm every pass costs the same, so the figure does not depend on the count.
 */
final class NumaBandwidth implements Workload {
    private final WorkloadContext context;
    private final long smallSize;
    private final long largeSize;
    private final int passes;
    private final int warmupPasses;
    private long timedFrom;
    private final int cpuNode;
    private final int remoteNode;
    private final long chunk;
    private final WorkloadMeter meter;
    private final long[] bandwidth = new long[4];
    private final List<Run> runs = new ArrayList<>();
    private Dmaplane device;
    private AddressSpace space;
    private CpuCore core;

    private record Run(String name, long size, int memoryNode) {
    }

    NumaBandwidth(WorkloadContext context) {
        this.context = Objects.requireNonNull(context, "context is null");
        this.smallSize = context.parameters().get(NumaBandwidthType.SMALL_SIZE);
        this.largeSize = context.parameters().get(NumaBandwidthType.LARGE_SIZE);
        this.passes = context.parameters().get(NumaBandwidthType.PASSES);
        this.warmupPasses = context.parameters().get(NumaBandwidthType.WARMUP_PASSES);
        this.cpuNode = context.parameters().get(NumaBandwidthType.CPU_NODE);
        this.remoteNode = context.parameters().get(NumaBandwidthType.REMOTE_NODE);
        this.chunk = context.parameters().get(NumaBandwidthType.CHUNK);
        if (cpuNode == remoteNode) {
            throw new IllegalArgumentException("cpuNode (" + cpuNode + ") and remoteNode (" + remoteNode
                    + ") must be distinct NUMA nodes");
        }
        runs.add(new Run("small.local", smallSize, cpuNode));
        runs.add(new Run("small.remote", smallSize, remoteNode));
        runs.add(new Run("large.local", largeSize, cpuNode));
        runs.add(new Run("large.remote", largeSize, remoteNode));
        this.meter = WorkloadMeter.of(context, runs.size());
        for (int i = 0; i < runs.size(); i++) {
            int k = i;
            NumaBandwidthType.BANDWIDTHS.get(i).gauge(context.metrics(), () -> bandwidth[k]);
        }
        NumaBandwidthType.PENALTY_SMALL.gauge(context.metrics(), () -> penalty(0, 1));
        NumaBandwidthType.PENALTY_LARGE.gauge(context.metrics(), () -> penalty(2, 3));
    }

    private long penalty(int local, int remote) {
        return bandwidth[local] == 0 ? 0 : Math.round(1e6 * (bandwidth[local] - bandwidth[remote]) / bandwidth[local]);
    }

    @Override
    public void start() {
        Node node = context.requireNode(context.parameters().get(NumaBandwidthType.NODE));
        device = Dmaplane.of(node);
        int nodes = node.memoryManager().physicalMemory().topology().nodeCount();
        if (cpuNode >= nodes || remoteNode >= nodes) {
            throw new IllegalArgumentException("cpuNode and remoteNode must be NUMA nodes of " + node.id() + " (0.."
                    + (nodes - 1) + ")");
        }
        space = node.memoryManager().createAddressSpace("numa-bandwidth");
        core = node.resources().cores().get(0);
        meter.start();
        runNext(0);
    }

    /** The four bandwidth measurements (small and large, local and remote), of which those measured. */
    @Override
    public Optional<WorkloadOutcome> outcome() {
        return Optional.of(meter.outcome("measurements"));
    }

    private void runNext(int index) {
        if (index == runs.size()) {
            context.finish();
            return;
        }
        Run run = runs.get(index);
        AllocationResult result = device.allocate(space,
                new BufferSpec(run.size(), AllocationMode.PAGES, run.memoryNode(), NumaPolicy.STRICT_LOCAL, false));
        if (!(result instanceof AllocationResult.Allocated allocated)) {
            meter.failed();
            runNext(index + 1);
            return;
        }
        DmaplaneBuffer buffer = (DmaplaneBuffer) allocated.buffer();
        stream(buffer, 0, 0, () -> {
            long elapsed = context.scheduler().now() - timedFrom;
            long bytes = run.size() * passes;
            bandwidth[index] = Math.round(bytes * 8.0 * 1e9 / elapsed);
            device.release(buffer);
            meter.succeeded(bytes);
            runNext(index + 1);
        });
    }

    private void stream(DmaplaneBuffer buffer, int pass, long offset, Runnable done) {
        if (pass == warmupPasses && offset == 0) {
            timedFrom = context.scheduler().now();
        }
        if (pass == warmupPasses + passes) {
            done.run();
            return;
        }
        long length = Math.min(chunk, buffer.size() - offset);
        MemoryAccessCost cost = device.memorySystem().access(cpuNode, buffer.owner(), buffer.address() + offset, length);
        device.memorySystem().spend(core, "dmaplane/stream", WorkPriority.USER, cost, 0, () -> {
            long next = offset + length;
            if (next >= buffer.size()) {
                stream(buffer, pass + 1, 0, done);
            } else {
                stream(buffer, pass, next, done);
            }
        });
    }
}
