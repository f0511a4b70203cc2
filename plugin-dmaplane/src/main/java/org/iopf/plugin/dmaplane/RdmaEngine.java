package org.iopf.plugin.dmaplane;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.random.RandomGenerator;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.iopf.api.buffer.AllocationMode;
import org.iopf.api.buffer.BufferSpec;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.NumaPolicy;
import org.iopf.api.mem.PageSize;
import org.iopf.api.nic.CompletionQueue;
import org.iopf.api.nic.MemoryRegion;
import org.iopf.api.nic.Nic;
import org.iopf.api.nic.ProtectionDomain;
import org.iopf.api.nic.QueuePair;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.nic.RegistrationResult;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Metrics;
import org.iopf.api.observe.Tracer;
import org.iopf.api.sim.CpuCore;
import org.iopf.api.sim.Scheduler;
import org.iopf.api.sim.ServiceTime;
import org.iopf.api.sim.WorkPriority;

/**
 * The RDMA engine of seed 004 §4 (E6): kernel verbs over a NIC (the node's NIC component, or the
 * built-in Soft-RoCE transport): a protection domain per process, memory regions registered from
 * dmaplane buffers (export, attach with the engine's own SG table, register; under dev_mutex → rdma_sem →
 * buf_lock → mr_lock, costing CPU time per page), and credited connections. Its kernel thread (post
 * and poll work) runs on one core. Counts posts, completions, flow stalls and errors.
 */
final class RdmaEngine {
    /**
     * The locks a registration takes, the whole hierarchy: the ioctl's device mutex, then the RDMA
     * semaphore, the buffer's lock and the MR lock.
     */
    static final List<LockClass> REGISTRATION_PATH =
            List.of(LockClass.DEV_MUTEX, LockClass.RDMA_SEM, LockClass.BUF_LOCK, LockClass.MR_LOCK);

    private final String track;
    private final String importer;
    private final Nic nic;
    private final String transport;
    private final DmaplaneBufferManager buffers;
    private final LockOrderChecker locks;
    private final CpuCore core;
    private final Scheduler scheduler;
    private final Tracer tracer;
    private final ServiceTime postCost;
    private final ServiceTime pollCost;
    /** Draws the post and poll times; a constant draws nothing. */
    private final RandomGenerator random;
    private final long registrationCost;
    private final Map<Integer, ProtectionDomain> domains = new TreeMap<>();
    private final List<RdmaConnection> connections = new ArrayList<>();
    private final Counter posts;
    private final Counter completions;
    private final Counter stalls;
    private final Counter errors;
    private final Counter registrations;
    private long nextRegistration;

    RdmaEngine(String track, String importer, Nic nic, String transport, DmaplaneBufferManager buffers,
            LockOrderChecker locks, CpuCore core, Scheduler scheduler, Tracer tracer, ServiceTime postCost,
            ServiceTime pollCost, long registrationCost, Metrics metrics, RandomGenerator random) {
        this.track = Objects.requireNonNull(track, "track is null");
        this.importer = Objects.requireNonNull(importer, "importer is null");
        this.nic = Objects.requireNonNull(nic, "nic is null");
        this.transport = Objects.requireNonNull(transport, "transport is null");
        this.buffers = Objects.requireNonNull(buffers, "buffers is null");
        this.locks = Objects.requireNonNull(locks, "locks is null");
        this.core = Objects.requireNonNull(core, "core is null");
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler is null");
        this.tracer = Objects.requireNonNull(tracer, "tracer is null");
        this.postCost = Objects.requireNonNull(postCost, "postCost is null");
        this.pollCost = Objects.requireNonNull(pollCost, "pollCost is null");
        this.random = Objects.requireNonNull(random, "random is null");
        this.registrationCost = registrationCost;
        this.posts = DmaplaneStatistics.RDMA_POSTS.counter(metrics);
        this.completions = DmaplaneStatistics.RDMA_COMPLETIONS.counter(metrics);
        this.stalls = DmaplaneStatistics.RDMA_STALLS.counter(metrics);
        this.errors = DmaplaneStatistics.RDMA_ERRORS.counter(metrics);
        this.registrations = DmaplaneStatistics.RDMA_REGISTRATIONS.counter(metrics);
        DmaplaneStatistics.RDMA_CQ_OVERFLOWS.gauge(metrics, this::cqOverflows);
    }

    Nic nic() {
        return nic;
    }

    String transport() {
        return transport;
    }

    String track() {
        return track;
    }

    CpuCore core() {
        return core;
    }

    Scheduler scheduler() {
        return scheduler;
    }

    Tracer tracer() {
        return tracer;
    }

    /** One post's CPU time, drawn from the component's random stream. */
    long postCost() {
        return postCost.draw(random);
    }

    /** One poll's CPU time, drawn from the component's random stream. */
    long pollCost() {
        return pollCost.draw(random);
    }

    DmaplaneBufferManager buffers() {
        return buffers;
    }

    List<RdmaConnection> connections() {
        return List.copyOf(connections);
    }

    long posts() {
        return posts.value();
    }

    long completions() {
        return completions.value();
    }

    long stalls() {
        return stalls.value();
    }

    long errors() {
        return errors.value();
    }

    void countPost() {
        posts.increment();
    }

    void countCompletion() {
        completions.increment();
    }

    void countError() {
        errors.increment();
    }

    void countStall(String qpTrack, String reason) {
        stalls.increment();
        if (tracer.enabled()) {
            tracer.instant(qpTrack, "dmaplane/flow_stall/" + reason, 0);
        }
    }

    /** Completion entries lost to full completion queues, over all connections. */
    long cqOverflows() {
        long total = 0;
        for (RdmaConnection c : connections) {
            total += c.sendQueue().overflows() + c.receiveQueue().overflows();
        }
        return total;
    }

    /** The protection domain of {@code space}, created on first use. */
    ProtectionDomain domain(AddressSpace space) {
        return domains.computeIfAbsent(space.pid(), pid -> nic.allocateProtectionDomain(space));
    }

    /**
     * Registers {@code buffer} as a memory region, taking simulated time: the kernel thread takes
     * dev_mutex, rdma_sem, buf_lock and mr_lock in order, exports and attaches the buffer (SG table) and
     * registers it at {@code registrationCostPerPage} per page, then releases the locks.
     */
    void register(DmaplaneBuffer buffer, boolean remoteWrite, Consumer<RegisteredBuffer> onRegistered,
            Consumer<String> onRefused) {
        String thread = "mr-register#" + nextRegistration++;
        long pages = PageSize.BASE.pagesSpanned(buffer.address(), buffer.size());
        locks.withLocks(thread, REGISTRATION_PATH, release ->
            core.run("dmaplane/mr_register", WorkPriority.KERNEL, pages * registrationCost, () -> {
                Object outcome = registerNow(buffer, remoteWrite);
                release.run();
                if (outcome instanceof RegisteredBuffer r) {
                    onRegistered.accept(r);
                } else {
                    onRefused.accept((String) outcome);
                }
            }));
    }

    /** Registers at once (setup, no simulated time); a {@link RegisteredBuffer} or the refusal's reason. */
    Object registerNow(DmaplaneBuffer buffer, boolean remoteWrite) {
        if (buffer.isRevoked() || buffer.refCount() == 0) {
            return "buffer " + buffer.id() + " is revoked or freed";
        }
        DmaplaneAttachment attachment = (DmaplaneAttachment) buffers.attach(buffer, importer);
        RegistrationResult result = nic.registerMemory(domain(buffer.owner()), buffer.address(), buffer.size(),
                remoteWrite, false, false);
        if (result instanceof RegistrationResult.Registered r) {
            registrations.increment();
            return new RegisteredBuffer(buffer, attachment, r.region());
        }
        buffers.detach(attachment);
        return ((RegistrationResult.Refused) result).reason();
    }

    /** Deregisters a region and ends its attachment. */
    void deregister(RegisteredBuffer registered) {
        MemoryRegion region = registered.region();
        nic.deregisterMemory(region);
        if (registered.attachment().isAttached()) {
            buffers.detach(registered.attachment());
        }
    }

    /**
     * Opens one end of a connection for {@code space} with {@code credits} send credits and as
     * large a receive window; connect two ends with {@link RdmaConnection#connect}.
     */
    RdmaConnection open(AddressSpace space, int credits) {
        if (credits <= 0) {
            throw new IllegalArgumentException("credits must be > 0: " + credits);
        }
        DmaplaneBuffer control = (DmaplaneBuffer) buffers.allocate(space,
                new BufferSpec(64, AllocationMode.COHERENT, 0, NumaPolicy.ANY, false)).requireBuffer();
        Object reg = registerNow(control, true);
        if (!(reg instanceof RegisteredBuffer controlRegion)) {
            throw new IllegalStateException("cannot register the control buffer: " + reg);
        }
        CompletionQueue sendCq = nic.createCompletionQueue(2 * credits);
        CompletionQueue recvCq = nic.createCompletionQueue(2 * credits);
        QueuePair qp = nic.createQueuePair(domain(space), sendCq, recvCq,
                new QueuePairConfig(2 * credits, 2 * credits, QueuePairConfig.DEFAULT.retryCount(), 7));
        RdmaConnection c = new RdmaConnection(this, qp, sendCq, recvCq, credits, controlRegion);
        connections.add(c);
        return c;
    }

    /** The RDMA stats view (seed 004 §7.2 rdma_stats). */
    List<String> render() {
        List<String> lines = new ArrayList<>();
        lines.add("Post: " + posts.value());
        lines.add("Completions: " + completions.value());
        lines.add("Stalls: " + stalls.value());
        lines.add("Errors: " + errors.value());
        lines.add("CQ overflows: " + cqOverflows());
        lines.add("Transport: " + transport);
        for (RdmaConnection c : connections) {
            CreditFlow f = c.credits();
            lines.add("qp" + c.queuePair().qpn() + " " + c.queuePair().state() + " send credits "
                    + (f == null ? "-" : f.sendCredits() + "/" + f.maxSend()) + " recv credits "
                    + (f == null ? "-" : f.receiveCredits() + "/" + f.maxReceive()) + " pending " + c.pending());
        }
        return lines;
    }
}
