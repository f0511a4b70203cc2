package org.iopf.core.mem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.iopf.core.mem.PagingParts.PAGE;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.FaultInResult;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.sim.Time;
import org.junit.jupiter.api.Test;

/** {@link PageFaultPath}: what a fault costs and when the page becomes present. */
final class PageFaultPathTest {
    private final PagingParts parts = PagingParts.small();
    private final ProcessAddressSpace p = parts.process("app", 2 * PAGE, MapOptions.DEFAULT.withWritable(false));
    private final ProcessAddressSpace rw = parts.process("rw", 2 * PAGE, MapOptions.DEFAULT);
    private final long va = rw.vmas().get(0).range().start();
    private final List<String> answers = new ArrayList<>();

    private void faultIn(ProcessAddressSpace space, long at, Access access) {
        parts.faults.faultIn(space, at, access, r -> answers.add(parts.scheduler.now() + " " + r.result()));
    }

    @Test
    void aZeroFillAnswersAfterTheMinorFaultCostAndASwapInAfterTheSwapLatency() {
        faultIn(rw, va, Access.WRITE);
        assertThat(rw.slot(va)).isNull();
        parts.scheduler.runAll();
        assertThat(rw.slot(va).present).isTrue();

        parts.reclaimer.reclaim(PAGE);
        faultIn(rw, va, Access.READ);
        parts.scheduler.runAll();

        long minor = Time.micros(1);
        assertThat(answers).containsExactly(minor + " " + FaultInResult.ZERO_FILLED,
                (minor + Time.micros(100)) + " " + FaultInResult.SWAPPED_IN);
        assertThat(parts.faults.minorFaults()).isEqualTo(1);
        assertThat(parts.faults.majorFaults()).isEqualTo(1);
    }

    @Test
    void aWriteToAReadOnlyMappingIsAProtectionViolationAtOnceAndMapsNothing() {
        long ro = p.vmas().get(0).range().start();

        faultIn(p, ro, Access.WRITE);
        parts.scheduler.runAll();

        assertThat(answers).containsExactly("0 " + FaultInResult.PROTECTION_VIOLATION);
        assertThat(p.slot(ro)).isNull();
        assertThat(parts.state.residentBytes()).isZero();
    }
}
