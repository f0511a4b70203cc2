package org.iopf.plugin.ethernetbackupring;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.FaultInResult;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.Payload;
import org.iopf.api.mem.PhysicalMemory;
import org.iopf.api.mem.PinResult;
import org.iopf.api.nic.Nic;
import org.iopf.api.observe.Counter;
import org.iopf.api.platform.Node;
import org.iopf.api.platform.Parameters;
import org.iopf.api.platform.PlatformCapacityException;
import org.iopf.api.sim.CpuCore;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadOutcome;
import org.iopf.toolkit.workload.WorkloadMetrics;

/**
 * One TCP-like stream of {@code bytes} from the source node's {@code eth-nic} into an rx buffer of
 * {@code bufferSize} on the target node, received in {@code mode}, with a cold-ring
 * {@code trigger}. The bytes in the user buffer are compared with the stream's content: every
 * delivery as it happens ({@code verify: delivery}), or the last {@code bufferSize} bytes of the
 * stream, still in the buffer, at the end ({@code verify: final}; hashing generated content costs
 * wall time). With {@code trigger: cow} the receiving process forks at {@code triggerAt} (a
 * checkpoint): the child keeps a copy-on-write snapshot of the buffer until the stream ends, and
 * its pages are compared at the end with their fingerprints taken at the fork.
 */
final class EthStream implements Workload {
    private static final int FLOW = 1;

    private final WorkloadContext context;
    private final long total;
    private final long bufferSize;
    private final RxMode mode;
    private final ColdTrigger trigger;
    private final long triggerAt;
    private final int numaTarget;
    private final boolean verifyOnDelivery;
    private final RecoveryMeter meter;
    private final Counter bytes;
    private final Counter messages;
    private final Counter mismatched;
    private final Counter triggeredBytes;
    private final Counter childMismatched;
    private long cowFaultsAtFork = -1;
    private AddressSpace child;
    private long[] childFingerprints;
    private MemoryManager receiverMemory;
    private PhysicalMemory physical;
    private AddressSpace space;
    private RxBuffer buffer;
    private Payload content;
    private long lastDelivery;
    private long delivered;
    private TcpSender tcp;
    private RecoveryMeter.Recovery recovery;
    private long ringBytes;
    private CpuCore rxCore;
    private final ResidencyMeter residency = new ResidencyMeter();
    private final long sampleInterval;
    private long lastResidencySample;

    EthStream(WorkloadContext context) {
        this.context = Objects.requireNonNull(context, "context is null");
        Parameters p = context.parameters();
        this.total = p.get(EthStreamType.BYTES);
        this.bufferSize = p.get(EthStreamType.BUFFER_SIZE);
        this.mode = RxMode.of(p.get(EthStreamType.MODE));
        this.trigger = ColdTrigger.of(p.get(EthStreamType.TRIGGER));
        this.triggerAt = trigger == ColdTrigger.STARTUP || trigger == ColdTrigger.NONE ? 0
                : p.get(EthStreamType.TRIGGER_AT);
        this.numaTarget = p.get(EthStreamType.NUMA_TARGET);
        this.verifyOnDelivery = "delivery".equals(p.get(EthStreamType.VERIFY));
        this.sampleInterval = p.get(EthStreamType.SAMPLE_INTERVAL);
        this.meter = new RecoveryMeter(sampleInterval);
        this.bytes = context.metrics().counter(WorkloadMetrics.BYTES, WorkloadMetrics.BYTES_UNIT);
        this.messages = context.metrics().counter("messages", "deliveries");
        this.mismatched = context.metrics().counter(WorkloadMetrics.MISMATCHED_PAGES, WorkloadMetrics.PAGES);
        this.triggeredBytes = EthStreamType.TRIGGER_BYTES.counter(context.metrics());
        this.childMismatched = EthStreamType.CHILD_MISMATCHED_PAGES.counter(context.metrics());
        if (trigger == ColdTrigger.COW) {
            EthStreamType.COW_FAULTS.gauge(context.metrics(),
                    () -> cowFaultsAtFork < 0 ? 0 : receiverMemory.stats().cowFaults() - cowFaultsAtFork);
        }
        context.metrics().counter(WorkloadMetrics.ERRORS, WorkloadMetrics.OPERATIONS);
        context.metrics().gauge(WorkloadMetrics.ELAPSED, WorkloadMetrics.NANOSECONDS, () -> lastDelivery);
        EthStreamType.RECOVERY.gauge(context.metrics(), () -> recovery().nanos());
        EthStreamType.COLD_THROUGHPUT.gauge(context.metrics(), () -> recovery().coldBitsPerSecond());
        EthStreamType.STEADY_THROUGHPUT.gauge(context.metrics(), () -> recovery().steadyBitsPerSecond());
        EthStreamType.THROUGHPUT_DROP_PERCENT.gauge(context.metrics(), () -> recovery().dropPercent());
        EthStreamType.STEADY_RX_CPU_PERMILLE.gauge(context.metrics(),
                () -> meter.steadyCorePermille(triggerAt, lastDelivery));
        EthStreamType.RX_BUFFER_BYTES.gauge(context.metrics(), () -> bufferSize);
        EthStreamType.BACKUP_RING_BYTES.gauge(context.metrics(), () -> ringBytes);
        EthStreamType.PEAK_RESIDENT_BYTES.gauge(context.metrics(), residency::peakBytes);
        EthStreamType.MEAN_RESIDENT_BYTES.gauge(context.metrics(), residency::meanBytes);
        EthStreamType.RING_OVERHEAD_PERCENT.gauge(context.metrics(),
                () -> Math.round(100.0 * ringBytes / bufferSize));
    }

    @Override
    public void start() {
        Parameters p = context.parameters();
        Node source = context.requireNode(p.get(EthStreamType.SOURCE));
        Node target = context.requireNode(p.get(EthStreamType.TARGET));
        EthernetNic sender = ethernetNic(p.get(EthStreamType.SOURCE));
        EthernetNic receiver = ethernetNic(p.get(EthStreamType.TARGET));
        receiverMemory = target.memoryManager();
        physical = receiverMemory.physicalMemory();
        space = receiverMemory.createAddressSpace("eth-receiver");
        long base = receiverMemory.mmap(space, bufferSize, MapOptions.DEFAULT);
        buffer = new RxBuffer(space, base, bufferSize);
        prepare();
        content = source.memoryManager().physicalMemory().generated(context.random().nextLong(), total);
        receiver.openReceiver(FLOW, mode, buffer, total, this::delivered);
        rxCore = receiver.rxCore();
        if (receiver.backupRing() != null) {
            ringBytes = receiver.backupRing().bytes();
        }
        tcp = sender.openSender(FLOW, receiver.endpoint(), content, bufferSize);
        tcp.onGiveUp(context::finish);
        if (trigger.actsDuringTraffic()) {
            context.scheduler().schedule(triggerAt, this::act);
        }
        sampleResidency();
    }

    /**
     * Samples the memory the receive holds: at the start, at most once a sampleInterval as bytes
     * are delivered (pages become resident just before the bytes that land in them), around the
     * trigger and at the end. No timer of its own, so a stalled stream still drains the event queue.
     */
    private void sampleResidency() {
        long now = context.scheduler().now();
        residency.sample(now, residentBytes());
        lastResidencySample = now;
    }

    /**
     * The rx buffer's resident pages plus the pinned backup ring. The receiving process maps
     * nothing but the buffer, so its resident bytes are the buffer's.
     */
    private long residentBytes() {
        return space.residentBytes() + ringBytes;
    }

    /** The NIC a node parameter names: the node's default NIC, or {@code node/nic1}. */
    private EthernetNic ethernetNic(String reference) {
        Nic nic = context.requireComponent(reference, Nic.class);
        if (!(nic instanceof EthernetNic eth)) {
            throw new IllegalArgumentException("eth-stream needs an eth-nic at '" + reference + "', not "
                    + nic.getClass().getSimpleName());
        }
        return eth;
    }

    /** Makes the rx buffer pinned, resident or untouched, as the mode and trigger ask. */
    private void prepare() {
        if (mode == RxMode.PINNED) {
            PinResult pinned = receiverMemory.pin(space, buffer.base(), bufferSize);
            if (pinned != PinResult.PINNED) {
                throw new IllegalStateException("cannot pin the " + bufferSize + " B rx buffer: " + pinned);
            }
        } else if (trigger.residentAtStart()) {
            for (long va = buffer.base(); va < buffer.base() + bufferSize; va += 4096) {
                FaultInResult r = receiverMemory.faultInNow(space, va, Access.WRITE);
                if (r != FaultInResult.ZERO_FILLED && r != FaultInResult.ALREADY_PRESENT) {
                    throw new PlatformCapacityException("cannot make the " + bufferSize + " B rx buffer resident in "
                            + physical.name() + " (" + physical.size() + " B): " + r
                            + "; expected more memory on the target node or a smaller bufferSize");
                }
            }
        }
    }

    /** The trigger acts on the resident rx buffer while traffic runs. */
    private void act() {
        sampleResidency();
        long moved = switch (trigger) {
            case SWAP -> receiverMemory.reclaim(bufferSize);
            case COW -> fork();
            case NUMA_MIGRATION -> {
                if (physical.topology().nodeCount() <= numaTarget) {
                    throw new IllegalArgumentException("numa-migration needs NUMA node " + numaTarget
                            + " on the target node; it has " + physical.topology().nodeCount());
                }
                yield receiverMemory.migrate(space, buffer.base(), bufferSize, numaTarget);
            }
            default -> 0;
        };
        triggeredBytes.add(moved);
        sampleResidency();
    }

    /**
     * The receiving process forks: returns the bytes of the rx buffer that became copy-on-write
     * (resident and no longer writable), and records the child's page fingerprints.
     */
    private long fork() {
        cowFaultsAtFork = receiverMemory.stats().cowFaults();
        child = receiverMemory.requireCopyOnWriteFork().fork(space, "eth-receiver-checkpoint");
        int pages = (int) (bufferSize / 4096);
        childFingerprints = new long[pages];
        long shared = 0;
        for (int i = 0; i < pages; i++) {
            long va = buffer.base() + i * 4096L;
            var entry = space.entry(va).orElse(null);
            if (entry != null && entry.present() && !entry.writable()) {
                shared += 4096;
            }
            OptionalLong pa = receiverMemory.translate(child, va, Access.READ);
            childFingerprints[i] = pa.isEmpty() ? 0 : physical.fingerprint(pa.getAsLong(), 4096);
        }
        return shared;
    }

    /** The child's snapshot is unchanged since the fork (no write of the parent or the NIC reached it); then it exits. */
    private void checkChild() {
        for (int i = 0; i < childFingerprints.length; i++) {
            OptionalLong pa = receiverMemory.translate(child, buffer.base() + i * 4096L, Access.READ);
            long now = pa.isEmpty() ? 0 : physical.fingerprint(pa.getAsLong(), 4096);
            if (now != childFingerprints[i]) {
                childMismatched.increment();
            }
        }
        receiverMemory.munmap(child, buffer.base(), bufferSize);
    }

    private void delivered(long seq, long length) {
        long now = context.scheduler().now();
        bytes.add(length);
        messages.increment();
        meter.record(now, length, rxCore.busyNanos());
        if (now - lastResidencySample >= sampleInterval) {
            sampleResidency();
        }
        lastDelivery = now;
        delivered = seq + length;
        if (verifyOnDelivery) {
            check(seq, length);
        }
        context.progress(seq + length, total);
        if (seq + length >= total) {
            sampleResidency();
            recovery = meter.recovery(triggerAt, now);
            if (!verifyOnDelivery) {
                long kept = Math.min(total, bufferSize);
                check(total - kept, kept);
            }
            if (child != null) {
                checkChild();
            }
            context.finish();
        }
    }

    /**
     * The stream's bytes, of which those delivered in order to the application; problem: a stream
     * that stopped short, with the sender's first unacknowledged byte, or whose connection gave up
     * (tcp_retries2) and when.
     */
    @Override
    public Optional<WorkloadOutcome> outcome() {
        WorkloadOutcome outcome = WorkloadOutcome.of(total, delivered, "bytes");
        if (delivered >= total) {
            return Optional.of(outcome);
        }
        if (tcp.gaveUpAt() >= 0) {
            return Optional.of(outcome.withProblem(String.format("the connection gave up at %.6f s (tcp_retries2 "
                    + "%d, as Linux tcp_write_timeout): byte %d was never acknowledged; %d bytes delivered",
                    tcp.gaveUpAt() / 1e9, tcp.retries2(),
                    tcp.unacknowledged(), delivered)));
        }
        return Optional.of(outcome.withProblem("the stream stopped after "
                + delivered + " bytes delivered; the sender waits for an ACK of byte " + tcp.unacknowledged()));
    }

    /** Compares the delivered bytes in the user buffer with the stream, page piece by page piece. */
    private void check(long seq, long length) {
        buffer.forEachPiece(seq, length, (va, pageVa, offset, n) -> {
            OptionalLong pa = receiverMemory.translate(space, va, Access.READ);
            if (pa.isEmpty()) {
                receiverMemory.faultInNow(space, va, Access.READ); // the application touches its data
                pa = receiverMemory.translate(space, va, Access.READ);
            }
            if (pa.isEmpty() || !physical.holds(pa.getAsLong(), content.slice(seq + offset, n))) {
                mismatched.increment();
            }
        });
    }

    private RecoveryMeter.Recovery recovery() {
        return recovery != null ? recovery : meter.recovery(triggerAt, lastDelivery);
    }
}
