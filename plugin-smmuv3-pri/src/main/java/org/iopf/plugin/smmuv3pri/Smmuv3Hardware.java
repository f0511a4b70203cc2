package org.iopf.plugin.smmuv3pri;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.random.RandomGenerator;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.fault.FaultRecord;
import org.iopf.api.fault.FaultResolution;
import org.iopf.api.fault.FaultResolutionListener;
import org.iopf.api.iommu.Translation;
import org.iopf.api.mem.Access;
import org.iopf.api.sim.Scheduler;
import org.iopf.api.sim.ServiceTime;

/**
 * The SMMUv3 device (Arm IHI 0070): its registers (IDR0–5, CR0/CR0ACK, STRTAB_BASE[_CFG], the
 * base/PROD/CONS of the command, event and PRI queues), the translation of a transaction (config
 * fetch, TLB, stage-1 walk by one of a bounded number of parallel walkers), event records with
 * stall tags for stalled transactions (§3.12) — a fault whose event the full event queue cannot take
 * is raised to no one and its transaction aborted (a held translation that hears TERMINATE) — ATS translation requests (§3.9) and page requests
 * into the PRI queue (chapter 8) with its overflow flag and the automatic success response for a
 * discarded last request. Commands are consumed by {@link CommandConsumer}.
 */
final class Smmuv3Hardware {
    /** A transaction held until CMD_RESUME. */
    record Stalled(int sid, FaultResolutionListener device, FaultRecord record) {
    }

    /** The answer to an ATS translation request. */
    record AtsResult(long pa, boolean writable, boolean unsupported, long latencyNanos) {
        boolean translated() {
            return pa >= 0;
        }
    }

    private final Scheduler scheduler;
    /** Draws the hardware times (TLB hit, descriptor reads, commands, PCIe); constants draw nothing. */
    private final RandomGenerator random;
    private final SmmuSettings settings;
    private final SmmuStatistics stats;
    private final ModelledMemory memory;
    private final ConfigFetch configs;
    private final Stage1Walker walker;
    private final Tlb tlb;
    private final long[] walkerFreeAt;
    private final Map<Integer, Stalled> stalled = new HashMap<>();
    private final Map<Integer, AtsPort> endpoints = new HashMap<>();
    private final CommandConsumer commands;
    private SmmuEvents events;
    private int cr0;
    private long strtabBase;
    private long strtabBaseCfg;
    private long evtqBase;
    private int evtqProd;
    private int evtqCons;
    private long priqBase;
    private int priqProd;
    private int priqCons;
    private boolean priOverflow;
    private long evtWritten;
    private long priWritten;
    private int nextStag;
    private boolean lastFaultStalled;
    private final OutstandingTransactions slots;
    private int gerror;
    private int gerrorn;

    Smmuv3Hardware(Scheduler scheduler, RandomGenerator random, SmmuSettings settings, SmmuStatistics stats,
            ModelledMemory memory) {
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler is null");
        this.random = Objects.requireNonNull(random, "random is null");
        this.settings = settings;
        this.stats = stats;
        this.memory = memory;
        this.configs = new ConfigFetch(memory);
        this.walker = new Stage1Walker(memory, settings.walkCacheEntries());
        this.tlb = new Tlb(settings.tlbEntries());
        this.walkerFreeAt = new long[settings.parallelWalks()];
        this.slots = new OutstandingTransactions(settings.outstandingTransactions());
        this.commands = new CommandConsumer(scheduler, settings, stats, memory, this);
    }

    /** Connects the driver side that hears the queues' interrupts. */
    void connect(SmmuEvents driver) {
        this.events = Objects.requireNonNull(driver, "driver is null");
        commands.connect(driver);
    }

    /** Connects an ATS/PRI endpoint behind stream {@code sid} (its PCIe requester id). */
    void connectEndpoint(int sid, AtsPort port) {
        endpoints.put(sid, port);
    }

    AtsPort endpoint(int sid) {
        return endpoints.get(sid);
    }

    // ------------------------------------------------------------------ registers

    long readRegister(long offset) {
        return switch ((int) offset) {
            case (int) Regs.IDR0 -> idr0();
            case (int) Regs.IDR1 -> (long) settings.cmdqLog2() << Regs.IDR1_CMDQS_SHIFT
                    | (long) settings.evtqLog2() << Regs.IDR1_EVTQS_SHIFT | (long) settings.priqLog2() << Regs.IDR1_PRIQS_SHIFT
                    | (long) settings.ssidBits() << Regs.IDR1_SSIDSIZE_SHIFT | settings.sidBits();
            case (int) Regs.IDR5 -> Regs.IDR5_OAS_48 | Regs.IDR5_GRAN4K;
            case (int) Regs.CR0, (int) Regs.CR0ACK -> cr0;
            case (int) Regs.GERROR -> gerror;
            case (int) Regs.GERRORN -> gerrorn;
            case (int) Regs.STRTAB_BASE -> strtabBase;
            case (int) Regs.STRTAB_BASE_CFG -> strtabBaseCfg;
            case (int) Regs.CMDQ_BASE -> commands.base();
            case (int) Regs.CMDQ_PROD -> commands.prod() & 0xffff_ffffL;
            case (int) Regs.CMDQ_CONS -> commands.cons() & 0xffff_ffffL;
            case (int) Regs.EVTQ_BASE -> evtqBase;
            case (int) Regs.EVTQ_PROD -> evtqProd & 0xffff_ffffL;
            case (int) Regs.EVTQ_CONS -> evtqCons & 0xffff_ffffL;
            case (int) Regs.PRIQ_BASE -> priqBase;
            case (int) Regs.PRIQ_PROD -> priqProd & 0xffff_ffffL;
            case (int) Regs.PRIQ_CONS -> priqCons & 0xffff_ffffL;
            default -> 0;
        };
    }

    private long idr0() {
        long v = Regs.IDR0_S1P | Regs.IDR0_TTF_AARCH64 | Regs.IDR0_COHACC | Regs.IDR0_ATS | Regs.IDR0_ASID16
                | Regs.IDR0_PRI | Regs.IDR0_ST_LVL_2;
        return v | (long) settings.stallModel() << Regs.IDR0_STALL_MODEL_SHIFT;
    }

    void writeRegister(long offset, long value) {
        int v = (int) value;
        switch ((int) offset) {
            case (int) Regs.CR0 -> {
                cr0 = v & (Regs.CR0_SMMUEN | Regs.CR0_PRIQEN | Regs.CR0_EVTQEN | Regs.CR0_CMDQEN);
                commands.enable((cr0 & Regs.CR0_CMDQEN) != 0);
            }
            case (int) Regs.GERRORN -> {
                gerrorn = v & Regs.GERROR_ERR_MASK;
                commands.kick();
            }
            case (int) Regs.STRTAB_BASE -> strtabBase = value;
            case (int) Regs.STRTAB_BASE_CFG -> {
                strtabBaseCfg = value;
                configs.program(strtabBase, strtabBaseCfg);
            }
            case (int) Regs.CMDQ_BASE -> commands.base(value);
            case (int) Regs.CMDQ_PROD -> commands.prod(v);
            case (int) Regs.CMDQ_CONS -> commands.cons(v);
            case (int) Regs.EVTQ_BASE -> evtqBase = value;
            case (int) Regs.EVTQ_PROD -> evtqProd = v;
            case (int) Regs.EVTQ_CONS -> evtqCons = v;
            case (int) Regs.PRIQ_BASE -> priqBase = value;
            case (int) Regs.PRIQ_PROD -> priqProd = v;
            case (int) Regs.PRIQ_CONS -> priqCons = v;
            default -> {
            }
        }
    }

    /** Whether the global error {@code bit} is active: GERROR and GERRORN differ in it. */
    boolean globalErrorActive(int bit) {
        return ((gerror ^ gerrorn) & bit) != 0;
    }

    /**
     * Activates a global error (IHI 0070 §6.3.16): GERROR's bit is toggled unless that error is
     * active already, and the global error interrupt is raised.
     */
    void globalError(int bit) {
        if (globalErrorActive(bit)) {
            return;
        }
        gerror ^= bit;
        if (events != null) {
            events.globalError();
        }
    }

    private boolean enabled(int bit) {
        return (cr0 & bit) != 0;
    }

    // ------------------------------------------------------------------ translation

    /**
     * Translates a device transaction (no PASID) as the Iommu role's {@code translate}: a hit, a
     * stalled fault (event with Stall = 1 and an STAG, the transaction held until CMD_RESUME), or a
     * terminated fault (event recorded, the driver passes the handler's answer on).
     */
    Translation translate(int sid, long va, Access access, FaultResolutionListener device) {
        stats.translations.increment();
        long now = scheduler.now();
        long wait = slots.admit(now);
        if (wait < 0) {
            stats.tbuHeld.increment();
            FaultRecord record = events.event(-1, sid, va, access, FaultKind.TRANSLATION, false, device);
            slots.hold(() -> scheduler.schedule(0, () -> device.resolved(record, FaultResolution.RETRY)));
            return Translation.held(record, 0);
        }
        stats.tbuWait.record(wait);
        lastFaultStalled = false;
        Translation t = translateAdmitted(sid, va, access, device, now + wait);
        if (lastFaultStalled) {
            slots.stalled();
        } else {
            slots.answeredAt(now + wait + t.latencyNanos());
        }
        return wait == 0 ? t : withExtraLatency(t, wait);
    }

    private static Translation withExtraLatency(Translation t, long wait) {
        if (t instanceof Translation.Hit hit) {
            return Translation.hit(hit.physicalAddress(), hit.latencyNanos() + wait);
        }
        if (t instanceof Translation.Fault f) {
            return Translation.fault(f.fault(), f.latencyNanos() + wait);
        }
        return Translation.held(t.record().orElseThrow(), t.latencyNanos() + wait);
    }

    private Translation translateAdmitted(int sid, long va, Access access, FaultResolutionListener device, long start) {
        if (!enabled(Regs.CR0_SMMUEN)) {
            return fault(sid, va, access, FaultKind.CONFIGURATION, false, tlbHitNanos(), device);
        }
        StreamConfig config = configs.lookup(sid, -1);
        long latency = tlbHitNanos() + walkNanos(config.reads());
        if (!config.valid()) {
            return fault(sid, va, access, FaultKind.CONFIGURATION, false, latency, device);
        }
        Lookup result = lookup(config, va, access, start);
        latency += result.latency;
        if (result.walk == null || result.walk.ok()) {
            return Translation.hit(result.pa, latency);
        }
        boolean stall = result.walk.fault() == FaultKind.TRANSLATION && config.stalls() && settings.canStall();
        return fault(sid, va, access, result.walk.fault(), stall, latency, device);
    }

    /** The result of TLB lookup and walk. */
    private record Lookup(long pa, Stage1Walker.Result walk, long latency) {
    }

    private Lookup lookup(StreamConfig config, long va, Access access, long start) {
        Tlb.Entry hit = tlb.lookup(config.asid(), va);
        if (hit != null && (!access.isWrite() || hit.writable())) {
            stats.tlbHits.increment();
            return new Lookup(hit.frame() | (va & 0xfff), null, 0);
        }
        int free = 0;
        for (int i = 1; i < walkerFreeAt.length; i++) {
            if (walkerFreeAt[i] < walkerFreeAt[free]) {
                free = i;
            }
        }
        long begin = Math.max(start, walkerFreeAt[free]);
        stats.walkWait.record(begin - start);
        long before = walker.cacheHits();
        Stage1Walker.Result walk = walker.walk(config.ttb0(), config.asid(), config.inputBits(), va, access);
        stats.walks.increment();
        stats.walkReads.add(walk.reads());
        stats.walkCacheHits.add(walker.cacheHits() - before);
        long end = begin + walkNanos(walk.reads());
        walkerFreeAt[free] = end;
        if (walk.ok()) {
            tlb.fill(config.asid(), va, walk.pa(), walk.writable());
        }
        return new Lookup(walk.pa(), walk, end - start);
    }

    private Translation fault(int sid, long va, Access access, FaultKind kind, boolean stall, long latency,
            FaultResolutionListener device) {
        int stag = stall ? nextStag++ & 0xffff : 0;
        long w0 = (long) sid << 32 | eventId(kind);
        long w1 = (stall ? Regs.EVT1_STALL | stag : 0) | (access.isWrite() ? 0 : Regs.EVT1_RNW);
        if (!writeEvent(w0, w1, va)) {
            FaultRecord lost = events.event(-1, sid, va, access, kind, false, device);
            scheduler.schedule(0, () -> device.resolved(lost, FaultResolution.TERMINATE));
            return Translation.held(lost, latency);
        }
        FaultRecord record = events.event(evtWritten - 1, sid, va, access, kind, stall, device);
        if (stall) {
            stats.stalls.increment();
            stalled.put(stag, new Stalled(sid, device, record));
            lastFaultStalled = true;
        }
        return Translation.fault(record, latency);
    }

    private static int eventId(FaultKind kind) {
        return switch (kind) {
            case TRANSLATION -> Regs.EVT_F_TRANSLATION;
            case PERMISSION -> Regs.EVT_F_PERMISSION;
            case ACCESS -> Regs.EVT_F_TRANSLATION;
            case CONFIGURATION -> Regs.EVT_C_BAD_STE;
        };
    }

    /** Writes an event record if the event queue is enabled and not full. */
    private boolean writeEvent(long w0, long w1, long va) {
        int log2 = (int) (evtqBase & Regs.Q_BASE_LOG2SIZE_MASK);
        if (!enabled(Regs.CR0_EVTQEN) || QueueIndex.full(evtqProd, evtqCons, log2)) {
            stats.eventsLost.increment();
            if (enabled(Regs.CR0_EVTQEN) && (evtqProd & Regs.Q_OVF) == (evtqCons & Regs.Q_OVF)) {
                evtqProd ^= Regs.Q_OVF;
            }
            return false;
        }
        long slot = (evtqBase & Regs.Q_BASE_ADDR_MASK) + (long) Regs.EVT_BYTES * QueueIndex.index(evtqProd, log2);
        if (!memory.contains(slot + 24)) {
            // the queue's memory does not answer: an external abort on the write, the record is lost
            stats.eventsLost.increment();
            globalError(Regs.GERROR_EVTQ_ABT_ERR);
            return false;
        }
        memory.write(slot, w0);
        memory.write(slot + 8, w1);
        memory.write(slot + 16, va);
        memory.write(slot + 24, 0);
        evtqProd = QueueIndex.next(evtqProd, log2);
        evtWritten++;
        stats.events.increment();
        return true;
    }

    /** An ATS translation request (§3.9.1): a translation, or none (R = W = 0); no event is recorded for it. */
    AtsResult atsTranslate(int sid, int ssid, long va, Access access) {
        stats.translations.increment();
        stats.atsRequests.increment();
        StreamConfig config = enabled(Regs.CR0_SMMUEN) ? configs.lookup(sid, ssid) : StreamConfig.error(1, 0);
        long latency = tlbHitNanos() + walkNanos(config.reads());
        if (!config.valid() || !config.ats()) {
            return new AtsResult(-1, false, true, latency);
        }
        Lookup result = lookup(config, va, access, scheduler.now());
        if (result.walk != null && !result.walk.ok()) {
            stats.atsMisses.increment();
            return new AtsResult(-1, false, false, latency + result.latency);
        }
        boolean writable = result.walk == null ? tlb.lookup(config.asid(), va).writable() : result.walk.writable();
        return new AtsResult(result.pa & ~0xfffL, writable, false, latency + result.latency);
    }

    /**
     * A page request arrives (chapter 8): written into the page-request queue in the format of
     * {@code pageRequests}, or discarded when the queue cannot take it — full, or, for VT-d and AMD,
     * while the overflow flag is set. A discard sets the overflow flag (PRIQ_PROD.OVFLG toggled for a
     * new overflow; PRS.PRO; PPRLogOverflow) and a discarded <em>last</em> request is answered with a
     * PRG response of success, so that the device asks again.
     *
     * @return whether it was queued
     */
    boolean pageRequest(int sid, int ssid, long va, Access access, int prgi, boolean last) {
        PageRequestFormat format = settings.format();
        int log2 = (int) (priqBase & Regs.Q_BASE_LOG2SIZE_MASK);
        boolean smmu = format instanceof SmmuPriFormat;
        if (!enabled(Regs.CR0_PRIQEN) || format.full(priqProd, priqCons, log2)
                || (format.discardsWhileOverflowed() && priOverflow)) {
            stats.priDiscarded.increment();
            if (smmu ? (priqProd & Regs.Q_OVF) == (priqCons & Regs.Q_OVF) : !priOverflow) {
                if (smmu) {
                    priqProd ^= Regs.Q_OVF;
                } else {
                    priOverflow = true;
                }
                stats.priOverflows.increment();
            }
            if (last) {
                stats.priAuto.increment();
                respond(sid, ssid, prgi, Regs.PRI_RESP_SUCC);
            }
            return false;
        }
        stats.priqDepth.record(format.used(priqProd, priqCons, log2));
        long slot = (priqBase & Regs.Q_BASE_ADDR_MASK) + format.offset(priqProd, log2);
        if (!memory.contains(slot + format.entryBytes() - 8)) {
            // an external abort on the PRI queue write: the request is lost (no automatic response)
            stats.priDiscarded.increment();
            globalError(Regs.GERROR_PRIQ_ABT_ERR);
            return false;
        }
        format.write(memory, slot, new PageRequestFormat.Request(sid, ssid, va, access, prgi, last));
        priqProd = format.next(priqProd, log2);
        priWritten++;
        stats.priRequests.increment();
        events.pageRequest(priWritten - 1, sid, ssid, va, access, prgi, last);
        return true;
    }

    /** The VT-d PRS.PRO / AMD PPRLogOverflow flag (the SMMU's is PRIQ_PROD.OVFLG). */
    boolean priOverflowed() {
        return priOverflow;
    }

    /** Software clears the overflow flag (a write of 1 to PRS.PRO or to PPRLogOverflow). */
    void clearPriOverflow() {
        priOverflow = false;
    }

    PageRequestFormat pageRequestFormat() {
        return settings.format();
    }

    /** Sends a PRG response to the endpoint behind {@code sid}, one PCIe crossing later. */
    void respond(int sid, int ssid, int prgi, int code) {
        AtsPort port = endpoints.get(sid);
        if (port != null) {
            scheduler.schedule(pcieNanos(), () -> port.prgResponse(ssid, prgi, code));
        }
    }

    // ------------------------------------------------------------------ command effects

    /** CMD_RESUME: retries or aborts the stalled transaction with {@code stag}. */
    void resume(int sid, int stag, int action) {
        Stalled s = stalled.get(stag);
        if (s == null || s.sid() != sid) {
            return;
        }
        stalled.remove(stag);
        slots.resumed();
        FaultResolution outcome = action == Regs.RESUME_RETRY ? FaultResolution.RETRY : FaultResolution.TERMINATE;
        s.device().resolved(s.record(), outcome);
    }

    void invalidateTlb(int asid, long va, long length) {
        tlb.invalidate(asid, va, length);
        walker.invalidate(asid, va, length);
    }

    void invalidateAsid(int asid) {
        tlb.invalidateTag(asid);
        walker.invalidateAsid(asid);
    }

    ConfigFetch configs() {
        return configs;
    }

    CommandConsumer commands() {
        return commands;
    }

    int stalledCount() {
        return stalled.size();
    }

    int tlbOccupied() {
        return tlb.occupied();
    }

    /** The one-way PCIe latency between root port and endpoint, for an endpoint to draw from its own stream. */
    ServiceTime pcie() {
        return settings.pcie();
    }

    /** One PCIe crossing between root port and endpoint, drawn. */
    long pcieNanos() {
        return settings.pcie().draw(random);
    }

    /** The SMMU's time to consume one command, drawn. */
    long commandNanos() {
        return settings.command().draw(random);
    }

    /** A translation served by the TLB or a config-cache hit, drawn. */
    private long tlbHitNanos() {
        return settings.tlbHit().draw(random);
    }

    /** {@code reads} descriptor reads from memory, each drawn. */
    private long walkNanos(int reads) {
        return settings.walkAccess().drawTotal(random, reads);
    }

    ModelledMemory memory() {
        return memory;
    }
}
