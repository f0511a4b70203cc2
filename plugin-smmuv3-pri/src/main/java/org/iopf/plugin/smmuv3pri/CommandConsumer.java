package org.iopf.plugin.smmuv3pri;

import java.util.Objects;
import org.iopf.api.sim.Scheduler;

/**
 * The SMMU's consumer of the command queue (IHI 0070 chapter 4): while CR0.CMDQEN is set and
 * CMDQ_PROD is ahead of CMDQ_CONS it reads the 16-byte command at CONS, spends the command time,
 * applies it and advances CONS. CMD_CFGI_* drop cached configuration, CMD_TLBI_NH_VA/ASID TLB and
 * walk-cache entries, CMD_ATC_INV sends an ATC invalidation to the endpoint, CMD_PRI_RESP a PRG
 * response, CMD_RESUME retries or aborts a stalled transaction; CMD_SYNC completes only when every
 * ATC invalidation before it has completed, or at the timeout (counted as the CERROR_ATC_INV_SYNC
 * case of §4.7, which Linux skips past). An unknown opcode stops the queue at that command with
 * CMDQ_CONS.ERR = CERROR_ILL and activates GERROR.CMDQ_ERR; consumption resumes from CONS once
 * software acknowledged the error in GERRORN (§7.1).
 */
final class CommandConsumer {
    private final Scheduler scheduler;
    private final SmmuSettings settings;
    private final SmmuStatistics stats;
    private final ModelledMemory memory;
    private final Smmuv3Hardware smmu;
    private SmmuEvents driver;
    private long base;
    private int prod;
    private int cons;
    private boolean enabled;
    private boolean busy;
    /** Latest completion time of the ATC invalidations not yet covered by a CMD_SYNC. */
    private long atcDoneAt = -1;
    /** Issue time of the oldest of them. */
    private long atcIssuedAt = -1;

    CommandConsumer(Scheduler scheduler, SmmuSettings settings, SmmuStatistics stats, ModelledMemory memory,
            Smmuv3Hardware smmu) {
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler is null");
        this.settings = settings;
        this.stats = stats;
        this.memory = memory;
        this.smmu = smmu;
    }

    void connect(SmmuEvents events) {
        this.driver = events;
    }

    long base() {
        return base;
    }

    void base(long value) {
        base = value;
    }

    int prod() {
        return prod;
    }

    int cons() {
        return cons;
    }

    void cons(int value) {
        cons = value;
    }

    void enable(boolean on) {
        enabled = on;
        kick();
    }

    /** A write of CMDQ_PROD: consumption starts if idle. */
    void prod(int value) {
        prod = value;
        kick();
    }

    /** The SMMU's expected time to consume the commands now between CONS and PROD (each at the mean command time). */
    long pendingNanos() {
        return enabled ? Math.round(QueueIndex.used(prod, cons, log2()) * settings.command().meanNanos()) : 0;
    }

    private int log2() {
        return (int) (base & Regs.Q_BASE_LOG2SIZE_MASK);
    }

    private boolean pending() {
        return enabled && !smmu.globalErrorActive(Regs.GERROR_CMDQ_ERR) && !QueueIndex.empty(prod, cons, log2());
    }

    /** Starts consuming if commands are pending and the queue is not stopped (CR0.CMDQEN, GERROR.CMDQ_ERR). */
    void kick() {
        if (busy || !pending()) {
            return;
        }
        busy = true;
        scheduler.schedule(delayOfHead(), this::executeHead);
    }

    private long head() {
        return (base & Regs.Q_BASE_ADDR_MASK) + (long) Regs.CMD_BYTES * QueueIndex.index(cons, log2());
    }

    /** The command time, and for a CMD_SYNC the wait for earlier ATC invalidations (to the timeout). */
    private long delayOfHead() {
        long w0 = memory.read(head());
        long delay = smmu.commandNanos();
        if (isSync(w0) && atcDoneAt >= 0) {
            long deadline = atcIssuedAt + settings.atcTimeoutNanos();
            delay += Math.max(0, Math.min(atcDoneAt, deadline) - scheduler.now());
        }
        return delay;
    }

    private void executeHead() {
        busy = false;
        if (!pending()) {
            return;
        }
        execute(memory.read(head()), memory.read(head() + 8), scheduler.now());
        kick();
    }

    /**
     * Consumes every pending command at once, for a caller that must not return before their
     * effects (an MMU notifier, which the OS model calls synchronously).
     *
     * @return the time the SMMU would have spent on them, ATC completions included
     */
    long drainNow() {
        long modelled = 0;
        long now = scheduler.now();
        while (pending()) {
            long w0 = memory.read(head());
            long startsAt = now + modelled;
            modelled += smmu.commandNanos();
            if (isSync(w0) && atcDoneAt >= 0) {
                // the completion time is absolute: wait what remains of it when this sync is reached
                modelled += Math.max(0, Math.min(atcDoneAt, atcIssuedAt + settings.atcTimeoutNanos()) - startsAt);
            }
            execute(w0, memory.read(head() + 8), now + modelled);
        }
        return modelled;
    }

    /** CMD_SYNC, or with VT-d page requests an invalidation wait descriptor. */
    private boolean isSync(long w0) {
        return (w0 & 0xff) == Regs.CMD_SYNC || settings.format() instanceof VtdPrqFormat && VtdPrqFormat.isWait(w0);
    }

    /**
     * A page response or wait of the VT-d or AMD format (a page group response descriptor and an
     * invalidation wait; COMPLETE_PPR_REQUEST), which the engine consumes beside its own commands.
     *
     * @return whether {@code w0, w1} was one
     */
    private boolean executeVariant(long w0, long w1, long at) {
        PageRequestFormat format = settings.format();
        if (format instanceof SmmuPriFormat) {
            return false;
        }
        PageRequestFormat.Response response = format.decodeResponse(w0, w1);
        boolean wait = format instanceof VtdPrqFormat && VtdPrqFormat.isWait(w0);
        if (response == null && !wait) {
            return false;
        }
        stats.commands.increment();
        if (response != null) {
            stats.priResp.increment();
            smmu.respond(response.sid(), response.ssid(), response.prgi(), response.code());
        } else {
            if ((w0 & VtdPrqFormat.QI_IWD_PRQ_DRAIN) != 0) {
                stats.prqDrains.increment();
            }
            sync(at);
        }
        cons = QueueIndex.next(cons, log2()) & ~(0x7f << Regs.CMDQ_CONS_ERR_SHIFT);
        if (wait) {
            driver.syncDone();
        }
        return true;
    }

    private void execute(long w0, long w1, long at) {
        if (executeVariant(w0, w1, at)) {
            return;
        }
        int opcode = (int) (w0 & 0xff);
        int sid = (int) (w0 >>> 32);
        int ssid = (w0 & Regs.CMD_SSV) != 0 ? (int) Regs.field(w0, 31, 12) : -1;
        stats.commands.increment();
        switch (opcode) {
            case Regs.CMD_CFGI_STE, Regs.CMD_CFGI_CD -> smmu.configs().invalidateStream(sid);
            case Regs.CMD_CFGI_ALL -> smmu.configs().invalidateAll();
            case Regs.CMD_TLBI_NH_VA -> {
                stats.tlbi.increment();
                smmu.invalidateTlb((int) (w0 >>> 48), w1 & ~0xfffL, 4096);
            }
            case Regs.CMD_TLBI_NH_ASID -> {
                stats.tlbi.increment();
                smmu.invalidateAsid((int) (w0 >>> 48));
            }
            case Regs.CMD_ATC_INV -> atcInvalidate(sid, ssid, w1, at);
            case Regs.CMD_PRI_RESP -> {
                stats.priResp.increment();
                smmu.respond(sid, ssid, (int) (w1 & 0x1ff), (int) Regs.field(w1, 13, 12));
            }
            case Regs.CMD_RESUME -> {
                stats.resume.increment();
                smmu.resume(sid, (int) (w1 & 0xffff), (int) Regs.field(w0, 13, 12));
            }
            case Regs.CMD_SYNC -> sync(at);
            default -> {
                stats.cmdqErrors.increment();
                cons = (cons & ~(0x7f << Regs.CMDQ_CONS_ERR_SHIFT)) | Regs.CERROR_ILL << Regs.CMDQ_CONS_ERR_SHIFT;
                smmu.globalError(Regs.GERROR_CMDQ_ERR);
                return;
            }
        }
        cons = QueueIndex.next(cons, log2()) & ~(0x7f << Regs.CMDQ_CONS_ERR_SHIFT);
        if (opcode == Regs.CMD_SYNC) {
            driver.syncDone();
        }
    }

    /** CMD_ATC_INV: word 1 holds ADDR [63:12] and SIZE [5:0] (2^SIZE pages). */
    private void atcInvalidate(int sid, int ssid, long w1, long at) {
        stats.atcInv.increment();
        AtsPort port = smmu.endpoint(sid);
        if (port == null) {
            return;
        }
        long length = 4096L << (w1 & 0x3f);
        long answer = port.invalidateAtc(ssid, w1 & ~0xfffL & -length, length);
        long done = at + smmu.pcieNanos() + smmu.pcieNanos() + answer;
        if (atcIssuedAt < 0) {
            atcIssuedAt = at;
        }
        atcDoneAt = Math.max(atcDoneAt, done);
    }

    private void sync(long at) {
        stats.sync.increment();
        if (atcDoneAt < 0) {
            return;
        }
        long deadline = atcIssuedAt + settings.atcTimeoutNanos();
        if (atcDoneAt > deadline) {
            stats.atcTimeouts.increment();
        }
        stats.atcWait.record(Math.min(atcDoneAt, deadline) - atcIssuedAt);
        atcDoneAt = -1;
        atcIssuedAt = -1;
    }
}
