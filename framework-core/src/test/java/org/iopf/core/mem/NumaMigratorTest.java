package org.iopf.core.mem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.iopf.core.mem.PagingParts.MIB;
import static org.iopf.core.mem.PagingParts.PAGE;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.InvalidationReason;
import org.iopf.api.mem.MapOptions;
import org.junit.jupiter.api.Test;

/** {@link NumaMigrator}: content moves with the page, the page table follows, pinned pages stay. */
final class NumaMigratorTest {
    private final PagingParts parts = new PagingParts(SlitNumaTopology.uniform(2, 8 * MIB, 20),
            MemoryManagerConfig.defaults().withThp(false));
    private final ProcessAddressSpace p = parts.process("app", 2 * PAGE, MapOptions.DEFAULT);
    private final long va = p.vmas().get(0).range().start();

    @Test
    void aPageMovesToTheTargetNodeWithItsContentAndItsOldFrameIsFreed() {
        parts.faults.resolve(p, va, Access.WRITE);
        long before = p.slot(va).pa;
        parts.memory.write(before, new byte[] {5, 6}, 0, 2);
        List<InvalidationReason> heard = new ArrayList<>();
        p.notifiers().add((space, range, reason) -> heard.add(reason));

        long moved = parts.numa.migrate(p, va, va + 2 * PAGE, 1);

        long after = p.slot(va).pa;
        assertThat(moved).isEqualTo(PAGE);
        assertThat(parts.memory.numaNodeOf(after)).isEqualTo(1);
        assertThat(PageFaultPath.translate(p, va + 1, Access.READ)).isEqualTo(after + 1);
        byte[] b = new byte[2];
        parts.memory.read(after, b, 0, 2);
        assertThat(b).containsExactly(5, 6);
        assertThat(parts.memory.isAllocated(before, org.iopf.api.mem.PageSize.BASE)).isFalse();
        assertThat(heard).containsExactly(InvalidationReason.MIGRATE);
    }

    @Test
    void aPinnedPageStaysAndNothingToMoveCallsNoNotifier() {
        parts.faults.resolve(p, va, Access.WRITE);
        parts.pins.pin(p.slot(va));
        long before = p.slot(va).pa;
        List<InvalidationReason> heard = new ArrayList<>();
        p.notifiers().add((space, range, reason) -> heard.add(reason));

        assertThat(parts.numa.migrate(p, va, va + 2 * PAGE, 1)).isZero();
        assertThat(p.slot(va).pa).isEqualTo(before);
        assertThat(heard).isEmpty();
    }
}
