package org.iopf.plugin.uvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.fault.FaultRecord;
import org.iopf.api.fault.PageFault;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.mem.Access;
import org.junit.jupiter.api.Test;

/** Preprocessing a batch: sort, coalesce duplicates (a write wins), group by 2 MiB VA block. */
final class FaultBatchTest {
    private static final long MIB2 = 2L << 20;
    private final List<String> heard = new ArrayList<>();
    private long nextId = 1;

    private PageFault fault(int pid, long va, Access access) {
        return new PageFault(new FaultRecord(nextId++, "node1/gpu", new StreamId(0), new DomainId(1), OptionalInt.of(pid),
                va, access, FaultKind.TRANSLATION, 0), (r, res) -> heard.add(r.id() + ":" + res));
    }

    @Test
    void duplicatesOfAPageCoalesceAndBlocksComeInAddressOrder() {
        long base = 0x4000_0000L;
        List<PageFault> fetched = List.of(
                fault(1, base + MIB2 + 0x10, Access.READ),
                fault(1, base + 0x2000, Access.READ),
                fault(1, base + 0x2080, Access.WRITE),
                fault(1, base + MIB2 + 0x20, Access.READ),
                fault(1, base + 0x1000, Access.READ),
                fault(1, base + 0x2040, Access.READ));
        FaultBatch batch = FaultBatch.of(fetched);
        assertThat(batch.entries()).hasSize(6);
        assertThat(batch.unique()).isEqualTo(3);
        assertThat(batch.blocks()).extracting(FaultBatch.Block::va).containsExactly(base, base + MIB2);
        FaultBatch.Block first = batch.blocks().get(0);
        assertThat(first.faults()).extracting(FaultBatch.Unique::page).containsExactly(base + 0x1000, base + 0x2000);
        FaultBatch.Unique page2 = first.faults().get(1);
        assertThat(page2.instances()).hasSize(3);
        assertThat(page2.access()).as("a write among the duplicates makes the fault a write").isEqualTo(Access.WRITE);
        assertThat(batch.blocks().get(1).faults()).singleElement()
                .satisfies(u -> assertThat(u.instances()).hasSize(2));
        assertThat(heard).as("preprocessing ends no fault").isEmpty();
    }

    @Test
    void theSamePageInTwoVaSpacesIsTwoFaultsInTwoBlocks() {
        FaultBatch batch = FaultBatch.of(List.of(fault(2, 0x1000, Access.READ), fault(1, 0x1000, Access.READ)));
        assertThat(batch.unique()).isEqualTo(2);
        assertThat(batch.blocks()).extracting(FaultBatch.Block::pid).containsExactly(1, 2);
    }
}
