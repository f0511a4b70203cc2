package org.iopf.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import org.iopf.api.fault.FaultRecord;
import org.iopf.api.fault.FaultResolution;
import org.iopf.api.fault.FaultResolutionListener;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.iommu.Translation;
import org.iopf.api.mem.Access;
import org.iopf.api.sim.Scheduler;

/**
 * One translation a contract made, as a device would: what it asked, what the IOMMU answered, and
 * every call of the fault listener it supplied (so that a fault told twice, or never, shows).
 */
final class TranslationProbe implements FaultResolutionListener {
    /** One call of the listener. */
    record Call(FaultRecord fault, FaultResolution resolution, long timeNanos) {
    }

    final StreamId stream;
    final long iova;
    final Access access;
    private final Scheduler scheduler;
    private final BiConsumer<TranslationProbe, FaultResolution> onCall;
    private final List<Call> calls = new ArrayList<>();
    private Translation translation;
    private int callsDuringTranslate = -1;
    private TranslationProbe retry;
    private long expectedFrame = -1;
    private long translatedAt = -1;

    TranslationProbe(StreamId stream, long iova, Access access, Scheduler scheduler,
            BiConsumer<TranslationProbe, FaultResolution> onCall) {
        this.stream = stream;
        this.iova = iova;
        this.access = access;
        this.scheduler = scheduler;
        this.onCall = onCall;
    }

    @Override
    public void resolved(FaultRecord fault, FaultResolution resolution) {
        calls.add(new Call(fault, resolution, scheduler.now()));
        if (onCall != null && calls.size() == 1) {
            onCall.accept(this, resolution);
        }
    }

    /** Records the IOMMU's answer, right after {@code translate} returned. */
    void answered(Translation answer) {
        this.translation = answer;
        this.translatedAt = scheduler.now();
        this.callsDuringTranslate = calls.size();
    }

    /**
     * Records the device's retry after a RETRY: the retried translation, and the physical address
     * the process's page table gave for the same address and access at that moment (or -1).
     */
    void retried(TranslationProbe retried, long frame) {
        this.retry = retried;
        this.expectedFrame = frame;
    }

    /**
     * Checks that the retry made when this fault was told RETRY hit, at the physical address the
     * process's page table maps for the same access.
     */
    void requireRetryHit(String what) {
        FaultRecord fault = translation.record().orElseThrow();
        assertThat(retry).as("%s: %s was told RETRY but never retried", what, fault).isNotNull();
        assertThat(expectedFrame)
                .as("%s: %s was told RETRY, but the process's page table does not map 0x%x for %s at that moment "
                        + "(MemoryManager.translate gave -1): a RETRY must mean the page is present and allows the access",
                        what, fault, iova, access)
                .isNotNegative();
        assertThat(retry.translation().isFault())
                .as("%s: %s was told RETRY, but the retried translation of 0x%x (%s, %s) faulted again: %s", what,
                        fault, iova, stream, access, retry.translation().record().orElse(null))
                .isFalse();
        assertThat(retry.translation().address().getAsLong())
                .as("%s: the retried translation of 0x%x (%s) after %s must give the frame the process's page table "
                        + "maps", what, iova, access, fault)
                .isEqualTo(expectedFrame);
    }

    /** The simulated time at which the IOMMU answered. */
    long translatedAt() {
        return translatedAt;
    }

    Translation translation() {
        return translation;
    }

    boolean isFault() {
        return translation.isFault();
    }

    List<Call> calls() {
        return calls;
    }

    /** The fault this translation raised; fails the test if it hit. */
    FaultRecord requireFault(String what) {
        assertThat(translation.isFault())
                .as("%s: translating 0x%x (%s, %s) must fault, but it hit 0x%x", what, iova, stream, access,
                        translation.address().orElse(-1))
                .isTrue();
        return translation.record().orElseThrow();
    }

    /** The physical address this translation hit; fails the test if it faulted. */
    long requireHit(String what) {
        assertThat(translation.isFault())
                .as("%s: translating 0x%x (%s, %s) must hit, but it faulted: %s", what, iova, stream, access,
                        translation.record().orElse(null))
                .isFalse();
        return translation.address().getAsLong();
    }

    /**
     * Checks that this translation hit, at {@code expected}; the failure names the translation, the
     * expected and the actual physical address.
     */
    void requireHitAt(String what, long expected) {
        long actual = requireHit(what);
        assertThat(actual)
                .as("%s: translating 0x%x (%s, %s) must give 0x%x (the mapped frame plus the offset), but gave 0x%x",
                        what, iova, stream, access, expected, actual)
                .isEqualTo(expected);
    }

    /**
     * Checks that the fault this translation raised was told its end exactly once, through a call
     * naming this fault, and not from inside {@code translate}; returns how it ended.
     */
    FaultResolution requireToldOnce(String what) {
        FaultRecord fault = requireFault(what);
        assertThat(callsDuringTranslate)
                .as("%s: the listener of %s was called from inside translate (a device must learn a fault's end "
                        + "later, from the fault path)", what, fault)
                .isZero();
        assertThat(calls)
                .as("%s: the listener of %s must be told exactly once how it ended (RETRY or TERMINATE); "
                        + "it heard %s", what, fault, calls)
                .hasSize(1);
        Call call = calls.get(0);
        assertThat(call.fault().id())
                .as("%s: the listener of %s was told about another fault: %s", what, fault, call.fault())
                .isEqualTo(fault.id());
        return call.resolution();
    }

    @Override
    public String toString() {
        return String.format("translate(0x%x, %s, %s) -> %s, heard %s", iova, stream, access, translation, calls);
    }
}
