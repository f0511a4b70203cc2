package org.iopf.plugin.smmuv3pri;

import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeSet;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.fault.FaultRecord;
import org.iopf.api.fault.FaultResolution;
import org.iopf.api.fault.FaultResolutionListener;
import org.iopf.api.fault.FaultSink;
import org.iopf.api.fault.PageFault;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.iommu.Translation;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageTableEntry;
import org.iopf.api.mem.Vma;
import org.iopf.api.platform.ComponentContext;

/**
 * The SMMUv3 driver as the node's {@link Iommu}, after Linux's
 * {@code drivers/iommu/arm/arm-smmu-v3/arm-smmu-v3.c} and {@code arm-smmu-v3-sva.c}, over
 * {@link Smmuv3Hardware}, which it reaches only through registers, queues and tables in memory.
 *
 * <p>At start it probes IDR0/IDR1, allocates the queues and the stream table and enables them
 * through CR0 one at a time, checking CR0ACK ({@code arm_smmu_device_reset}). {@link #attach}
 * binds a process (SVA): the domain's page table is the process's ({@link SvaTable}, filled with
 * the pages present at bind and kept in step by an MMU notifier), with an ASID and a PASID; it
 * writes the stream's CDs (substream 0 and the PASID) and STE and issues CMD_CFGI_STE + CMD_SYNC.
 * Invalidations are CMD_TLBI_NH_VA (CMD_TLBI_NH_ASID above {@link #MAX_TLBI_OPS} pages), CMD_ATC_INV
 * for ATS streams and CMD_SYNC; the Iommu role's calls return once the SMMU consumed them. Each
 * event and page request the hardware records is raised as a fault; the answer to it is the page
 * response ({@code arm_smmu_page_response}): CMD_RESUME for a stalled event, one CMD_PRI_RESP for a
 * whole page request group.
 */
final class Smmuv3Iommu implements Iommu, SmmuEvents {
    /** Above this many pages an invalidation uses the ASID (as Linux's CMDQ_MAX_TLBI_OPS bounds range ops). */
    static final int MAX_TLBI_OPS = 512;
    /** CMD_ATC_INV SIZE covering the 48-bit address space (2^36 pages). */
    private static final int MAX_ATC_SIZE = 36;
    private static final long PAGE = 4096;

    /** A bound address space's domain. */
    private static final class Domain {
        final DomainId id;
        final int asid;
        SvaTable table;
        AddressSpace space;
        int pasid;
        final TreeSet<Integer> streams = new TreeSet<>();

        Domain(DomainId id, int asid) {
            this.id = id;
            this.asid = asid;
        }
    }

    /** The answers still missing before a page request group's response. */
    private static final class Group {
        int pending;
        boolean last;
        boolean failed;
        /** The queue position of the group's last request, once written. */
        long lastSeq = -1;
    }

    private final ComponentContext context;
    private final FaultSink sink;
    private final MemoryManager memoryManager;
    private final SmmuSettings settings;
    private final SmmuStatistics stats;
    private final ModelledMemory memory;
    private final Smmuv3Hardware hardware;
    private final StreamTableWriter streamTable;
    private final QueueReader eventReader;
    private final QueueReader priReader;
    private final Map<Integer, Domain> domains = new HashMap<>();
    private final Map<Integer, Domain> streams = new HashMap<>();
    private final Map<Integer, AtsPort> endpoints = new HashMap<>();
    private final Map<Integer, Integer> pasids = new HashMap<>();
    private final Map<Long, Group> groups = new HashMap<>();
    /** Drains waiting in {@code iopf_queue_flush_dev} for groups to be answered. */
    private final java.util.List<Runnable> flushWaiters = new java.util.ArrayList<>();
    private int cmdqProd;
    private int cmdqLog2;

    @Inject
    Smmuv3Iommu(ComponentContext context, FaultSink sink, MemoryManager memoryManager) {
        this.context = Objects.requireNonNull(context, "context is null");
        this.sink = Objects.requireNonNull(sink, "sink is null");
        this.memoryManager = Objects.requireNonNull(memoryManager, "memoryManager is null");
        this.settings = SmmuSettings.from(context.parameters());
        this.stats = new SmmuStatistics(context.metrics());
        this.memory = new ModelledMemory(memoryManager.physicalMemory());
        this.hardware = new Smmuv3Hardware(context.scheduler(), context.random(), settings, stats, memory);
        hardware.connect(this);
        this.streamTable = new StreamTableWriter(memory, settings.twoLevelStreamTable(), settings.sidBits(),
                settings.ssidBits());
        this.eventReader = new QueueReader(hardware, false);
        this.priReader = new QueueReader(hardware, true);
        reset();
        SmmuStatistics.TLB_OCCUPIED.gauge(context.metrics(), hardware::tlbOccupied);
        SmmuStatistics.TABLE_FRAMES.gauge(context.metrics(), memory::tableFrames);
    }

    /** {@code arm_smmu_device_reset}: queues and stream table programmed, then CR0 enables, each acknowledged. */
    private void reset() {
        long idr1 = hardware.readRegister(Regs.IDR1);
        cmdqLog2 = (int) Regs.field(idr1, 25, Regs.IDR1_CMDQS_SHIFT);
        int evtqLog2 = (int) Regs.field(idr1, 20, Regs.IDR1_EVTQS_SHIFT);
        int priqLog2 = (int) Regs.field(idr1, 15, Regs.IDR1_PRIQS_SHIFT);
        enable(0);
        hardware.writeRegister(Regs.STRTAB_BASE, streamTable.base());
        hardware.writeRegister(Regs.STRTAB_BASE_CFG, streamTable.baseCfg());
        hardware.writeRegister(Regs.CMDQ_BASE, memory.coherent((long) Regs.CMD_BYTES << cmdqLog2) | cmdqLog2);
        hardware.writeRegister(Regs.CMDQ_PROD, 0);
        hardware.writeRegister(Regs.CMDQ_CONS, 0);
        enable(Regs.CR0_CMDQEN);
        issue(Regs.CMD_CFGI_ALL, 0);
        syncNow();
        hardware.writeRegister(Regs.EVTQ_BASE, memory.coherent((long) Regs.EVT_BYTES << evtqLog2) | evtqLog2);
        hardware.writeRegister(Regs.EVTQ_PROD, 0);
        hardware.writeRegister(Regs.EVTQ_CONS, 0);
        enable(Regs.CR0_CMDQEN | Regs.CR0_EVTQEN);
        hardware.writeRegister(Regs.PRIQ_BASE,
                memory.coherent((long) settings.format().entryBytes() << priqLog2) | priqLog2);
        hardware.writeRegister(Regs.PRIQ_PROD, 0);
        hardware.writeRegister(Regs.PRIQ_CONS, 0);
        enable(Regs.CR0_CMDQEN | Regs.CR0_EVTQEN | Regs.CR0_PRIQEN);
        enable(Regs.CR0_CMDQEN | Regs.CR0_EVTQEN | Regs.CR0_PRIQEN | Regs.CR0_SMMUEN);
    }

    private void enable(int bits) {
        hardware.writeRegister(Regs.CR0, bits);
        if (hardware.readRegister(Regs.CR0ACK) != bits) {
            throw new IllegalStateException(context.path() + ": CR0ACK did not follow CR0 = 0x" + Integer.toHexString(bits));
        }
    }

    // ------------------------------------------------------------------ commands

    /** Writes one command at the driver's PROD (waiting for room by consuming, as the driver spins). */
    private void issue(long w0, long w1) {
        int cons = (int) hardware.readRegister(Regs.CMDQ_CONS);
        if (QueueIndex.full(cmdqProd, cons, cmdqLog2)) {
            consumeNow();
        }
        long base = hardware.readRegister(Regs.CMDQ_BASE) & Regs.Q_BASE_ADDR_MASK;
        long slot = base + (long) Regs.CMD_BYTES * QueueIndex.index(cmdqProd, cmdqLog2);
        memory.write(slot + 8, w1);
        memory.write(slot, w0);
        cmdqProd = QueueIndex.next(cmdqProd, cmdqLog2);
        hardware.writeRegister(Regs.CMDQ_PROD, cmdqProd & 0xffff_ffffL);
    }

    /** The driver's command submission (as {@code arm_smmu_cmdq_issue_cmdlist} writes one command). */
    void issueCommand(long w0, long w1) {
        issue(w0, w1);
    }

    /** CMD_SYNC, returning once consumed; the SMMU's time for it is recorded, not spent. */
    private void syncNow() {
        issue(Regs.CMD_SYNC, 0);
        stats.syncWait.record(consumeNow());
    }

    /**
     * Has the SMMU consume the pending commands at once; a command error met on the way is handled
     * as the global error interrupt would while the caller polls for its CMD_SYNC.
     */
    private long consumeNow() {
        long modelled = hardware.commands().drainNow();
        while (hardware.globalErrorActive(Regs.GERROR_CMDQ_ERR)) {
            gerrorHandler();
            modelled += hardware.commands().drainNow();
        }
        return modelled;
    }

    /** The global error interrupt, taken at once (its CPU time is not modelled). */
    @Override
    public void globalError() {
        context.scheduler().schedule(0, this::gerrorHandler);
    }

    /**
     * {@code arm_smmu_gerror_handler}: the active errors are GERROR ^ GERRORN; a command queue error
     * is skipped ({@link #skipCommandError}); an event or PRI queue abort loses records (Linux only
     * warns); every active error is acknowledged at once by writing GERROR's value to GERRORN.
     */
    private void gerrorHandler() {
        long gerror = hardware.readRegister(Regs.GERROR);
        long active = (gerror ^ hardware.readRegister(Regs.GERRORN)) & Regs.GERROR_ERR_MASK;
        if (active == 0) {
            return;
        }
        stats.gerrors.add(Long.bitCount(active));
        if ((active & Regs.GERROR_CMDQ_ERR) != 0) {
            skipCommandError();
        }
        hardware.writeRegister(Regs.GERRORN, gerror);
    }

    /**
     * {@code arm_smmu_cmdq_skip_err}: CMDQ_CONS points at the command that stopped the queue; for
     * CERROR_ILL (and any other but an ATC invalidation timeout, where CONS still points at the
     * CMD_SYNC, which is simply repeated) the bad command is overwritten with a CMD_SYNC.
     */
    private void skipCommandError() {
        long cons = hardware.readRegister(Regs.CMDQ_CONS);
        if (Regs.field(cons, 30, 24) == Regs.CERROR_ATC_INV_SYNC) {
            return;
        }
        long base = hardware.readRegister(Regs.CMDQ_BASE) & Regs.Q_BASE_ADDR_MASK;
        long slot = base + (long) Regs.CMD_BYTES * QueueIndex.index((int) cons, cmdqLog2);
        memory.write(slot, Regs.CMD_SYNC);
        memory.write(slot + 8, 0);
    }

    private static long sidSsid(int sid, int ssid) {
        return (long) sid << 32 | (ssid >= 0 ? Regs.CMD_SSV | ((long) ssid & 0xfffff) << 12 : 0);
    }

    /** Invalidates {@code [va, va+length)} of a domain in the TLB and in its streams' ATCs. */
    private void invalidateRange(Domain d, long va, long length) {
        long pages = (length + PAGE - 1) / PAGE;
        if (pages > MAX_TLBI_OPS) {
            issue(Regs.CMD_TLBI_NH_ASID | (long) d.asid << 48, 0);
        } else {
            for (long p = 0; p < pages; p++) {
                issue(Regs.CMD_TLBI_NH_VA | (long) d.asid << 48, (va + p * PAGE) & ~0xfffL);
            }
        }
        for (int sid : d.streams) {
            if (endpoints.containsKey(sid)) {
                int size = 64 - Long.numberOfLeadingZeros(Math.max(pages, 1) - 1);
                long span = PAGE << size;
                issue(Regs.CMD_ATC_INV | sidSsid(sid, d.pasid), (va & -span) | size);
                if ((va & -span) + span < va + length) {
                    issue(Regs.CMD_ATC_INV | sidSsid(sid, d.pasid), ((va & -span) + span) | size);
                }
            }
        }
        syncNow();
    }

    // ------------------------------------------------------------------ the Iommu role

    @Override
    public void attach(StreamId stream, DomainId domain, AddressSpace space) {
        Objects.requireNonNull(stream, "stream is null");
        Objects.requireNonNull(space, "space is null");
        if (streams.containsKey(stream.value())) {
            throw new IllegalArgumentException(stream + " is attached already to " + streams.get(stream.value()).id);
        }
        if (stream.value() >= (1 << settings.sidBits())) {
            throw new IllegalArgumentException(stream + " does not fit IDR1.SIDSIZE (" + settings.sidBits() + " bits)");
        }
        Domain d = domain(domain);
        if (d.space != null && d.space != space) {
            throw new IllegalArgumentException(domain + " translates for pid " + d.space.pid() + ", not " + space.pid());
        }
        if (d.space == null) {
            bind(d, space);
        }
        d.streams.add(stream.value());
        streams.put(stream.value(), d);
        writeStream(stream.value(), d);
    }

    /** SVA bind: a PASID for the process, its present pages in the shared table, an MMU notifier. */
    private void bind(Domain d, AddressSpace space) {
        d.space = space;
        d.pasid = pasids.computeIfAbsent(space.pid(), pid -> pasids.size() + 1);
        if (d.pasid >= (1 << settings.ssidBits())) {
            throw new IllegalStateException(context.path() + ": PASID " + d.pasid + " does not fit IDR1.SSIDSIZE");
        }
        for (Vma vma : space.vmas()) {
            for (long va = vma.range().start(); va < vma.range().end(); va += PAGE) {
                Optional<PageTableEntry> e = space.entry(va);
                if (e.isPresent() && e.get().present()) {
                    d.table.set(va, e.get().physicalAddress(va), e.get().writable());
                }
            }
        }
        memoryManager.registerNotifier(space, (s, range, reason) -> {
            for (long va = range.start(); va < range.end(); va += PAGE) {
                d.table.clear(va);
            }
            invalidateRange(d, range.start(), range.length());
        });
    }

    private void writeStream(int sid, Domain d) {
        boolean ats = endpoints.containsKey(sid);
        boolean stall = settings.stallFaults() && settings.canStall() && !ats;
        streamTable.writeSte(sid, ats, !stall);
        streamTable.writeCd(sid, 0, d.table.root(), d.asid, stall);
        streamTable.writeCd(sid, d.pasid, d.table.root(), d.asid, stall);
        issue(Regs.CMD_CFGI_STE | (long) sid << 32, 0);
        syncNow();
    }

    private Domain domain(DomainId domain) {
        Objects.requireNonNull(domain, "domain is null");
        return domains.computeIfAbsent(domain.value(), v -> {
            Domain d = new Domain(domain, domains.size() + 1);
            d.table = new SvaTable(memory);
            return d;
        });
    }

    /** Detaches a stream; with VT-d page requests the PASID's drain goes on after the call returns ({@link #unbind}). */
    @Override
    public void detach(StreamId stream) {
        unbind(stream, () -> { });
    }

    /**
     * Tears a stream down and runs {@code done} once the teardown is complete. The STE is aborted
     * and invalidated at once (Linux's {@code intel_pasid_tear_down_entry} comes first: later
     * requests of the stream fault); with VT-d page requests an ATS stream's PASID is then drained
     * ({@link PasidDrain}), and {@code done} runs only when the drain finished, in simulated time.
     */
    void unbind(StreamId stream, Runnable done) {
        Objects.requireNonNull(done, "done is null");
        Domain d = streams.remove(stream.value());
        if (d == null) {
            done.run();
            return;
        }
        d.streams.remove(stream.value());
        streamTable.abortSte(stream.value());
        issue(Regs.CMD_CFGI_STE | (long) stream.value() << 32, 0);
        syncNow();
        if (settings.format() instanceof VtdPrqFormat && endpoints.containsKey(stream.value())) {
            new PasidDrain(stream.value(), d, done).scan();
        } else {
            done.run();
        }
    }

    /**
     * {@code intel_iommu_drain_pasid_prq}: scans PQH..PQT for requests of the PASID and, while it
     * finds one, waits for the PRQ thread to finish a run ({@code prq_complete}) and scans again;
     * then flushes the iopf workqueue ({@code iopf_queue_flush_dev}: every group the PRQ thread has
     * reported so far, whose last request it read, answered); then submits an invalidation wait with fence, the PASID's IOTLB and device-TLB (ATC)
     * invalidation and an invalidation wait with page-request drain, spinning until the IOMMU
     * consumed them ({@code qi_submit_sync}); if PRS.PRO is set then, it waits for the PRQ thread
     * again and resubmits. Each wait is simulated time; the teardown completes after the last.
     */
    private final class PasidDrain {
        private final int sid;
        private final Domain d;
        private final Runnable done;
        private final long started = context.scheduler().now();
        private boolean counted;

        PasidDrain(int sid, Domain d, Runnable done) {
            this.sid = sid;
            this.d = d;
            this.done = done;
        }

        void scan() {
            int pending = priReader.pendingFor(d.pasid);
            if (!counted) {
                counted = true;
                stats.prqDrainPending.record(pending);
            }
            if (pending > 0) {
                stats.prqDrainRetries.increment();
                priReader.awaitRunEnd(this::scan);
                return;
            }
            java.util.Set<Long> queued = new java.util.HashSet<>();
            groups.forEach((key, g) -> {
                if (g.last && !priReader.unread(g.lastSeq)) {
                    queued.add(key);
                }
            });
            flush(queued);
        }

        private void flush(java.util.Set<Long> queued) {
            queued.retainAll(groups.keySet());
            if (!queued.isEmpty()) {
                flushWaiters.add(() -> flush(queued));
                return;
            }
            submit();
        }

        private void submit() {
            issue(VtdPrqFormat.QI_IWD_TYPE | VtdPrqFormat.QI_IWD_STATUS_WRITE | VtdPrqFormat.QI_IWD_FENCE, 0);
            issue(Regs.CMD_TLBI_NH_ASID | (long) d.asid << 48, 0);
            issue(Regs.CMD_ATC_INV | sidSsid(sid, d.pasid), MAX_ATC_SIZE);
            issue(VtdPrqFormat.wait(true), 0);
            long spin = consumeNow();
            context.scheduler().schedule(spin, () -> {
                if (hardware.priOverflowed()) {
                    stats.prqDrainRetries.increment();
                    priReader.awaitRunEnd(this::submit);
                    return;
                }
                stats.prqDrainWait.record(context.scheduler().now() - started);
                done.run();
            });
        }
    }

    @Override
    public Optional<DomainId> domainOf(StreamId stream) {
        Domain d = streams.get(stream.value());
        return d == null ? Optional.empty() : Optional.of(d.id);
    }

    @Override
    public Translation translate(StreamId stream, long iova, Access access, FaultResolutionListener onResolved) {
        Objects.requireNonNull(stream, "stream is null");
        Objects.requireNonNull(access, "access is null");
        Objects.requireNonNull(onResolved, "onResolved is null");
        return hardware.translate(stream.value(), iova, access, onResolved);
    }

    @Override
    public void map(DomainId domain, long iova, long pa, long length, boolean writable) {
        Domain d = domain(domain);
        for (long off = 0; off < length; off += PAGE) {
            d.table.set(iova + off, pa + off, writable);
        }
    }

    @Override
    public void unmap(DomainId domain, long iova, long length) {
        Domain d = domain(domain);
        for (long off = 0; off < length; off += PAGE) {
            d.table.clear(iova + off);
        }
        invalidateRange(d, iova, length);
    }

    @Override
    public void invalidate(DomainId domain, AddressRange range) {
        invalidateRange(domain(domain), range.start(), range.length());
    }

    @Override
    public void invalidateAll(DomainId domain) {
        invalidateRange(domain(domain), 0, (MAX_TLBI_OPS + 1) * PAGE);
    }

    // ------------------------------------------------------------------ ATS/PRI endpoints

    /** Connects an ATS/PRI endpoint behind {@code stream}: STE.EATS on, stalls off (PRI instead). */
    void connectEndpoint(StreamId stream, AtsPort port) {
        if (endpoints.put(stream.value(), port) == port) {
            return;
        }
        hardware.connectEndpoint(stream.value(), port);
        Domain d = streams.get(stream.value());
        if (d != null) {
            writeStream(stream.value(), d);
        }
    }

    /** The PASID of the process bound to {@code stream}'s domain, or -1. */
    int pasidOf(StreamId stream) {
        Domain d = streams.get(stream.value());
        return d == null ? -1 : d.pasid;
    }

    Smmuv3Hardware hardware() {
        return hardware;
    }

    /** The driver's reader of the event queue. */
    QueueReader eventQueue() {
        return eventReader;
    }

    /** The driver's reader of the PRI queue. */
    QueueReader priQueue() {
        return priReader;
    }

    // ------------------------------------------------------------------ interrupts and page responses

    private FaultRecord record(int sid, long va, Access access, FaultKind kind) {
        Domain d = streams.get(sid);
        return new FaultRecord(sink.nextFaultId(), context.path(), new StreamId(sid),
                d == null ? new DomainId(0) : d.id, d == null || kind == FaultKind.CONFIGURATION ? OptionalInt.empty()
                        : OptionalInt.of(d.space.pid()),
                va, access, kind, context.scheduler().now());
    }

    @Override
    public FaultRecord event(long seq, int sid, long va, Access access, FaultKind kind, boolean stalled,
            FaultResolutionListener device) {
        FaultRecord record = record(sid, va, access, kind);
        if (seq < 0) {
            return record;
        }
        PageFault fault = new PageFault(record, (r, outcome) -> answerEvent(seq, stalled, device, r, outcome));
        eventReader.raised(seq, fault);
        sink.raise(fault);
        return record;
    }

    private void answerEvent(long seq, boolean stalled, FaultResolutionListener device, FaultRecord r,
            FaultResolution outcome) {
        if (!stalled) {
            context.scheduler().schedule(0, () -> device.resolved(r, outcome));
            return;
        }
        while (eventReader.unread(seq)) {
            eventReader.read(1);
        }
        issue(Regs.CMD_RESUME | (long) r.stream().value() << 32
                | (long) (outcome == FaultResolution.RETRY ? Regs.RESUME_RETRY : Regs.RESUME_ABORT) << 12,
                eventReader.stagOf(seq));
    }

    @Override
    public FaultRecord pageRequest(long seq, int sid, int ssid, long va, Access access, int prgi, boolean last) {
        FaultRecord record = record(sid, va, access, FaultKind.TRANSLATION);
        long key = new QueueEntry(null, true, sid, ssid, va, access, last, prgi, -1).groupKey();
        Group g = groups.computeIfAbsent(key, k -> new Group());
        g.pending++;
        g.last |= last;
        if (last) {
            g.lastSeq = seq;
        }
        PageFault fault = new PageFault(record, (r, outcome) -> answerRequest(seq, key, sid, ssid, prgi, outcome));
        priReader.raised(seq, fault);
        sink.raise(fault);
        return record;
    }

    private void answerRequest(long seq, long key, int sid, int ssid, int prgi, FaultResolution outcome) {
        while (priReader.unread(seq)) {
            priReader.read(1);
        }
        Group g = groups.get(key);
        if (g == null) {
            return;
        }
        g.pending--;
        g.failed |= outcome != FaultResolution.RETRY;
        if (g.pending == 0 && g.last) {
            groups.remove(key);
            long[] words = settings.format().response(sid, ssid, prgi, g.failed ? Regs.PRI_RESP_DENY
                    : Regs.PRI_RESP_SUCC);
            for (int i = 0; i < words.length; i += 2) {
                issue(words[i], words[i + 1]);
            }
            if (!flushWaiters.isEmpty()) {
                java.util.List<Runnable> waiters = java.util.List.copyOf(flushWaiters);
                flushWaiters.clear();
                waiters.forEach(Runnable::run);
            }
        }
    }

    /**
     * How long the caller that just issued a page response spins before it returns: with VT-d page
     * requests {@code qi_submit_sync} polls its invalidation wait descriptor's status until the
     * hardware has consumed the queue up to it; CMD_PRI_RESP and COMPLETE_PPR_REQUEST are posted.
     */
    long pageResponseSpinNanos() {
        return settings.format() instanceof VtdPrqFormat ? hardware.commands().pendingNanos() : 0;
    }

    /**
     * {@code iopf_queue_discard_partial} on the IOMMU's side: forgets every page request group
     * whose last request has not arrived (after a VT-d PRQ overflow it was lost, and the device,
     * answered with success for it, asks for the whole group again).
     */
    void discardPartialGroups() {
        groups.values().removeIf(g -> !g.last);
    }

    /** Nothing waits here: the driver's synchronous calls consume their CMD_SYNC at once ({@link #syncNow}). */
    @Override
    public void syncDone() {
    }
}
