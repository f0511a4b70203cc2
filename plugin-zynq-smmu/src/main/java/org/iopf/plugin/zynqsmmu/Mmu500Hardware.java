package org.iopf.plugin.zynqsmmu;

import static org.iopf.plugin.zynqsmmu.SmmuRegisters.*;

import java.util.ArrayDeque;
import java.util.random.RandomGenerator;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.fault.FaultRecord;
import org.iopf.api.fault.FaultResolution;
import org.iopf.api.fault.FaultResolutionListener;
import org.iopf.api.fault.FaultSink;
import org.iopf.api.fault.PageFault;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.iommu.Translation;
import org.iopf.api.mem.Access;
import org.iopf.api.platform.ComponentContext;

/**
 * The MMU-500 as hardware (seed 000 §2.2, FIDELITY A2, A3): the register file, stream matching,
 * the set-associative TLB, the ARMv8 long-descriptor walk, fault recording in FSR/FAR/FSYNR0 and
 * stall or terminate. It knows context banks, not protection domains: the driver's side
 * ({@link Mmu500Smmu}) programs it through {@link #writeRegister} and names a bank's domain and
 * process for the fault record ({@link BankOwners}).
 *
 * <p>sCR0 (CLIENTPD set at reset: every transaction bypasses), 48 SMR/S2CR pairs that route a
 * stream to one of 16 context banks, and per bank CBAR/CBA2R, SCTLR, TCR/TCR2, TTBR0, MAIR0, FSR
 * (write 1 to clear), FAR, FSYNR0, RESUME and TLB maintenance. On a TLB miss the walk reads tables
 * in the node's emulated physical memory (stage 1, stage 2 or nested), each descriptor read costing
 * {@code walkAccessLatency}. In stall mode (SCTLR.CFCFG) a faulting transaction waits for a RESUME
 * (retry or terminate) of its bank, in terminate mode it is aborted at once; with SCTLR.CFIE the
 * fault is raised as an interrupt into the node's {@link FaultSink}, and answering the raised
 * {@link PageFault} is writing RESUME.
 */
final class Mmu500Hardware implements RegisterFile {
    private final ComponentContext context;
    /** Draws the TLB-hit and walk-read times; constants draw nothing. */
    private final RandomGenerator random;
    private final FaultSink faults;
    private final SmmuSettings settings;
    private final SmmuCounters counters;
    private final BankOwners owners;
    private final TableWalker walker;
    private final IoTlb tlb;
    private final WalkCache walkCache;
    private final ContextBank[] banks;
    private final long[] smr;
    private final long[] s2cr;
    private final StallQueues stalls;
    private final RegisterLayout layout;
    private final IdRegisters ids;
    private final ArrayDeque<LoggedFault> log = new ArrayDeque<>();
    private long scr0 = SCR0_CLIENTPD;
    private long gfsr;
    private long gfar;

    Mmu500Hardware(ComponentContext context, FaultSink faults, SmmuSettings settings, SmmuCounters counters,
            TableMemory tables, BankOwners owners) {
        this.context = context;
        this.random = context.random();
        this.faults = faults;
        this.settings = settings;
        this.counters = counters;
        this.owners = owners;
        this.walker = new TableWalker(tables);
        this.tlb = new IoTlb(settings.tlbEntries(), settings.tlbWays());
        this.walkCache = new WalkCache(settings.walkCacheEntries());
        this.banks = new ContextBank[settings.contextBanks()];
        for (int i = 0; i < banks.length; i++) {
            banks[i] = new ContextBank(i);
        }
        this.smr = new long[settings.streamMatchGroups()];
        this.s2cr = new long[settings.streamMatchGroups()];
        this.stalls = new StallQueues(context, banks, settings.pipelining());
        this.layout = RegisterLayout.forBanks(banks.length);
        this.ids = IdRegisters.mmu500(banks.length, smr.length, layout);
    }

    // ------------------------------------------------------------------ registers

    /** Reads a register at {@code offset} from the SMMU base; unknown offsets read as zero. */
    @Override
    public long readRegister(long offset) {
        if (offset >= layout.contextBankBase()) {
            int bank = bankAt(offset);
            return bank < 0 ? 0 : banks[bank].read(registerInBank(offset));
        }
        if (offset >= ID0 && offset <= ID7) {
            return ids.read(offset);
        } else if (offset == SCR0) {
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
    @Override
    public void writeRegister(long offset, long value) {
        counters.registerWrites.increment();
        if (offset >= layout.contextBankBase()) {
            int bank = bankAt(offset);
            if (bank >= 0) {
                writeBank(bank, registerInBank(offset), value);
            }
            return;
        }
        if (offset == SCR0) {
            scr0 = value;
        } else if (offset == GFSR) {
            gfsr &= ~value;
        } else if (offset == TLBIALLNSNH) {
            counters.invalidationEntries.add(tlb.invalidateAll());
            walkCache.invalidateAll();
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

    /** The bank whose register page holds {@code offset}, or -1 beyond the last bank. */
    private int bankAt(long offset) {
        long bank = (offset - layout.contextBankBase()) >>> layout.pageShift();
        return bank < banks.length ? (int) bank : -1;
    }

    private long registerInBank(long offset) {
        return (offset - layout.contextBankBase()) & (layout.pageSize() - 1);
    }

    /** Where the register pages sit (ID1 tells a driver the same). */
    RegisterLayout layout() {
        return layout;
    }

    private void writeBank(int bank, long register, long value) {
        ContextBank cb = banks[bank];
        if (cb.write(register, value)) {
            return;
        }
        if (register == CB_RESUME) {
            StalledTransaction head = stalls.head(bank);
            if (head != null) {
                resume(head, (value & 1) == 0 ? FaultResolution.RETRY : FaultResolution.TERMINATE);
            }
        } else if (register == CB_TLBIVA || register == CB_TLBIVAL) {
            int tag = IoTlb.context(bank, (int) (value >>> 48));
            long va = (value & 0x0000_0fff_ffff_ffffL) << 12;
            counters.invalidationEntries.add(tlb.invalidateRange(tag, va, 4096));
            if (register == CB_TLBIVA) {
                // TLBIVA covers every level (the walk cache too); TLBIVAL only the last level.
                walkCache.invalidateRange(tag, va, 4096);
            }
            counters.invalidationsRange.increment();
        } else if (register == CB_TLBIIPAS2) {
            int tag = IoTlb.context(bank, cb.vmid());
            long ipa = (value & 0x0000_0fff_ffff_ffffL) << 12;
            counters.invalidationEntries.add(tlb.invalidateRange(tag, ipa, 4096));
            walkCache.invalidateRange(tag, ipa, 4096);
            counters.invalidationsRange.increment();
        } else if (register == CB_TLBIASID) {
            int tag = IoTlb.context(bank, (int) (value & 0xffff));
            counters.invalidationEntries.add(tlb.invalidateContext(tag));
            walkCache.invalidateContext(tag);
            counters.invalidationsAll.increment();
        } else if (register == CB_TLBIALL) {
            counters.invalidationEntries.add(tlb.invalidateBank(bank));
            walkCache.invalidateBank(bank);
            counters.invalidationsAll.increment();
        }
        // TLBSYNC completes at once: invalidation is immediate in the model, TLBSTATUS reads 0.
    }

    // ------------------------------------------------------------------ state the driver and the views read

    int bankCount() {
        return banks.length;
    }

    ContextBank bank(int index) {
        return banks[index];
    }

    int streamMatchGroups() {
        return smr.length;
    }

    /** The context bank that stream-match group {@code group} routes to (its S2CR.CBNDX). */
    int bankOfGroup(int group) {
        return (int) (s2cr[group] & 0xff);
    }

    IoTlb tlb() {
        return tlb;
    }

    WalkCache walkCache() {
        return walkCache;
    }

    Iterable<LoggedFault> faultLog() {
        return log;
    }

    int faultLogSize() {
        return log.size();
    }

    /** Transactions of {@code bank} stalled and waiting for a RESUME. */
    int stalledIn(int bank) {
        return stalls.stalledIn(bank);
    }

    /** The TLB tag of a bank's current context: VMID for stage 2, ASID otherwise. */
    int tlbTag(int bank) {
        ContextBank cb = banks[bank];
        return IoTlb.context(bank, cb.type() == CBAR_TYPE_S2 ? cb.vmid() : cb.asid());
    }

    // ------------------------------------------------------------------ translation

    /** Translates one transaction (see {@link org.iopf.api.iommu.Iommu#translate}). */
    Translation translate(StreamId stream, long iova, Access access, FaultResolutionListener onResolved) {
        counters.translations.increment();
        long hitLatency = settings.tlbHitLatency().draw(random);
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
        int bank = bankOfGroup(group);
        if (bank >= banks.length) {
            return fault(stream, -1, iova, access, HardwareFault.UNMATCHED_STREAM, 0, 0, hitLatency, onResolved);
        }
        ContextBank cb = banks[bank];
        if (!cb.enabled()) {
            return bypass(iova, hitLatency);
        }
        if (stalls.mustHold(bank)) {
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
        int tag = tlbTag(bank);
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
        WalkResult walk = walker.walk(config, stage2, iova, access, walkCache, tag);
        counters.walkReads.add(walk.reads());
        long latency = hitLatency + settings.walkAccessLatency().drawTotal(random, walk.reads());
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

    /** Decodes bank {@code bank}'s TCR/TCR2/CBA2R into a walk configuration, or null if they cannot be used. */
    WalkConfig walkConfig(int bank) {
        return walkConfig(banks[bank]);
    }

    private static WalkConfig walkConfig(ContextBank cb) {
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
        return new WalkConfig(cb.tableBase(), start, inputBits, addressBits((int) (cb.tcr2 & 0x7)), false, afFaults,
                (cb.tcr & TCR_EPD0) != 0);
    }

    // ------------------------------------------------------------------ faults and stalls

    private Translation fault(StreamId stream, int bank, long iova, Access access, HardwareFault kind, int level,
            long extraSyndrome, long latency, FaultResolutionListener device) {
        counters.faultsByKind(kind.kind()).increment();
        long now = context.scheduler().now();
        FaultRecord plain = new FaultRecord(faults.nextFaultId(), context.path(), stream, owners.domainOf(bank),
                owners.pidOf(bank), iova, access, kind.kind(), now);
        FaultRecord record = bank < 0 ? plain : plain.withDetail(new ContextBankFault(bank, this));
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
            stalls.stall(t);
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
        FaultRecord record = new FaultRecord(faults.nextFaultId(), context.path(), stream, owners.domainOf(bank),
                owners.pidOf(bank), iova, access, FaultKind.TRANSLATION, context.scheduler().now());
        stalls.hold(new StalledTransaction(record, device, bank));
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
        if (stalls.remove(t)) {
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
        stalls.trace();
        stalls.scheduleRelease();
    }

    // ------------------------------------------------------------------ read by the views

    long scr0() {
        return scr0;
    }

    long gfsr() {
        return gfsr;
    }

    long gfar() {
        return gfar;
    }

    long smr(int group) {
        return smr[group];
    }

    long s2cr(int group) {
        return s2cr[group];
    }

    /** Whether stream-match group {@code group} is valid (SMR.VALID). */
    boolean groupValid(int group) {
        return (smr[group] & SMR_VALID) != 0;
    }
}
