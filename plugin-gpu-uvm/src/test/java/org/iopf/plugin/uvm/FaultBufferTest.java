package org.iopf.plugin.uvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalInt;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.fault.FaultRecord;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.mem.Access;
import org.junit.jupiter.api.Test;

/** The replayable fault buffer's ring: put/get wrap, one slot kept empty, overflow drops, valid bits. */
final class FaultBufferTest {
    private static FaultBuffer.Entry entry(long id) {
        return new FaultBuffer.Entry(new FaultRecord(id, "node1/gpu", new StreamId(0), new DomainId(1), OptionalInt.of(1),
                id * 4096, Access.READ, FaultKind.TRANSLATION, 0), 0);
    }

    @Test
    void aRingOfFourHoldsThreeAndTheFourthIsDroppedWithTheOverflowFlag() {
        FaultBuffer ring = new FaultBuffer(4);
        assertThat(ring.write(entry(1))).isTrue();
        assertThat(ring.write(entry(2))).isTrue();
        assertThat(ring.write(entry(3))).isTrue();
        assertThat(ring.overflow()).isFalse();
        assertThat(ring.write(entry(4))).isFalse();
        assertThat(ring.overflow()).isTrue();
        assertThat(ring.dropped()).isEqualTo(1);
        assertThat(ring.pending()).isEqualTo(3);
        ring.clearOverflow();
        assertThat(ring.overflow()).isFalse();
    }

    @Test
    void putAndGetWrapAroundAndEntriesComeOutInOrder() {
        FaultBuffer ring = new FaultBuffer(4);
        long next = 1;
        long expected = 1;
        for (int round = 0; round < 5; round++) {
            for (int i = 0; i < 3; i++) {
                assertThat(ring.write(entry(next++))).isTrue();
            }
            for (FaultBuffer.Entry e : ring.fetch(2, x -> true)) {
                assertThat(e.record().id()).isEqualTo(expected++);
            }
            for (FaultBuffer.Entry e : ring.flush()) {
                assertThat(e.record().id()).isEqualTo(expected++);
            }
            assertThat(ring.isEmpty()).isTrue();
        }
        assertThat(ring.written()).isEqualTo(15);
        assertThat(ring.getIndex()).isEqualTo(ring.putIndex()).isEqualTo(15 % 4);
    }

    @Test
    void aFetchStopsAtTheFirstEntryWhoseValidBitIsNotSetAndAtTheBatchSize() {
        FaultBuffer ring = new FaultBuffer(8);
        for (long id = 1; id <= 6; id++) {
            ring.write(entry(id));
        }
        assertThat(ring.fetch(10, e -> e.record().id() != 3)).extracting(e -> e.record().id()).containsExactly(1L, 2L);
        assertThat(ring.fetch(2, e -> true)).extracting(e -> e.record().id()).containsExactly(3L, 4L);
        assertThat(ring.pending()).isEqualTo(2);
    }
}
