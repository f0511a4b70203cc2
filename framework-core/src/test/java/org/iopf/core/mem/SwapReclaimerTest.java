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

/** {@link SwapReclaimer}: victims in second-chance order, pinned pages kept, notifiers first. */
final class SwapReclaimerTest {
    private final PagingParts parts = PagingParts.small();
    private final ProcessAddressSpace p = parts.process("app", 4 * PAGE, MapOptions.DEFAULT);
    private final long va = p.vmas().get(0).range().start();

    private void faultAll() {
        for (int i = 0; i < 4; i++) {
            parts.faults.resolve(p, va + i * PAGE, Access.WRITE);
        }
    }

    private boolean swapped(int page) {
        PageTableSlot slot = p.slot(va + page * PAGE);
        return slot != null && slot.swapped();
    }

    @Test
    void victimsLeaveInLeastRecentlyUsedOrderAndAPinnedPageStays() {
        faultAll();
        parts.pins.pin(p.slot(va + PAGE));

        assertThat(parts.reclaimer.reclaim(PAGE)).isEqualTo(PAGE);
        assertThat(swapped(0)).isTrue();
        assertThat(swapped(2)).isFalse();

        PageFaultPath.translate(p, va + 2 * PAGE, Access.READ); // page 2 used again: a second chance
        assertThat(parts.reclaimer.reclaim(PAGE)).isEqualTo(PAGE);
        assertThat(swapped(3)).isTrue();
        assertThat(swapped(2)).isFalse();

        assertThat(parts.reclaimer.reclaim(PAGE)).isEqualTo(PAGE);
        assertThat(swapped(2)).isTrue();
        assertThat(parts.reclaimer.reclaim(PAGE)).isZero();
        assertThat(swapped(1)).isFalse();
        assertThat(p.slot(va + PAGE).present).isTrue();
        assertThat(parts.reclaimer.reclaimedPages()).isEqualTo(3);
    }

    @Test
    void notifiersHearReclaimWhileTheFrameStillHoldsThePageAndSwapInBringsItBack() {
        parts.faults.resolve(p, va, Access.WRITE);
        long pa = p.slot(va).pa;
        parts.memory.write(pa, new byte[] {42}, 0, 1);
        List<String> heard = new ArrayList<>();
        p.notifiers().add((space, range, reason) -> {
            byte[] b = new byte[1];
            parts.memory.read(pa, b, 0, 1);
            heard.add(reason + " present=" + p.slot(va).present + " byte=" + b[0]);
        });

        parts.reclaimer.reclaim(PAGE);
        long freeAfterReclaim = parts.memory.freeBytes();
        parts.faults.resolve(p, va, Access.READ);

        assertThat(heard).containsExactly(InvalidationReason.RECLAIM + " present=true byte=42");
        assertThat(freeAfterReclaim).isEqualTo(8 * MIB);
        byte[] back = new byte[1];
        parts.memory.read(p.slot(va).pa, back, 0, 1);
        assertThat(back[0]).isEqualTo((byte) 42);
        assertThat(parts.faults.majorFaults()).isEqualTo(1);
    }

    @Test
    void withoutSwapSpaceNothingIsReclaimed() {
        PagingParts noSwap = new PagingParts(SlitNumaTopology.singleNode(8 * MIB),
                MemoryManagerConfig.defaults().withThp(false).withSwap(0));
        ProcessAddressSpace q = noSwap.process("app", PAGE, MapOptions.DEFAULT);
        long at = q.vmas().get(0).range().start();
        noSwap.faults.resolve(q, at, Access.WRITE);

        assertThat(noSwap.reclaimer.reclaim(PAGE)).isZero();
        assertThat(q.slot(at).present).isTrue();
    }
}
