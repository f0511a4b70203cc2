package org.iopf.core.mem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.iopf.core.mem.PagingParts.PAGE;

import org.iopf.api.mem.Access;
import org.iopf.api.mem.MapOptions;
import org.junit.jupiter.api.Test;

/** {@link CopyOnWriteForker}: frames shared at fork, copied on the first write only. */
final class CopyOnWriteForkerTest {
    private final PagingParts parts = PagingParts.small();
    private final ProcessAddressSpace parent = parts.process("parent", 2 * PAGE, MapOptions.DEFAULT);
    private final long va = parent.vmas().get(0).range().start();

    private byte byteAt(ProcessAddressSpace p, long at) {
        byte[] b = new byte[1];
        parts.memory.read(p.slot(at).pa, b, 0, 1);
        return b[0];
    }

    @Test
    void theFirstWriteCopiesTheSharedFrameAndLaterWritesDoNot() {
        parts.faults.resolve(parent, va, Access.WRITE);
        parts.memory.write(parent.slot(va).pa, new byte[] {7}, 0, 1);
        long shared = parent.slot(va).pa;

        ProcessAddressSpace child = parts.forker.fork(parent, "child");
        assertThat(child.slot(va).pa).isEqualTo(shared);
        assertThat(PageFaultPath.translate(child, va, Access.WRITE)).isEqualTo(-1);
        assertThat(PageFaultPath.translate(parent, va, Access.WRITE)).isEqualTo(-1);
        long residentAtFork = parts.state.residentBytes();

        parts.faults.resolve(child, va, Access.WRITE);
        long copy = child.slot(va).pa;
        assertThat(copy).isNotEqualTo(shared);
        assertThat(byteAt(child, va)).isEqualTo((byte) 7);
        assertThat(parts.forker.cowFaults()).isEqualTo(1);
        assertThat(parts.state.residentBytes()).isEqualTo(residentAtFork + PAGE);

        parts.faults.resolve(child, va, Access.WRITE);
        parts.faults.resolve(parent, va, Access.WRITE);
        assertThat(child.slot(va).pa).isEqualTo(copy);
        assertThat(parent.slot(va).pa).isEqualTo(shared);
        assertThat(parts.forker.cowFaults()).isEqualTo(1);
        assertThat(parts.forker.cowReuses()).isEqualTo(1);
        assertThat(parts.state.residentBytes()).isEqualTo(residentAtFork + PAGE);
    }

    @Test
    void aPinnedPageIsCopiedIntoTheChildAtForkAndStaysWritableInTheParent() {
        parts.faults.resolve(parent, va, Access.WRITE);
        parts.memory.write(parent.slot(va).pa, new byte[] {9}, 0, 1);
        parts.pins.pin(parent.slot(va));

        ProcessAddressSpace child = parts.forker.fork(parent, "child");

        assertThat(child.slot(va).pa).isNotEqualTo(parent.slot(va).pa);
        assertThat(child.slot(va).shared).isNull();
        assertThat(byteAt(child, va)).isEqualTo((byte) 9);
        assertThat(PageFaultPath.translate(parent, va, Access.WRITE)).isEqualTo(parent.slot(va).pa);
        assertThat(parts.forker.cowFaults()).isZero();
    }

    @Test
    void aChildIsRegisteredWithTheNextPid() {
        ProcessAddressSpace child = parts.forker.fork(parent, "child");

        assertThat(child.pid()).isEqualTo(parent.pid() + 1);
        assertThat(parts.processes.owns(child)).isTrue();
    }
}
