package org.iopf.plugin.zynqsmmu;

import static org.iopf.plugin.zynqsmmu.SmmuRegisters.*;

import jakarta.inject.Inject;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
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
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Inspectable;
import org.iopf.api.platform.ComponentContext;

/**
 * The ARM SMMU (MMU-500) of Zynq UltraScale+ (seed 000 §2.2, FIDELITY A2, A3).
 *
 * <p>Software sees registers: {@link #writeRegister} and {@link #readRegister} over the map of
 * {@link SmmuRegisters} — sCR0 (CLIENTPD set at reset: every transaction bypasses), 48 SMR/S2CR
 * pairs that route a stream to one of 16 context banks, and per bank CBAR/CBA2R, SCTLR, TCR/TCR2,
 * TTBR0, MAIR0, FSR (write 1 to clear), FAR, FSYNR0, RESUME and TLB maintenance. Transactions are
 * translated through a set-associative TLB and, on a miss, an ARMv8 long-descriptor walk of tables
 * in the node's emulated physical memory (stage 1, stage 2 or nested), each descriptor read costing
 * {@code walkAccessLatency}. A fault is recorded in FSR/FAR/FSYNR0 as the hardware does; in stall
 * mode (SCTLR.CFCFG) the transaction waits for a RESUME (retry or terminate) of its bank, in
 * terminate mode it is aborted at once; with SCTLR.CFIE the fault is raised as an interrupt
 * into the node's {@link FaultSink}. Answering the raised {@link PageFault} is writing RESUME.
 *
 * <p>As the node's {@link Iommu} it plays the ARM SMMU driver: {@link #attach} gives a domain a
 * context bank and programs it with the configure sequence of seed 000 §2.2 (CBAR, TTBR0, TCR,
 * SCTLR = M | ...), then an SMR/S2CR pair for the stream; {@link #map} writes real descriptors
 * into tables it allocates from physical memory; {@link #invalidate} is TLBIVA over the range,
 * {@link #invalidateAll} TLBIASID. Like the hardware, {@link #map} does not invalidate the TLB.
 *
 * <p>With {@code pipelining} off, a stalled fault in any context holds every other translation
 * until it is resumed (a held transaction hears RETRY then); with it on, the contexts are
 * programmed with HUPCF and only the faulting transactions wait.
 */
public final class Mmu500Smmu implements Iommu, Inspectable {
    private static final long MAIR_NORMAL_WB = 0xffL;
    /** TCR for stage 1: T0SZ = 16 (48-bit VA), 4 KiB granule, write-back walks, inner shareable. */
    private static final long TCR_S1 = 16 | (1L << 8) | (1L << 10) | (3L << 12);
    /** VTCR for stage 2: T0SZ = 16, SL0 = 2 (start at level 0), PS = 40 bits. */
    private static final long TCR_S2 = 16 | (2L << TCR_SL0_SHIFT) | (1L << 8) | (1L << 10) | (3L << 12)
            | (2L << VTCR_PS_SHIFT);

    private final ComponentContext context;
    private final FaultSink faults;
    private final SmmuSettings settings;
    private final TableMemory tables;
    private final TableWalker walker;
    private final PageTableWriter writer;
    private final IoTlb tlb;
    private final ContextBank[] banks;
    private final long[] smr;
    private final long[] s2cr;
    private final List<ArrayDeque<StalledTransaction>> stalled = new ArrayList<>();
    private final ArrayDeque<StalledTransaction> held = new ArrayDeque<>();
    private final ArrayDeque<LoggedFault> log = new ArrayDeque<>();
    private final TreeMap<Integer, DomainState> domains = new TreeMap<>();
    private final TreeMap<Integer, Integer> streamToSmr = new TreeMap<>();
    private final SmmuCounters counters;
    private long scr0 = SCR0_CLIENTPD;
    private long gfsr;
    private long gfar;
    private boolean releaseScheduled;

    /** A protection domain: its context bank and the process it translates for. */
    private static final class DomainState {
        final DomainId id;
        final int bank;
        AddressSpace space;

        DomainState(DomainId id, int bank) {
            this.id = id;
            this.bank = bank;
        }
    }

    @Inject
    Mmu500Smmu(ComponentContext context, FaultSink faults, MemoryManager memoryManager) {
        this(context, faults, memoryManager, SmmuSettings.from(context.parameters()));
    }

    Mmu500Smmu(ComponentContext context, FaultSink faults, MemoryManager memoryManager, SmmuSettings settings) {
        this.context = Objects.requireNonNull(context, "context is null");
        this.faults = Objects.requireNonNull(faults, "faults is null");
        this.settings = Objects.requireNonNull(settings, "settings is null");
        this.tables = new TableMemory(memoryManager.physicalMemory());
        this.walker = new TableWalker(tables);
        this.writer = new PageTableWriter(tables, settings.blockMappings());
        this.tlb = new IoTlb(settings.tlbEntries(), settings.tlbWays());
        this.banks = new ContextBank[settings.contextBanks()];
        for (int i = 0; i < banks.length; i++) {
            banks[i] = new ContextBank(i);
            stalled.add(new ArrayDeque<>());
        }
        this.smr = new long[settings.streamMatchGroups()];
        this.s2cr = new long[settings.streamMatchGroups()];
        this.counters = new SmmuCounters(context.metrics());
        context.metrics().gauge("tlb.occupied", "entries", tlb::occupied);
        context.metrics().gauge("tableFrames", "frames", tables::tableFrames);
    }

    // ------------------------------------------------------------------ registers

    /** Reads a register at {@code offset} from the SMMU base; unknown offsets read as zero. */
    public long readRegister(long offset) {
        if (offset >= CB_BASE) {
            int bank = bankAt(offset);
            long register = (offset - CB_BASE) % CB_STRIDE;
            return bank < 0 ? 0 : banks[bank].read(register);
        }
        if (offset == SCR0) {
            return scr0;
        } else if (offset == GFSR) {
            return gfsr;
        } else if (offset == GFAR) {
            return gfar;
        } else if (offset >= SMR && offset < SMR + 4L * smr.length) {
            return smr[(int) ((offset - SMR) / 4)];
        } else if (offset >= S2CR && offset < S2CR + 4L * s2cr.length) {
            return s2cr[(int) ((offset - S2CR) / 4)];
        } else if (offset >= CBAR && offset < CBAR + 4L * banks.length) {
            return banks[(int) ((offset - CBAR) / 4)].cbar;
        } else if (offset >= CBA2R && offset < CBA2R + 4L * banks.length) {
            return banks[(int) ((offset - CBA2R) / 4)].cba2r;
        }
        return 0;
    }

    /** Writes {@code value} to the register at {@code offset} from the SMMU base, with its side effects. */
    public void writeRegister(long offset, long value) {
        counters.registerWrites.increment();
        if (offset >= CB_BASE) {
            int bank = bankAt(offset);
            if (bank >= 0) {
                writeBank(bank, (offset - CB_BASE) % CB_STRIDE, value);
            }
            return;
        }
        if (offset == SCR0) {
            scr0 = value;
        } else if (offset == GFSR) {
            gfsr &= ~value;
        } else if (offset == TLBIALLNSNH) {
            counters.invalidationEntries.add(tlb.invalidateAll());
            counters.invalidationsAll.increment();
        } else if (offset >= SMR && offset < SMR + 4L * smr.length) {
            smr[(int) ((offset - SMR) / 4)] = value & 0xffff_ffffL;
        } else if (offset >= S2CR && offset < S2CR + 4L * s2cr.length) {
            s2cr[(int) ((offset - S2CR) / 4)] = value & 0xffff_ffffL;
        } else if (offset >= CBAR && offset < CBAR + 4L * banks.length) {
            banks[(int) ((offset - CBAR) / 4)].cbar = value;
        } else if (offset >= CBA2R && offset < CBA2R + 4L * banks.length) {
            banks[(int) ((offset - CBA2R) / 4)].cba2r = value;
        }
    }

    private int bankAt(long offset) {
        long bank = (offset - CB_BASE) / CB_STRIDE;
        return bank < banks.length ? (int) bank : -1;
    }

    private void writeBank(int bank, long register, long value) {
        ContextBank cb = banks[bank];
        if (cb.write(register, value)) {
            return;
        }
        if (register == CB_RESUME) {
            StalledTransaction head = stalled.get(bank).peekFirst();
            if (head != null) {
                resume(head, (value & 1) == 0 ? FaultResolution.RETRY : FaultResolution.TERMINATE);
            }
        } else if (register == CB_TLBIVA || register == CB_TLBIVAL) {
            int tag = IoTlb.context(bank, (int) (value >>> 48));
            counters.invalidationEntries.add(tlb.invalidateRange(tag, (value & 0x0000_0fff_ffff_ffffL) << 12, 4096));
            counters.invalidationsRange.increment();
        } else if (register == CB_TLBIIPAS2) {
            int tag = IoTlb.context(bank, cb.vmid());
            counters.invalidationEntries.add(tlb.invalidateRange(tag, (value & 0x0000_0fff_ffff_ffffL) << 12, 4096));
            counters.invalidationsRange.increment();
        } else if (register == CB_TLBIASID) {
            counters.invalidationEntries.add(tlb.invalidateContext(IoTlb.context(bank, (int) (value & 0xffff))));
            counters.invalidationsAll.increment();
        } else if (register == CB_TLBIALL) {
            counters.invalidationEntries.add(tlb.invalidateBank(bank));
            counters.invalidationsAll.increment();
        }
        // TLBSYNC completes at once: invalidation is immediate in the model, TLBSTATUS reads 0.
    }

    /** The context bank a domain was given, if it has one. */
    public OptionalInt bankOf(DomainId domain) {
        DomainState d = domains.get(domain.value());
        return d == null ? OptionalInt.empty() : OptionalInt.of(d.bank);
    }

    /** Transactions of {@code bank} stalled and waiting for a RESUME. */
    public int stalledIn(int bank) {
        return stalled.get(bank).size();
    }

    // ------------------------------------------------------------------ translation

    @Override
    public Translation translate(StreamId stream, long iova, Access access, FaultResolutionListener onResolved) {
        Objects.requireNonNull(stream, "stream is null");
        Objects.requireNonNull(access, "access is null");
        Objects.requireNonNull(onResolved, "onResolved is null");
        counters.translations.increment();
        long hitLatency = settings.tlbHitLatency();
        if ((scr0 & SCR0_CLIENTPD) != 0) {
            return bypass(iova, hitLatency);
        }
        int group = matchStream(stream.value());
        int type = group < 0 ? -1 : (int) ((s2cr[group] >>> S2CR_TYPE_SHIFT) & 0x3);
        if (group < 0 && (scr0 & SCR0_USFCFG) == 0 || type == S2CR_TYPE_BYPASS) {
            return bypass(iova, hitLatency);
        }
        if (group < 0 || type == S2CR_TYPE_FAULT) {
            gfsr |= GFSR_USF;
            gfar = iova;
            return fault(stream, -1, iova, access, HardwareFault.UNMATCHED_STREAM, 0, 0, hitLatency, onResolved);
        }
        int bank = (int) (s2cr[group] & 0xff);
        if (bank >= banks.length) {
            return fault(stream, -1, iova, access, HardwareFault.UNMATCHED_STREAM, 0, 0, hitLatency, onResolved);
        }
        ContextBank cb = banks[bank];
        if (!cb.enabled()) {
            return bypass(iova, hitLatency);
        }
        boolean mustHold = !stalled.get(bank).isEmpty() && (cb.sctlr & SCTLR_HUPCF) == 0
                || !settings.pipelining() && anyStalled();
        if (mustHold) {
            return hold(stream, bank, iova, access, hitLatency, onResolved);
        }
        WalkConfig config = walkConfig(cb);
        WalkConfig stage2 = null;
        if (config != null && cb.type() == CBAR_TYPE_NESTED) {
            int s2 = cb.stage2Bank();
            stage2 = s2 < banks.length && banks[s2].type() == CBAR_TYPE_S2 ? walkConfig(banks[s2]) : null;
            if (stage2 == null) {
                config = null;
            }
        }
        if (config == null) {
            return fault(stream, bank, iova, access, HardwareFault.CONFIGURATION, 0, 0, hitLatency, onResolved);
        }
        int tag = IoTlb.context(bank, cb.type() == CBAR_TYPE_S2 ? cb.vmid() : cb.asid());
        long entry = tlb.lookup(tag, iova);
        if (entry != IoTlb.MISS) {
            counters.tlbHits.increment();
            if ((entry & IoTlb.NEGATIVE) != 0) {
                return fault(stream, bank, iova, access, HardwareFault.TRANSLATION, IoTlb.level(entry), 0, hitLatency,
                        onResolved);
            }
            if ((entry & (access.isWrite() ? IoTlb.WRITABLE : IoTlb.READABLE)) == 0) {
                return fault(stream, bank, iova, access, HardwareFault.PERMISSION, IoTlb.level(entry), 0, hitLatency,
                        onResolved);
            }
            return Translation.hit(IoTlb.frame(entry) | (iova & 0xfff), hitLatency);
        }
        counters.tlbMisses.increment();
        WalkResult walk = walker.walk(config, stage2, iova, access);
        counters.walkReads.add(walk.reads());
        long latency = hitLatency + walk.reads() * settings.walkAccessLatency();
        if (!walk.isFault()) {
            long flags = (walk.readable() ? IoTlb.READABLE : 0) | (walk.writable() ? IoTlb.WRITABLE : 0);
            tlb.insert(tag, iova, IoTlb.entry(walk.address(), flags, walk.level()));
            return Translation.hit(walk.address(), latency);
        }
        if (walk.fault() == HardwareFault.TRANSLATION && settings.negativeCaching()) {
            tlb.insert(tag, iova, IoTlb.entry(0, IoTlb.NEGATIVE, walk.level()));
        }
        if (walk.stage2()) {
            long syndrome = (walk.tableWalkFault() ? FSYNR0_PTWF : 0) | ((long) bank << FSYNR0_S1CBNDX_SHIFT);
            return fault(stream, cb.stage2Bank(), iova, access, walk.fault(), walk.level(), syndrome, latency,
                    onResolved);
        }
        return fault(stream, bank, iova, access, walk.fault(), walk.level(), 0, latency, onResolved);
    }

    private Translation bypass(long iova, long latency) {
        counters.bypassed.increment();
        return Translation.hit(iova, latency);
    }

    private boolean anyStalled() {
        for (ArrayDeque<StalledTransaction> q : stalled) {
            if (!q.isEmpty()) {
                return true;
            }
        }
        return false;
    }

    private int matchStream(int stream) {
        for (int i = 0; i < smr.length; i++) {
            long r = smr[i];
            if ((r & SMR_VALID) != 0) {
                long mask = (r >>> SMR_MASK_SHIFT) & SMR_ID_MASK;
                if (((r ^ stream) & SMR_ID_MASK & ~mask) == 0) {
                    return i;
                }
            }
        }
        return -1;
    }

    /** Decodes a bank's TCR/TCR2/CBA2R into a walk configuration, or null if they cannot be used. */
    private WalkConfig walkConfig(ContextBank cb) {
        if ((cb.cba2r & CBA2R_VA64) == 0 || ((cb.tcr >>> TCR_TG0_SHIFT) & 0x3) != 0) {
            return null;
        }
        int t0sz = (int) (cb.tcr & TCR_T0SZ);
        if (t0sz < 16 || t0sz > 39) {
            return null;
        }
        int inputBits = 64 - t0sz;
        boolean afFaults = (cb.sctlr & SCTLR_AFFD) == 0;
        if (cb.type() == CBAR_TYPE_S2) {
            int start = 2 - (int) ((cb.tcr >>> TCR_SL0_SHIFT) & 0x3);
            if (start < 0 || inputBits > 12 + 9 * (4 - start) || inputBits <= 12 + 9 * (3 - start)) {
                return null;
            }
            int outputBits = addressBits((int) ((cb.tcr >>> VTCR_PS_SHIFT) & 0x7));
            return new WalkConfig(cb.tableBase(), start, inputBits, outputBits, true, afFaults);
        }
        int start = t0sz <= 24 ? 0 : t0sz <= 33 ? 1 : 2;
        return new WalkConfig(cb.tableBase(), start, inputBits, addressBits((int) (cb.tcr2 & 0x7)), false, afFaults);
    }

    private DomainId domainOfBank(int bank) {
        for (DomainState d : domains.values()) {
            if (d.bank == bank) {
                return d.id;
            }
        }
        return new DomainId(Math.max(bank, 0));
    }

    private int pidOfBank(int bank) {
        for (DomainState d : domains.values()) {
            if (d.bank == bank && d.space != null) {
                return d.space.pid();
            }
        }
        return -1;
    }

    private Translation fault(StreamId stream, int bank, long iova, Access access, HardwareFault kind, int level,
            long extraSyndrome, long latency, FaultResolutionListener device) {
        counters.faultsByKind(kind.kind()).increment();
        long now = context.scheduler().now();
        FaultRecord record = new FaultRecord(faults.nextFaultId(), context.path(), stream, domainOfBank(bank),
                pidOfBank(bank), iova, access, kind.kind(), now);
        long syndrome = (level & FSYNR0_PLVL) | (access.isWrite() ? FSYNR0_WNR : 0) | extraSyndrome;
        ContextBank cb = bank < 0 ? null : banks[bank];
        boolean stall = cb != null && cb.stallMode() && kind != HardwareFault.UNMATCHED_STREAM;
        if (cb != null) {
            cb.recordFault(kind.fsrBit(), iova, syndrome, stall);
        }
        LoggedFault logged = new LoggedFault(record, bank, kind.fsrBit() | (stall ? FSR_SS : 0), syndrome, stall);
        remember(logged);
        boolean interrupt = cb == null ? (scr0 & SCR0_GFIE) != 0 : (cb.sctlr & SCTLR_CFIE) != 0;
        if (stall) {
            counters.stalls.increment();
            StalledTransaction t = new StalledTransaction(record, device, bank);
            stalled.get(bank).addLast(t);
            traceStalled();
            if (interrupt) {
                faults.raise(new PageFault(record, (r, resolution) -> resume(t, resolution)));
            }
        } else {
            counters.aborted.increment();
            context.scheduler().schedule(0, () -> device.resolved(record, FaultResolution.TERMINATE));
            if (interrupt) {
                faults.raise(new PageFault(record, (r, resolution) -> { }));
            }
        }
        return Translation.fault(record, latency);
    }

    /** Holds a transaction behind a stalled fault; it hears RETRY when the SMMU no longer holds it. */
    private Translation hold(StreamId stream, int bank, long iova, Access access, long latency,
            FaultResolutionListener device) {
        counters.held.increment();
        FaultRecord record = new FaultRecord(faults.nextFaultId(), context.path(), stream, domainOfBank(bank),
                pidOfBank(bank), iova, access, FaultKind.TRANSLATION, context.scheduler().now());
        held.addLast(new StalledTransaction(record, device, bank));
        return Translation.held(record, latency);
    }

    private void remember(LoggedFault logged) {
        if (settings.faultLogSize() == 0) {
            return;
        }
        if (log.size() == settings.faultLogSize()) {
            log.removeFirst();
        }
        log.addLast(logged);
    }

    /** RESUME of one stalled transaction: its device hears the resolution, held transactions may go on. */
    private void resume(StalledTransaction t, FaultResolution resolution) {
        if (!t.isPending()) {
            return;
        }
        ArrayDeque<StalledTransaction> queue = stalled.get(t.bank());
        queue.remove(t);
        if (queue.isEmpty()) {
            banks[t.bank()].fsr &= ~FSR_SS;
        }
        (resolution == FaultResolution.RETRY ? counters.resumedRetry : counters.resumedTerminate).increment();
        for (LoggedFault f : log) {
            if (f.record().id() == t.record().id()) {
                f.ended((resolution == FaultResolution.RETRY ? "RESUME retry" : "RESUME terminate") + " at "
                        + context.scheduler().now() + "ns");
            }
        }
        t.end(resolution, context.scheduler().now());
        traceStalled();
        scheduleRelease();
    }

    /** The {@code stalled} counter track: transactions waiting for a RESUME, over every bank. */
    private void traceStalled() {
        if (context.tracer().enabled()) {
            long n = 0;
            for (ArrayDeque<StalledTransaction> q : stalled) {
                n += q.size();
            }
            context.tracer().counter(context.path(), "stalled", n);
        }
    }

    private void scheduleRelease() {
        if (held.isEmpty() || releaseScheduled) {
            return;
        }
        releaseScheduled = true;
        context.scheduler().schedule(0, () -> {
            releaseScheduled = false;
            int n = held.size();
            for (int i = 0; i < n; i++) {
                StalledTransaction t = held.pollFirst();
                boolean stillHeld = !stalled.get(t.bank()).isEmpty() && (banks[t.bank()].sctlr & SCTLR_HUPCF) == 0
                        || !settings.pipelining() && anyStalled();
                if (stillHeld) {
                    held.addLast(t);
                } else {
                    t.end(FaultResolution.RETRY, context.scheduler().now());
                }
            }
        });
    }

    // ------------------------------------------------------------------ the Iommu role (the driver)

    @Override
    public void attach(StreamId stream, DomainId domain, AddressSpace space) {
        Objects.requireNonNull(stream, "stream is null");
        Objects.requireNonNull(space, "space is null");
        if (streamToSmr.containsKey(stream.value())) {
            throw new IllegalArgumentException(stream + " is attached already to " + domainOf(stream).orElseThrow());
        }
        if (stream.value() > SMR_ID_MASK) {
            throw new IllegalArgumentException(stream + " does not fit the 15-bit SMR.ID");
        }
        DomainState d = domain(domain);
        if (d.space != null && d.space != space) {
            throw new IllegalArgumentException(
                    domain + " translates for pid " + d.space.pid() + ", not " + space.pid());
        }
        d.space = space;
        int group = -1;
        for (int i = 0; i < smr.length && group < 0; i++) {
            if ((smr[i] & SMR_VALID) == 0 && !streamToSmr.containsValue(i)) {
                group = i;
            }
        }
        if (group < 0) {
            throw new IllegalStateException(context.path() + ": all " + smr.length + " stream-match groups are in use");
        }
        writeRegister(S2CR + 4L * group, ((long) S2CR_TYPE_TRANSLATE << S2CR_TYPE_SHIFT) | d.bank);
        writeRegister(SMR + 4L * group, SMR_VALID | stream.value());
        streamToSmr.put(stream.value(), group);
        writeRegister(SCR0, SCR0_GFRE | SCR0_GFIE | SCR0_USFCFG);
    }

    /** The domain's state, giving it a context bank programmed as seed 000 §2.2 does on first use. */
    private DomainState domain(DomainId domain) {
        Objects.requireNonNull(domain, "domain is null");
        DomainState d = domains.get(domain.value());
        if (d != null) {
            return d;
        }
        int bank = freeBank();
        d = new DomainState(domain, bank);
        domains.put(domain.value(), d);
        configureBank(bank, tables.allocateTable(), domain.value() & 0xffff);
        return d;
    }

    private int freeBank() {
        boolean[] used = new boolean[banks.length];
        for (DomainState d : domains.values()) {
            used[d.bank] = true;
        }
        for (int i = 0; i < banks.length; i++) {
            if (!used[i] && !banks[i].enabled()) {
                return i;
            }
        }
        throw new IllegalStateException(context.path() + ": all " + banks.length
                + " context banks are in use (one per protection domain)");
    }

    /** The configure sequence of seed 000 §2.2: attributes, ACTLR, TTBR0, TCR, then SCTLR with M. */
    private void configureBank(int bank, long root, int asid) {
        boolean stage2 = settings.stage2();
        writeRegister(CBAR + 4L * bank, stage2 ? ((long) CBAR_TYPE_S2 << CBAR_TYPE_SHIFT) | (asid & 0xff)
                : (long) CBAR_TYPE_S1 << CBAR_TYPE_SHIFT);
        writeRegister(CBA2R + 4L * bank, CBA2R_VA64);
        writeRegister(cb(bank, CB_ACTLR), 0);
        writeRegister(cb(bank, CB_TCR2), 2);
        writeRegister(cb(bank, CB_TTBR0), stage2 ? root : root | ((long) asid << 48));
        writeRegister(cb(bank, CB_TCR), stage2 ? TCR_S2 : TCR_S1);
        writeRegister(cb(bank, CB_MAIR0), MAIR_NORMAL_WB);
        writeRegister(cb(bank, CB_FSR), FSR_FAULT | FSR_SS | FSR_MULTI);
        long sctlr = SCTLR_M | SCTLR_TRE | SCTLR_AFE | SCTLR_CFRE | SCTLR_CFIE
                | (settings.stall() ? SCTLR_CFCFG : 0) | (settings.pipelining() ? SCTLR_HUPCF : 0);
        writeRegister(cb(bank, CB_SCTLR), sctlr);
    }

    @Override
    public void detach(StreamId stream) {
        Integer group = streamToSmr.remove(stream.value());
        if (group != null) {
            writeRegister(SMR + 4L * group, 0);
        }
    }

    @Override
    public Optional<DomainId> domainOf(StreamId stream) {
        Integer group = streamToSmr.get(stream.value());
        if (group == null) {
            return Optional.empty();
        }
        int bank = (int) (s2cr[group] & 0xff);
        return Optional.of(domainOfBank(bank));
    }

    @Override
    public void map(DomainId domain, long iova, long pa, long length, boolean writable) {
        DomainState d = domain(domain);
        writer.map(requireConfig(d), iova, pa, length, writable);
        counters.mappedPages.add(length / Lpae.GRANULE);
    }

    @Override
    public void unmap(DomainId domain, long iova, long length) {
        DomainState d = domain(domain);
        writer.unmap(requireConfig(d), iova, length);
        invalidate(domain, new AddressRange(iova, length));
    }

    private WalkConfig requireConfig(DomainState d) {
        WalkConfig config = walkConfig(banks[d.bank]);
        if (config == null) {
            throw new IllegalStateException("context bank " + d.bank + " of " + d.id + " is not configured");
        }
        return config;
    }

    @Override
    public void invalidate(DomainId domain, AddressRange range) {
        DomainState d = domain(domain);
        counters.invalidationsRange.increment();
        counters.invalidationEntries.add(tlb.invalidateRange(tag(d), range.start(), range.length()));
    }

    @Override
    public void invalidateAll(DomainId domain) {
        DomainState d = domain(domain);
        counters.invalidationsAll.increment();
        counters.invalidationEntries.add(tlb.invalidateContext(tag(d)));
    }

    private int tag(DomainState d) {
        ContextBank cb = banks[d.bank];
        return IoTlb.context(d.bank, cb.type() == CBAR_TYPE_S2 ? cb.vmid() : cb.asid());
    }

    // ------------------------------------------------------------------ inspection

    @Override
    public List<String> views() {
        return List.of("registers", "faults");
    }

    @Override
    public List<String> render(String view) {
        Objects.requireNonNull(view, "view is null");
        List<String> lines = new ArrayList<>();
        switch (view) {
            case "registers" -> {
                lines.add(String.format("%s sCR0=0x%x[%s] GFSR=0x%x GFAR=0x%x", context.path(), scr0,
                        (scr0 & SCR0_CLIENTPD) != 0 ? "CLIENTPD bypass" : "translating", gfsr, gfar));
                for (int i = 0; i < smr.length; i++) {
                    if ((smr[i] & SMR_VALID) != 0) {
                        lines.add(String.format("SMR%-2d=0x%08x id=%d mask=0x%x  S2CR%-2d=0x%08x -> cb%d", i, smr[i],
                                smr[i] & SMR_ID_MASK, (smr[i] >>> SMR_MASK_SHIFT) & SMR_ID_MASK, i, s2cr[i],
                                s2cr[i] & 0xff));
                    }
                }
                for (ContextBank cb : banks) {
                    if (cb.enabled() || cb.cbar != 0 || cb.fsr != 0) {
                        lines.add(cb.dump() + "  stalled=" + stalled.get(cb.index()).size());
                    }
                }
                lines.add(String.format("TLB %d/%d entries (%d-way)", tlb.occupied(), tlb.capacity(),
                        settings.tlbWays()));
            }
            case "faults" -> {
                lines.add(String.format("%s fault log (last %d of %d faults)", context.path(), log.size(),
                        counters.totalFaults()));
                for (LoggedFault f : log) {
                    lines.add(f.render());
                }
            }
            default -> throw new IllegalArgumentException("no view '" + view + "' of " + context.path()
                    + "; views are " + views());
        }
        return lines;
    }
}
