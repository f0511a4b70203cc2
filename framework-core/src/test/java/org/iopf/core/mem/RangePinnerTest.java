package org.iopf.core.mem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.iopf.core.mem.PagingParts.MIB;
import static org.iopf.core.mem.PagingParts.PAGE;

import org.iopf.api.mem.Access;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.PinResult;
import org.junit.jupiter.api.Test;

/** {@link RangePinner} and {@link PinAccount}: all or nothing within the limit; a shared page is unshared. */
final class RangePinnerTest {
    private final PagingParts parts = new PagingParts(SlitNumaTopology.singleNode(8 * MIB),
            MemoryManagerConfig.defaults().withThp(false).withPinnableLimit(2 * PAGE));
    private final ProcessAddressSpace p = parts.process("app", 4 * PAGE, MapOptions.DEFAULT);
    private final long va = p.vmas().get(0).range().start();

    @Test
    void aRangeBeyondTheLimitPinsNothingAndPinningAgainCountsOnce() {
        assertThat(parts.pinner.pin(p, va, 3 * PAGE)).isEqualTo(PinResult.LIMIT_EXCEEDED);
        assertThat(parts.pins.pinnedBytes()).isZero();

        assertThat(parts.pinner.pin(p, va, 2 * PAGE)).isEqualTo(PinResult.PINNED);
        assertThat(parts.pinner.pin(p, va, 2 * PAGE)).isEqualTo(PinResult.PINNED);
        assertThat(parts.pins.pinnedBytes()).isEqualTo(2 * PAGE);
        assertThat(p.slot(va).inClock).isFalse();

        parts.pinner.unpin(p, va, 2 * PAGE);
        assertThat(parts.pins.pinnedBytes()).isEqualTo(2 * PAGE);
        parts.pinner.unpin(p, va, 2 * PAGE);
        assertThat(parts.pins.pinnedBytes()).isZero();
        assertThat(p.slot(va).inClock).isTrue();
    }

    @Test
    void pinningAPageSharedCopyOnWriteGivesThePinnerItsOwnFrame() {
        parts.faults.resolve(p, va, Access.WRITE);
        ProcessAddressSpace child = parts.forker.fork(p, "child");

        assertThat(parts.pinner.pin(p, va, PAGE)).isEqualTo(PinResult.PINNED);

        assertThat(p.slot(va).shared).isNull();
        assertThat(p.slot(va).pa).isNotEqualTo(child.slot(va).pa);
        assertThat(parts.forker.cowFaults()).isEqualTo(1);
    }

    @Test
    void aRangeWithAHoleInItsMappingPinsNothing() {
        assertThat(parts.pinner.pin(p, va + 3 * PAGE, 2 * PAGE)).isEqualTo(PinResult.NO_MAPPING);
        assertThat(p.slot(va + 3 * PAGE)).isNull();
    }
}
