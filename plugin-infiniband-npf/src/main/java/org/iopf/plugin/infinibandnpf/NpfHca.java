package org.iopf.plugin.infinibandnpf;

import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.function.Consumer;
import org.iopf.api.fabric.Endpoint;
import org.iopf.api.fabric.Fabric;
import org.iopf.api.fabric.FabricPort;
import org.iopf.api.fabric.LinkSpec;
import org.iopf.api.fabric.Packet;
import org.iopf.api.fault.FaultSink;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.Advice;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.MmuNotifier;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PinResult;
import org.iopf.api.nic.BoundedCompletionQueue;
import org.iopf.api.nic.CompletionQueue;
import org.iopf.api.nic.MemoryRegion;
import org.iopf.api.nic.Nic;
import org.iopf.api.nic.ProtectionDomain;
import org.iopf.api.nic.QueuePair;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.nic.RegistrationResult;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Histogram;
import org.iopf.api.observe.Inspectable;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.Units;
import org.iopf.api.sim.CpuCore;
import org.iopf.toolkit.rc.PortLink;
import org.iopf.toolkit.rc.ProtectionDomains;
import org.iopf.toolkit.rc.RcPortScheduler;
import org.iopf.toolkit.rc.RcQueuePairEngine;
import org.iopf.toolkit.rc.RcQueuePairs;
import org.iopf.toolkit.rc.RcSettings;

/**
 * An InfiniBand HCA with network page faults (seed 001 §2): one port on the fabric, protection
 * domains, memory regions that are either pinned or on-demand (ODP: unpinned, the HCA's own
 * translation table filled by network page faults and kept coherent by an MMU notifier), RC queue
 * pairs (the toolkit's {@link RcQueuePairEngine} over {@link OdpQueueMemory}) and completion queues. Queue pairs take turns on the port, one
 * packet at a time.
 */
public final class NpfHca implements Nic, Inspectable {
    /** The length of an implicit registration: SIZE_MAX ({@code U64_MAX}), which a Java long holds as -1. */
    public static final long IMPLICIT_LENGTH = -1L;
    private final ComponentContext context;
    private final MemoryManager memoryManager;
    private final HcaConfig config;
    private final FabricPort port;
    private final NpfEngine npf;
    private final String track;
    private final Map<Integer, OdpRegion> regions = new HashMap<>();
    private final Map<Integer, ProtectionDomain> domains = new HashMap<>();
    private final Map<Integer, MmuNotifier> notifiers = new HashMap<>();
    private final RcQueuePairs<OdpRegion> queuePairs;
    private final RcPortScheduler transmitter;
    private final RcSettings settings;
    private final Counter timeouts;
    private final Counter bytesSent;
    private final Counter unknownQp;
    private final Counter rnrSent;
    private final Counter rnrReceived;
    private final Counter readFaultDrops;
    private final Counter responseDrops;
    private final Counter invalidations;
    private final Counter invalidatedEntries;
    private final Counter prefetchedPages;
    private final Counter advisedPages;
    private final Counter implicitChildren;
    private final Counter implicitChildrenDestroyed;
    private final Histogram faultStall;
    private final ProtectionDomains protectionDomains = new ProtectionDomains();
    private int nextKey = 1;

    @Inject
    NpfHca(ComponentContext context, MemoryManager memoryManager, Fabric fabric, FaultSink faultSink) {
        this.context = Objects.requireNonNull(context, "context is null");
        this.memoryManager = Objects.requireNonNull(memoryManager, "memoryManager is null");
        this.config = HcaConfig.from(context.parameters());
        this.settings = new RcSettings(config.mtu(), config.ackTimeoutNanos(), config.minRnrTimer());
        LinkSpec fabricLink = fabric.defaultLink();
        LinkSpec link = new LinkSpec(config.rate(), fabricLink.latencyNanos(), fabricLink.lossProbability());
        this.port = fabric.attach(new Endpoint(context.node(), context.name()), link, this::receive);
        this.transmitter = new RcPortScheduler(context.scheduler(), port, this::sent);
        this.track = context.path();
        CpuCore core = config.driverCore().isEmpty() ? context.resources().cores().get(0)
                : context.resources().requireCore(config.driverCore());
        this.npf = new NpfEngine(context.scheduler(), memoryManager, faultSink, config.costs(), context.random(), core,
                context.tracer(), track, config.maxPrefetch(), context.metrics());
        var m = context.metrics();
        this.timeouts = HcaStatistics.TIMEOUTS.counter(m);
        this.bytesSent = HcaStatistics.TX_BYTES.counter(m);
        this.unknownQp = HcaStatistics.RX_UNKNOWN_QP.counter(m);
        this.rnrSent = HcaStatistics.RNR_NAKS_SENT.counter(m);
        this.rnrReceived = HcaStatistics.RNR_NAKS_RECEIVED.counter(m);
        this.readFaultDrops = HcaStatistics.READ_FAULT_DROPS.counter(m);
        this.responseDrops = HcaStatistics.READ_RESPONSE_DROPS.counter(m);
        this.invalidations = HcaStatistics.INVALIDATIONS.counter(m);
        this.invalidatedEntries = HcaStatistics.INVALIDATED_ENTRIES.counter(m);
        this.prefetchedPages = HcaStatistics.PREFETCHED_PAGES.counter(m);
        this.advisedPages = HcaStatistics.ADVISE_PAGES.counter(m);
        this.implicitChildren = HcaStatistics.IMPLICIT_CHILDREN.counter(m);
        this.implicitChildrenDestroyed = HcaStatistics.IMPLICIT_CHILDREN_DESTROYED.counter(m);
        this.faultStall = HcaStatistics.RX_FAULT_STALL.histogram(m);
        this.queuePairs = new RcQueuePairs<>(context.path(), new Link(), settings);
    }

    /** The parameters in force. */
    public HcaConfig config() {
        return config;
    }

    @Override
    public Endpoint endpoint() {
        return port.endpoint();
    }

    @Override
    public ProtectionDomain allocateProtectionDomain(AddressSpace space) {
        ProtectionDomain pd = protectionDomains.allocate(space);
        domains.put(pd.pdn(), pd);
        return pd;
    }

    @Override
    public RegistrationResult registerMemory(ProtectionDomain pd, long address, long length, boolean remoteWrite,
            boolean remoteRead, boolean onDemand) {
        Objects.requireNonNull(pd, "pd is null");
        AddressSpace space = pd.space();
        boolean implicit = address == 0 && length == IMPLICIT_LENGTH;
        if (implicit) {
            return onDemand ? registerImplicit(pd, remoteWrite, remoteRead)
                    : new RegistrationResult.Refused("an implicit registration (address 0, length SIZE_MAX) must be "
                            + "on demand");
        }
        if (length < 0 || address < 0) {
            return new RegistrationResult.Refused("no range of " + Long.toUnsignedString(length) + " bytes at 0x"
                    + Long.toHexString(address) + " (only address 0 with length SIZE_MAX is implicit)");
        }
        if (!onDemand) {
            PinResult pinned = memoryManager.pin(space, address, length);
            if (pinned != PinResult.PINNED) {
                return new RegistrationResult.Refused("pinning " + Units.formatBytes(length) + " at 0x"
                        + Long.toHexString(address) + " failed: " + pinned + " (pinnable limit "
                        + Units.formatBytes(memoryManager.pinnableLimit()) + ")");
            }
        } else if (space.vma(address).isEmpty() || space.vma(address + Math.max(0, length - 1)).isEmpty()) {
            return new RegistrationResult.Refused("no mapping at 0x" + Long.toHexString(address) + " of "
                    + space.name());
        }
        int key = nextKey++;
        MemoryRegion region = new MemoryRegion(key, key, pd.pdn(), address, length, remoteWrite, remoteRead,
                onDemand);
        long start = PageSize.BASE.alignDown(address);
        long end = PageSize.BASE.alignUp(address + Math.max(1, length));
        boolean huge = onDemand && config.hugePages();
        if (huge) {
            memoryManager.advise(space, start, end - start, Advice.HUGE_PAGE);
        }
        OdpRegion table = new OdpRegion(region, space, huge);
        regions.put(key, table);
        if (!onDemand) {
            fillFromPageTable(table, start, end);
        } else {
            table.attachStats(new OdpStats(context.metrics(), key));
            MmuNotifier notifier = (notified, range, reason) -> invalidate(table, range);
            notifiers.put(key, notifier);
            memoryManager.registerNotifier(space, notifier);
            if (config.prefetch()) {
                memoryManager.advise(space, start, end - start, Advice.WILL_NEED);
                long filled = fillFromPageTable(table, start, end);
                prefetchedPages.add(filled);
                table.stats().prefetched(filled);
            }
        }
        return new RegistrationResult.Registered(region);
    }

    /**
     * Implicit on-demand paging: one region over the whole address space (mlx5
     * {@code mlx5_ib_alloc_implicit_mr}); its 1 GiB children are created by the faults and
     * prefetches that first map a page of theirs. Nothing is prefetched or advised at registration.
     */
    private RegistrationResult registerImplicit(ProtectionDomain pd, boolean remoteWrite, boolean remoteRead) {
        int key = nextKey++;
        MemoryRegion region = new MemoryRegion(key, key, pd.pdn(), 0, Long.MAX_VALUE, remoteWrite, remoteRead, true);
        OdpRegion table = new OdpRegion(region, pd.space(), false, true);
        table.attachChildCounters(implicitChildren, implicitChildrenDestroyed);
        table.attachStats(new OdpStats(context.metrics(), key));
        regions.put(key, table);
        MmuNotifier notifier = (notified, range, reason) -> invalidate(table, range);
        notifiers.put(key, notifier);
        memoryManager.registerNotifier(pd.space(), notifier);
        return new RegistrationResult.Registered(region);
    }

    private long fillFromPageTable(OdpRegion table, long start, long end) {
        long filled = 0;
        for (long page = start; page < end; page += OdpRegion.PAGE) {
            OptionalLong pa = memoryManager.translate(table.space(), page, Access.READ);
            if (pa.isPresent()) {
                table.fill(page, pa.getAsLong());
                filled++;
            }
        }
        return filled;
    }

    /**
     * The MMU notifier of one on-demand region: drop the HCA's translations of the range before
     * the frames are reused (B6). Every overlapping call advances the region's sequence number.
     */
    private void invalidate(OdpRegion region, AddressRange range) {
        if (range.start() >= region.tableEnd() || range.end() <= region.tableStart()) {
            return;
        }
        invalidations.increment();
        boolean hadEntries = region.presentEntries() > 0;
        long dropped = region.invalidate(range.start(), range.end());
        invalidatedEntries.add(dropped);
        if (hadEntries && region.stats() != null) {
            region.stats().invalidationHandled(dropped);
        }
    }

    private List<OdpRegion> regionsInOrder() {
        List<OdpRegion> list = new ArrayList<>(regions.values());
        list.sort((a, b) -> Integer.compare(a.region().lkey(), b.region().lkey()));
        return list;
    }

    /**
     * {@code ibv_advise_mr} (rdma-core {@code libibverbs/man/ibv_advise_mr.3.md}) as mlx5's
     * {@code mlx5_ib_advise_mr_prefetch} carries it out: each element's range of its on-demand
     * region is paged in (none for {@link OdpAdvice#PREFETCH_NO_FAULT}), DMA-mapped and posted to
     * the HCA on the driver's core. With {@link OdpAdvice#FLAG_FLUSH} the elements are prefetched in
     * order and the call returns when the last is in the HCA, or at the first error
     * ({@code mlx5_ib_prefetch_sg_list}); without it every key is checked, the work is queued and
     * the call returns at once, a range error then being ignored ({@code mlx5_ib_prefetch_mr_work}).
     *
     * @param done told, when the call returns in simulated time, what it returned
     */
    public void adviseMemoryRegion(ProtectionDomain pd, OdpAdvice advice, int flags, List<Sge> sgl,
            Consumer<AdviseStatus> done) {
        Objects.requireNonNull(advice, "advice is null");
        Objects.requireNonNull(done, "done is null");
        List<Sge> list = List.copyOf(Objects.requireNonNull(sgl, "sgl is null"));
        AdviseStatus checked = checkAdvice(pd, flags, list);
        if (checked != AdviseStatus.OK) {
            context.scheduler().schedule(0, () -> done.accept(checked));
            return;
        }
        boolean flush = (flags & OdpAdvice.FLAG_FLUSH) != 0;
        if (flush) {
            prefetchInOrder(advice, list, 0, true, done);
        } else {
            context.scheduler().schedule(0, () -> done.accept(AdviseStatus.OK));
            prefetchInOrder(advice, list, 0, false, status -> { });
        }
    }

    /** The checks made before any work (mlx5 {@code get_prefetchable_mr}; the core's flags check). */
    private AdviseStatus checkAdvice(ProtectionDomain pd, int flags, List<Sge> sgl) {
        if (pd == null || domains.get(pd.pdn()) != pd || (flags & ~OdpAdvice.FLAG_FLUSH) != 0) {
            return AdviseStatus.EINVAL;
        }
        for (Sge sge : sgl) {
            OdpRegion region = regions.get(sge.lkey());
            if (region == null || !region.region().onDemand()) {
                return AdviseStatus.ENOENT;
            }
            if (region.region().pdn() != pd.pdn()) {
                return AdviseStatus.EPERM;
            }
        }
        return AdviseStatus.OK;
    }

    /**
     * Prefetches element {@code i} and the rest after it; with {@code stopOnError} an error ends the
     * call ({@code pagefault_mr}'s -EFAULT), else the element is skipped (the queued work).
     */
    private void prefetchInOrder(OdpAdvice advice, List<Sge> sgl, int i, boolean stopOnError,
            Consumer<AdviseStatus> done) {
        if (i == sgl.size()) {
            done.accept(AdviseStatus.OK);
            return;
        }
        Sge sge = sgl.get(i);
        OdpRegion region = regions.get(sge.lkey());
        MemoryRegion mr = region == null ? null : region.region();
        if (mr == null || !mr.contains(sge.address(), sge.length())) {
            if (stopOnError) {
                done.accept(AdviseStatus.EFAULT);
            } else {
                prefetchInOrder(advice, sgl, i + 1, false, done);
            }
            return;
        }
        Access access = advice == OdpAdvice.PREFETCH_WRITE ? Access.WRITE : Access.READ;
        npf.prefetch(region, sge.address(), sge.length(), access, advice == OdpAdvice.PREFETCH_NO_FAULT, mapped -> {
            if (mapped < 0 && stopOnError) {
                done.accept(AdviseStatus.EFAULT);
                return;
            }
            advisedPages.add(Math.max(0, mapped));
            prefetchInOrder(advice, sgl, i + 1, stopOnError, done);
        });
    }

    @Override
    public void deregisterMemory(MemoryRegion region) {
        OdpRegion removed = regions.remove(region.lkey());
        if (removed == null) {
            return;
        }
        MmuNotifier notifier = notifiers.remove(region.lkey());
        if (notifier != null) {
            memoryManager.unregisterNotifier(removed.space(), notifier);
        }
        if (!region.onDemand()) {
            memoryManager.unpin(removed.space(), region.address(), region.length());
        }
    }

    @Override
    public CompletionQueue createCompletionQueue(int capacity) {
        return new BoundedCompletionQueue(capacity);
    }

    @Override
    public QueuePair createQueuePair(ProtectionDomain pd, CompletionQueue sendQueue, CompletionQueue receiveQueue,
            QueuePairConfig qpConfig) {
        Objects.requireNonNull(pd, "pd is null");
        return queuePairs.create(new OdpQueueMemory(this, pd), pd, sendQueue, receiveQueue, qpConfig);
    }

    // ---- services for queue pairs and tests ----

    NpfEngine npf() {
        return npf;
    }

    /** The region with key {@code key} (lkey = rkey), or null. */
    OdpRegion region(int key) {
        return regions.get(key);
    }

    /** The fault-handling context of a protection domain: its own with isolation, else the HCA's. */
    int faultContext(ProtectionDomain pd) {
        return config.pdIsolation() ? pd.pdn() : 0;
    }

    void countReadFaultDrop() {
        readFaultDrops.increment();
    }

    void countResponseDrop() {
        responseDrops.increment();
    }

    /** The port, clock and counters as the transport engine sees them. */
    private final class Link extends PortLink {
        Link() {
            super(context.scheduler(), memoryManager.physicalMemory(), port, transmitter::kick, timeouts);
        }

        @Override
        public void countRnrSent() {
            rnrSent.increment();
        }

        @Override
        public void countRnrReceived() {
            rnrReceived.increment();
        }

        @Override
        public void faultStall(long nanos) {
            faultStall.record(nanos);
        }
    }

    private void sent(RcQueuePairEngine<?> qp, Packet packet, long sentAt, long free) {
        bytesSent.add(packet.payloadBytes());
    }

    private void receive(Packet packet) {
        RcQueuePairEngine<OdpRegion> qp = queuePairs.destination(packet);
        if (qp == null) {
            unknownQp.increment();
            return;
        }
        qp.onPacket(packet);
    }

    // ---- inspection ----

    @Override
    public List<String> views() {
        return List.of("regions", "odp");
    }

    @Override
    public List<String> render(String view) {
        if ("odp".equals(view)) {
            return renderOdp();
        }
        if (!"regions".equals(view)) {
            throw new IllegalArgumentException("no view '" + view + "'; views are " + views());
        }
        List<String> lines = new ArrayList<>();
        lines.add(String.format("%-5s %-4s %-18s %12s %-6s %10s %8s", "key", "pd", "address", "length", "kind",
                "entries", "seq"));
        for (OdpRegion r : regionsInOrder()) {
            MemoryRegion mr = r.region();
            String kind = mr.onDemand() ? (r.implicit() ? "odpImp" : r.hugePages() ? "odp2M" : "odp") : "pinned";
            lines.add(String.format("%-5d %-4d 0x%016x %12s %-6s %10d %8d", mr.lkey(), mr.pdn(), mr.address(),
                    r.implicit() ? "SIZE_MAX" : String.valueOf(mr.length()), kind, r.presentEntries(), r.sequence()));
        }
        return lines;
    }

    /** The per-region ODP statistics, as {@code rdma statistic mr} shows mlx5's (restrack.c). */
    private List<String> renderOdp() {
        List<String> lines = new ArrayList<>();
        lines.add(String.format("%-5s %-8s %11s %19s %18s %26s %13s %8s", "key", "odp", "page_faults",
                "page_faults_handled", "page_invalidations", "page_invalidations_handled", "page_prefetch",
                "children"));
        for (OdpRegion r : regionsInOrder()) {
            OdpStats st = r.stats();
            if (st == null) {
                continue;
            }
            lines.add(String.format("%-5d %-8s %11d %19d %18d %26d %13d %8s", r.region().lkey(),
                    r.implicit() ? "implicit" : "explicit", st.pageFaults(), st.faultsHandled(), st.invalidations(),
                    st.invalidationsHandled(), st.prefetch(), r.implicit() ? String.valueOf(r.children()) : "-"));
        }
        return lines;
    }
}
