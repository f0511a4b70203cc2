package org.iopf.core.mem;

import static org.assertj.core.api.Assertions.assertThat;

import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.ContentMode;
import org.iopf.api.mem.MapOptions;
import org.junit.jupiter.api.Test;

final class FillTest {
    private static final long MIB = 1L << 20;

    private static DemandPagingMemoryManager manager(ContentMode mode) {
        SparsePhysicalMemory memory = new SparsePhysicalMemory("dram", SlitNumaTopology.singleNode(64 * MIB), mode);
        return new DemandPagingMemoryManager(memory, new ManualScheduler(), MemoryManagerConfig.defaults());
    }

    @Test
    void fillWritesTheGeneratedSequenceAcrossPagesFromAnyOffset() {
        DemandPagingMemoryManager mm = manager(ContentMode.BYTES);
        AddressSpace p = mm.createAddressSpace("p");
        long va = mm.mmap(p, 4 * MIB, MapOptions.DEFAULT);
        mm.fill(p, va + 100, 10_000, 5);

        byte[] read = new byte[10_000];
        mm.read(p, va + 100, read, 0, read.length);
        assertThat(read).isEqualTo(mm.physicalMemory().generated(5, 10_000).bytes());
        byte[] tail = new byte[1000];
        mm.read(p, va + 100 + 9000, tail, 0, tail.length);
        assertThat(tail).isEqualTo(mm.physicalMemory().generated(5, 10_000).slice(9000, 1000).bytes());
        assertThat(mm.stats().minorFaults()).isEqualTo(3);
    }

    @Test
    void bothContentModesHoldTheSameContentAfterAFill() {
        DemandPagingMemoryManager bytes = manager(ContentMode.BYTES);
        DemandPagingMemoryManager prints = manager(ContentMode.FINGERPRINT);
        long[] pas = new long[2];
        int i = 0;
        for (DemandPagingMemoryManager mm : new DemandPagingMemoryManager[] {bytes, prints}) {
            AddressSpace p = mm.createAddressSpace("p");
            long va = mm.mmap(p, 4 * MIB, MapOptions.DEFAULT);
            mm.fill(p, va, 2 * MIB, 11);
            pas[i++] = mm.translate(p, va + MIB, Access.READ).orElse(-1);
        }
        assertThat(prints.physicalMemory().holds(pas[1], bytes.physicalMemory().capture(pas[0], 4096))).isTrue();
        assertThat(bytes.physicalMemory().holds(pas[0], prints.physicalMemory().capture(pas[1], 4096))).isTrue();
        assertThat(bytes.physicalMemory().holds(pas[0], prints.physicalMemory().capture(pas[1] + 1, 4096)))
                .as("shifted by a byte").isFalse();
        assertThat(prints.physicalMemory().storedBytes()).as("fingerprint mode stores descriptions, not bytes")
                .isLessThan(bytes.physicalMemory().storedBytes() / 10);
    }

    @Test
    void differentSeedsGiveDifferentContent() {
        DemandPagingMemoryManager mm = manager(ContentMode.BYTES);
        assertThat(mm.physicalMemory().generated(1, 4096).fingerprint())
                .isNotEqualTo(mm.physicalMemory().generated(2, 4096).fingerprint());
    }
}
