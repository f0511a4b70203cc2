package org.iopf.plugin.ethernetbackupring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.OptionalInt;
import java.util.ArrayList;
import java.util.List;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.fault.FaultRecord;
import org.iopf.api.fault.FaultResolution;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.mem.Access;
import org.junit.jupiter.api.Test;

final class FaultTrackerTest {
    private static FaultRecord record(long id, long va) {
        return new FaultRecord(id, "node2/iommu", new StreamId(1), new DomainId(1), OptionalInt.of(7), va, Access.WRITE,
                FaultKind.TRANSLATION, 0);
    }

    @Test
    void waitersOfAPageHearItsResolutionInOrderOnce() {
        FaultTracker tracker = new FaultTracker();
        FaultRecord fault = record(1, 0x1000);
        tracker.raised(0x1000, fault);
        List<String> heard = new ArrayList<>();
        tracker.await(0x1000, retry -> heard.add("a" + retry));
        tracker.await(0x1000, retry -> heard.add("b" + retry));

        assertThat(tracker.outstanding(0x1000)).isEqualTo(fault);
        tracker.resolved(0x1000, fault, FaultResolution.RETRY);
        tracker.resolved(0x1000, fault, FaultResolution.RETRY);

        assertThat(heard).containsExactly("atrue", "btrue");
        assertThat(tracker.outstanding(0x1000)).isNull();
        assertThat(tracker.size()).isZero();
    }

    @Test
    void anOlderFaultsAnswerDoesNotResolveANewerFaultOfThePage() {
        FaultTracker tracker = new FaultTracker();
        tracker.raised(0x2000, record(1, 0x2000));
        tracker.resolved(0x2000, record(1, 0x2000), FaultResolution.TERMINATE);
        FaultRecord newer = record(2, 0x2000);
        tracker.raised(0x2000, newer);

        tracker.resolved(0x2000, record(1, 0x2000), FaultResolution.RETRY);

        assertThat(tracker.outstanding(0x2000)).isEqualTo(newer);
        assertThatThrownBy(() -> tracker.await(0x3000, retry -> { })).isInstanceOf(IllegalStateException.class);
    }
}
