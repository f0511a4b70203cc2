package org.iopf.plugin.smmuv3pri;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.LongConsumer;
import java.util.random.RandomGenerator;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.mem.Access;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Histogram;
import org.iopf.api.observe.Metrics;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.sim.Scheduler;
import org.iopf.api.sim.ServiceTime;

/**
 * The endpoint's translation agent (PCIe ATS and PRI): an ATC lookup; on a miss an ATS
 * translation request to the SMMU across the link; on "no translation" a page request (one page,
 * its own group, last bit set) if an outstanding-request allocation is free, else it waits for
 * one; on a PRG response of success the translation request again, on invalid request or
 * response failure the access fails. It answers ATC invalidation requests, after telling the
 * engine, which drops the translations its chunks hold.
 */
final class AtsTranslator implements AtsPort {
    /** The PRG index space (9 bits). */
    private static final int PRG_INDEXES = 512;

    private final Scheduler scheduler;
    private final Smmuv3Iommu smmu;
    private final ServiceTime pcie;
    /** Draws this endpoint's PCIe crossings and ATC invalidation times; constants draw nothing. */
    private final RandomGenerator random;
    private final int allocation;
    private final ServiceTime invalidate;
    private final Tlb atc;
    private final Map<Integer, Runnable> outstanding = new HashMap<>();
    private final ArrayDeque<Runnable> waiting = new ArrayDeque<>();
    private final Set<Long> requestedPages = new HashSet<>();
    private final Counter atcHits;
    private final Counter atsRequests;
    private final Counter pageRequests;
    private final Counter priWaits;
    private final Counter success;
    private final Counter invalid;
    private final Counter failure;
    private final Counter repeated;
    private final Counter invalidations;
    private final Counter invalidated;
    private final Histogram roundTrip;
    private final Histogram recovery;
    private int nextPrgi;
    private boolean priStopped;
    private Invalidated inUse = (ssid, va, length) -> { };

    /** Told of every ATC invalidation, so that translations the device holds outside its ATC are dropped too. */
    interface Invalidated {
        void range(int ssid, long va, long length);
    }

    void onInvalidation(Invalidated listener) {
        this.inUse = listener;
    }

    AtsTranslator(ComponentContext context, Smmuv3Iommu smmu, ServiceTime pcie) {
        this.scheduler = context.scheduler();
        this.smmu = smmu;
        this.pcie = pcie;
        this.random = context.random();
        this.allocation = context.parameters().get(AtsDmaType.PRI_OUTSTANDING);
        this.invalidate = context.parameters().get(AtsDmaType.ATC_INVALIDATE_LATENCY);
        this.atc = new Tlb(context.parameters().get(AtsDmaType.ATC_ENTRIES));
        Metrics m = context.metrics();
        atcHits = AtsDmaType.ATC_HITS.counter(m);
        atsRequests = AtsDmaType.ATS_REQUESTS.counter(m);
        pageRequests = AtsDmaType.PAGE_REQUESTS.counter(m);
        priWaits = AtsDmaType.PRI_WAITS.counter(m);
        success = AtsDmaType.PRI_SUCCESS.counter(m);
        invalid = AtsDmaType.PRI_INVALID.counter(m);
        failure = AtsDmaType.PRI_FAILURE.counter(m);
        repeated = AtsDmaType.PRI_RETRIES.counter(m);
        invalidations = AtsDmaType.ATC_INVALIDATIONS.counter(m);
        invalidated = AtsDmaType.ATC_DROPPED.counter(m);
        roundTrip = AtsDmaType.PRI_ROUND_TRIP.histogram(m);
        recovery = AtsDmaType.RECOVERY.histogram(m);
    }

    /**
     * Translates {@code va} for {@code access}; {@code done} hears the physical address, or -1 if
     * the access cannot be made.
     */
    void translate(StreamId stream, long va, Access access, LongConsumer done) {
        int pasid = smmu.pasidOf(stream);
        Tlb.Entry hit = atc.lookup(pasid, va);
        if (hit != null && (!access.isWrite() || hit.writable())) {
            atcHits.increment();
            done.accept(hit.frame() | (va & 0xfff));
            return;
        }
        request(stream, pasid, va, access, -1, done);
    }

    private void request(StreamId stream, int pasid, long va, Access access, long missedAt, LongConsumer done) {
        atsRequests.increment();
        scheduler.schedule(pcie.draw(random), () -> {
            Smmuv3Hardware.AtsResult r = smmu.hardware().atsTranslate(stream.value(), pasid, va, access);
            scheduler.schedule(r.latencyNanos() + pcie.draw(random), () -> {
                if (r.translated()) {
                    atc.fill(pasid, va, r.pa(), r.writable());
                    if (missedAt >= 0) {
                        recovery.record(scheduler.now() - missedAt);
                    }
                    done.accept(r.pa() | (va & 0xfff));
                } else if (r.unsupported() || priStopped) {
                    done.accept(-1);
                } else {
                    pageRequest(stream, pasid, va, access, missedAt < 0 ? scheduler.now() : missedAt, done);
                }
            });
        });
    }

    private void pageRequest(StreamId stream, int pasid, long va, Access access, long missedAt, LongConsumer done) {
        if (outstanding.size() >= allocation) {
            priWaits.increment();
            waiting.add(() -> pageRequest(stream, pasid, va, access, missedAt, done));
            return;
        }
        int prgi = nextPrgi;
        while (outstanding.containsKey(prgi)) {
            prgi = (prgi + 1) % PRG_INDEXES;
        }
        nextPrgi = (prgi + 1) % PRG_INDEXES;
        pageRequests.increment();
        if (!requestedPages.add(((long) pasid << 36) | (va >>> 12))) {
            repeated.increment();
        }
        long sent = scheduler.now();
        int index = prgi;
        outstanding.put(index, () -> request(stream, pasid, va, access, missedAt, done));
        responses.put(index, sent);
        failures.put(index, () -> done.accept(-1));
        scheduler.schedule(pcie.draw(random), () -> smmu.hardware().pageRequest(stream.value(), pasid, va, access, index, true));
    }

    private final Map<Integer, Long> responses = new HashMap<>();
    private final Map<Integer, Runnable> failures = new HashMap<>();

    @Override
    public void prgResponse(int ssid, int prgi, int code) {
        Runnable retry = outstanding.remove(prgi);
        if (retry == null) {
            return;
        }
        roundTrip.record(scheduler.now() - responses.remove(prgi));
        Runnable fail = failures.remove(prgi);
        switch (code) {
            case Regs.PRI_RESP_SUCC -> {
                success.increment();
                retry.run();
            }
            case Regs.PRI_RESP_FAIL -> {
                failure.increment();
                priStopped = true;
                fail.run();
            }
            default -> {
                invalid.increment();
                fail.run();
            }
        }
        while (!waiting.isEmpty() && outstanding.size() < allocation) {
            waiting.poll().run();
        }
    }

    @Override
    public long invalidateAtc(int ssid, long va, long length) {
        invalidations.increment();
        invalidated.add(atc.invalidate(ssid, va, length));
        inUse.range(ssid, va, length);
        return invalidate.draw(random);
    }
}
