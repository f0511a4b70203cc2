package org.iopf.plugin.hmm.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.FaultInResult;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.observe.Counter;
import org.iopf.api.platform.Parameters;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadOutcome;
import org.iopf.plugin.hmm.HmmDevice;
import org.iopf.toolkit.workload.WorkloadMetrics;

/**
 * The {@code hmm-ping-pong} run. The hot ranges are drawn once from the workload's random stream
 * and used on every node. Figures under {@code workload.<node>.}: {@code faultBacks} (pages the
 * CPU's touches migrated back), {@code cpuStall} (ns the CPU waited on its touches, summed),
 * {@code pcieBytes} (bytes over the device's PCIe link) and {@code elapsed} (ns); and
 * {@code workload.errors}, {@code workload.integrity.mismatchedPages}. Its outcome counts
 * {@code rounds} rounds on every node.
 */
final class PingPong implements Workload {
    /** Bytes at the start of the buffer holding generated content; the rest is touched zeros. */
    private static final long FILLED = 16L << 20;

    private final WorkloadContext context;
    private final long size;
    private final long granule;
    private final int rounds;
    private final long seed;
    private final List<String> nodes = new ArrayList<>();
    private final List<Run> runs = new ArrayList<>();
    private final TreeSet<Long> hot = new TreeSet<>();
    private final Counter errors;
    private final Counter mismatched;
    private int running;

    PingPong(WorkloadContext context) {
        this.context = context;
        Parameters p = context.parameters();
        this.size = p.get(PingPongType.SIZE);
        this.granule = p.get(PingPongType.GRANULE);
        this.rounds = p.get(PingPongType.ROUNDS);
        this.seed = p.get(PingPongType.SEED);
        double fraction = p.get(PingPongType.HOT_FRACTION);
        if (size <= 0 || granule <= 0 || size % granule != 0 || rounds < 1 || fraction < 0 || fraction > 1) {
            throw new IllegalArgumentException("hmm-ping-pong: size must be a positive multiple of granule, rounds >= 1, "
                    + "hotFraction in [0, 1]");
        }
        nodes.add(p.get(PingPongType.NODE));
        String compare = p.get(PingPongType.COMPARE_NODE);
        if (!compare.isEmpty()) {
            if (context.node(compare).isEmpty()) {
                throw new IllegalArgumentException("hmm-ping-pong: compareNode '" + compare + "' is not a node; "
                        + "nodes are " + context.nodes().stream().map(n -> n.id().name()).toList());
            }
            nodes.add(compare);
        }
        long granules = size / granule;
        long hotCount = Math.round(granules * fraction);
        while (hot.size() < hotCount) {
            hot.add(context.random().nextLong(granules));
        }
        this.errors = context.metrics().counter(WorkloadMetrics.ERRORS, WorkloadMetrics.OPERATIONS);
        this.mismatched = context.metrics().counter(WorkloadMetrics.MISMATCHED_PAGES, WorkloadMetrics.PAGES);
        for (String node : nodes) {
            runs.add(new Run(node)); // finds each node's device now: a bad node is refused before any event
        }
    }

    /** The rounds asked of every node, of which those that ended without an error. */
    @Override
    public Optional<WorkloadOutcome> outcome() {
        long requested = 0;
        long completed = 0;
        List<String> problems = new ArrayList<>();
        for (Run run : runs) {
            WorkloadOutcome o = run.steps.outcome();
            requested += o.requested();
            completed += o.completed();
            problems.addAll(o.problems());
        }
        return Optional.of(new WorkloadOutcome(requested, completed, "rounds", problems));
    }

    @Override
    public void start() {
        running = runs.size();
        for (Run run : runs) {
            run.start();
        }
    }

    /** The adversary on one node. */
    private final class Run {
        private final HmmDevice device;
        private final MemoryManager memory;
        private final long[] figures = new long[4];
        private final String node;
        private final Steps steps;
        private long runErrors;
        private AddressSpace space;
        private HostContent content;
        private long buffer;
        private int round;
        private long faultBacksBefore;

        Run(String node) {
            this.node = node;
            this.steps = new Steps(rounds, "rounds", () -> runErrors);
            this.device = Devices.require(context, node);
            this.memory = context.requireNode(node).memoryManager();
            for (int i = 0; i < PingPongType.STATISTICS.size(); i++) {
                int k = i;
                PingPongType.STATISTICS.get(i).gauge(context.metrics(), () -> figures[k], node);
            }
        }

        void start() {
            space = memory.createAddressSpace("ping-pong");
            buffer = Devices.buffer(device, space, size);
            content = new HostContent(memory, space, seed, Math.min(size, FILLED),
                    Devices.zeroReference(memory, space));
            if (!content.populate(buffer, size)) {
                error(1);
                steps.stopped(node + ": the host could not populate the buffer (a page could not be faulted in)");
                content = null;
                done();
                return;
            }
            faultBacksBefore = device.faultBacks();
            deviceRound();
        }

        private void deviceRound() {
            device.migrateToDevice(space, buffer, size, m -> device.compute(space, buffer, buffer, size, c -> {
                error(c.errors());
                cpuRound(new ArrayList<>(hot), 0);
            }));
        }

        private void cpuRound(List<Long> ranges, int next) {
            if (next == ranges.size()) {
                steps.ended();
                if (++round < rounds) {
                    deviceRound();
                } else {
                    done();
                }
                return;
            }
            long va = buffer + ranges.get(next) * granule;
            long asked = context.scheduler().now();
            memory.faultIn(space, va, Access.READ, r -> {
                figures[1] += context.scheduler().now() - asked;
                if (r.result() == FaultInResult.OUT_OF_MEMORY || r.result() == FaultInResult.DEVICE_PRIVATE) {
                    error(1);
                }
                cpuRound(ranges, next + 1);
            });
        }

        private void error(long count) {
            errors.add(count);
            runErrors += count;
        }

        /** Takes the figures, then checks the buffer (the check's own fault-backs are not counted). */
        private void done() {
            figures[0] = device.faultBacks() - faultBacksBefore;
            figures[2] = device.pcieBytes();
            figures[3] = context.scheduler().now();
            if (content != null && round > 0) {
                mismatched.add(content.mismatchedPages(buffer, size));
            }
            if (--running == 0) {
                context.finish();
            }
        }
    }
}
