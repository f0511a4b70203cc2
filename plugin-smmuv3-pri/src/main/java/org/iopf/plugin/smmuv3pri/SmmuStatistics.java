package org.iopf.plugin.smmuv3pri;

import java.util.List;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Histogram;
import org.iopf.api.observe.Metrics;
import org.iopf.api.observe.StatisticSpec;

/** The statistics the smmuv3 component declares, and their registered instruments. */
final class SmmuStatistics {
    static final StatisticSpec TRANSLATIONS = StatisticSpec.counter("translations", "transactions",
            "transactions translated (device transactions and ATS translation requests)");
    static final StatisticSpec TLB_HITS = StatisticSpec.counter("tlb.hits", "lookups", "translations served by the TLB");
    static final StatisticSpec WALKS = StatisticSpec.counter("walks", "walks", "stage-1 table walks");
    static final StatisticSpec WALK_READS = StatisticSpec.counter("walk.reads", "descriptors",
            "descriptors read from memory by walks");
    static final StatisticSpec WALK_CACHE_HITS = StatisticSpec.counter("walkcache.hits", "walks",
            "walks that started at level 3 from the walk cache");
    static final StatisticSpec WALK_WAIT = StatisticSpec.histogram("walk.wait", "ns",
            "time a walk waited for one of the parallel walkers");
    static final StatisticSpec TBU_WAIT = StatisticSpec.histogram("tbu.wait", "ns",
            "time a device transaction waited for one of the outstandingTransactions slots");
    static final StatisticSpec TBU_HELD = StatisticSpec.counter("tbu.held", "transactions",
            "device transactions held because every slot held a stalled transaction (retried after a CMD_RESUME)");
    static final StatisticSpec ATS_REQUESTS = StatisticSpec.counter("ats.requests", "requests",
            "ATS translation requests answered");
    static final StatisticSpec ATS_MISSES = StatisticSpec.counter("ats.noTranslation", "requests",
            "ATS translation requests answered with no translation (R = W = 0)");
    static final StatisticSpec EVENTS = StatisticSpec.counter("evtq.events", "events", "event records written");
    static final StatisticSpec EVENTS_LOST = StatisticSpec.counter("evtq.lost", "events",
            "events not recorded because the event queue was full");
    static final StatisticSpec STALLS = StatisticSpec.counter("stalls", "transactions",
            "faulting transactions stalled until CMD_RESUME");
    static final StatisticSpec PRI_REQUESTS = StatisticSpec.counter("priq.requests", "requests",
            "page requests written into the PRI queue");
    static final StatisticSpec PRI_DISCARDED = StatisticSpec.counter("priq.discarded", "requests",
            "page requests discarded because the PRI queue was full");
    static final StatisticSpec PRI_OVERFLOWS = StatisticSpec.counter("priq.overflows", "overflows",
            "times PRIQ_PROD.OVFLG was toggled (a new overflow)");
    static final StatisticSpec PRI_AUTO = StatisticSpec.counter("priq.autoResponses", "responses",
            "PRG responses (success) the SMMU generated for a discarded last request");
    static final StatisticSpec PRIQ_DEPTH = StatisticSpec.histogram("priq.depth", "entries",
            "PRI queue entries waiting, seen at each write");
    static final StatisticSpec COMMANDS = StatisticSpec.counter("cmdq.commands", "commands", "commands consumed");
    static final StatisticSpec CMD_TLBI = StatisticSpec.counter("cmdq.tlbi", "commands", "CMD_TLBI_* consumed");
    static final StatisticSpec CMD_ATC_INV = StatisticSpec.counter("cmdq.atcInv", "commands", "CMD_ATC_INV consumed");
    static final StatisticSpec CMD_PRI_RESP = StatisticSpec.counter("cmdq.priResp", "commands",
            "page responses consumed: CMD_PRI_RESP, VT-d page group response descriptors, AMD COMPLETE_PPR_REQUEST");
    static final StatisticSpec CMD_RESUME = StatisticSpec.counter("cmdq.resume", "commands", "CMD_RESUME consumed");
    static final StatisticSpec CMD_SYNC = StatisticSpec.counter("cmdq.sync", "commands",
            "CMD_SYNC (with VT-d page requests: invalidation wait descriptors) consumed");
    static final StatisticSpec PRQ_DRAINS = StatisticSpec.counter("prq.drains", "drains",
            "VT-d invalidation waits with page-request drain (PD) consumed: PASID teardowns drained");
    static final StatisticSpec PRQ_DRAIN_PENDING = StatisticSpec.histogram("prq.drainPending", "requests",
            "page requests of the PASID still in the queue when a drain started");
    static final StatisticSpec PRQ_DRAIN_RETRIES = StatisticSpec.counter("prq.drainRetries", "retries",
            "times a drain waited for the PRQ thread to finish a run and scanned again (prq_retry, qi_retry)");
    static final StatisticSpec PRQ_DRAIN_WAIT = StatisticSpec.histogram("prq.drainWait", "ns",
            "PASID teardown's drain from its start to its completion: the PRQ thread, the iopf workqueue flush and the drain descriptors");
    static final StatisticSpec CMDQ_ERRORS = StatisticSpec.counter("cmdq.errors", "commands",
            "commands that stopped the command queue with CMDQ_CONS.ERR = CERROR_ILL (GERROR.CMDQ_ERR)");
    static final StatisticSpec GERRORS = StatisticSpec.counter("gerror.handled", "errors",
            "global errors the driver's GERROR handler acknowledged in GERRORN (CMDQ_ERR, EVTQ_ABT_ERR, PRIQ_ABT_ERR)");
    static final StatisticSpec ATC_TIMEOUTS = StatisticSpec.counter("atc.invTimeouts", "invalidations",
            "ATC invalidations whose completion did not arrive within the timeout (CERROR_ATC_INV_SYNC)");
    static final StatisticSpec ATC_WAIT = StatisticSpec.histogram("atc.invWait", "ns",
            "time from CMD_ATC_INV to its completion (or the timeout)");
    static final StatisticSpec SYNC_WAIT = StatisticSpec.histogram("cmdq.syncWait", "ns",
            "modelled time of a command batch the driver waits for synchronously (configuration, unmap, "
                    + "invalidation, MMU notifier: ... + CMD_SYNC), which the synchronous call does not spend");
    static final StatisticSpec TLB_OCCUPIED = StatisticSpec.gauge("tlb.occupied", "entries", "TLB entries in use");
    static final StatisticSpec TABLE_FRAMES = StatisticSpec.gauge("tableFrames", "frames",
            "4 KiB page-table frames of the shared (SVA) tables");

    static final List<StatisticSpec> DECLARED = List.of(TRANSLATIONS, TLB_HITS, WALKS, WALK_READS, WALK_CACHE_HITS,
            WALK_WAIT, TBU_WAIT, TBU_HELD, ATS_REQUESTS, ATS_MISSES, EVENTS, EVENTS_LOST, STALLS, PRI_REQUESTS, PRI_DISCARDED,
            PRI_OVERFLOWS, PRI_AUTO, PRIQ_DEPTH, COMMANDS, CMD_TLBI, CMD_ATC_INV, CMD_PRI_RESP, CMD_RESUME, CMD_SYNC,
            PRQ_DRAINS, PRQ_DRAIN_PENDING, PRQ_DRAIN_RETRIES, PRQ_DRAIN_WAIT, CMDQ_ERRORS, GERRORS, ATC_TIMEOUTS, ATC_WAIT, SYNC_WAIT, TLB_OCCUPIED, TABLE_FRAMES);

    final Counter translations;
    final Counter tlbHits;
    final Counter walks;
    final Counter walkReads;
    final Counter walkCacheHits;
    final Histogram walkWait;
    final Histogram tbuWait;
    final Counter tbuHeld;
    final Counter atsRequests;
    final Counter atsMisses;
    final Counter events;
    final Counter eventsLost;
    final Counter stalls;
    final Counter priRequests;
    final Counter priDiscarded;
    final Counter priOverflows;
    final Counter priAuto;
    final Histogram priqDepth;
    final Counter commands;
    final Counter tlbi;
    final Counter atcInv;
    final Counter priResp;
    final Counter resume;
    final Counter sync;
    final Counter prqDrains;
    final Histogram prqDrainPending;
    final Counter prqDrainRetries;
    final Counter cmdqErrors;
    final Counter gerrors;
    final Histogram prqDrainWait;
    final Counter atcTimeouts;
    final Histogram atcWait;
    final Histogram syncWait;

    SmmuStatistics(Metrics m) {
        translations = TRANSLATIONS.counter(m);
        tlbHits = TLB_HITS.counter(m);
        walks = WALKS.counter(m);
        walkReads = WALK_READS.counter(m);
        walkCacheHits = WALK_CACHE_HITS.counter(m);
        walkWait = WALK_WAIT.histogram(m);
        tbuWait = TBU_WAIT.histogram(m);
        tbuHeld = TBU_HELD.counter(m);
        atsRequests = ATS_REQUESTS.counter(m);
        atsMisses = ATS_MISSES.counter(m);
        events = EVENTS.counter(m);
        eventsLost = EVENTS_LOST.counter(m);
        stalls = STALLS.counter(m);
        priRequests = PRI_REQUESTS.counter(m);
        priDiscarded = PRI_DISCARDED.counter(m);
        priOverflows = PRI_OVERFLOWS.counter(m);
        priAuto = PRI_AUTO.counter(m);
        priqDepth = PRIQ_DEPTH.histogram(m);
        commands = COMMANDS.counter(m);
        tlbi = CMD_TLBI.counter(m);
        atcInv = CMD_ATC_INV.counter(m);
        priResp = CMD_PRI_RESP.counter(m);
        resume = CMD_RESUME.counter(m);
        sync = CMD_SYNC.counter(m);
        prqDrains = PRQ_DRAINS.counter(m);
        prqDrainPending = PRQ_DRAIN_PENDING.histogram(m);
        prqDrainRetries = PRQ_DRAIN_RETRIES.counter(m);
        cmdqErrors = CMDQ_ERRORS.counter(m);
        gerrors = GERRORS.counter(m);
        prqDrainWait = PRQ_DRAIN_WAIT.histogram(m);
        atcTimeouts = ATC_TIMEOUTS.counter(m);
        atcWait = ATC_WAIT.histogram(m);
        syncWait = SYNC_WAIT.histogram(m);
    }
}
