package org.iopf.plugin.smmuv3pri;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.dma.DmaCompletion;
import org.iopf.api.dma.DmaDescriptor;
import org.iopf.api.dma.DmaEngine;
import org.iopf.api.dma.DmaStatus;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.testkit.TestBench;
import org.junit.jupiter.api.Test;

/**
 * A chunk whose source translation is held while its destination waits for a page request is
 * redone when an MMU notifier (here a NUMA migration of the source) invalidates the ATC: it reads
 * the page's new frame, never the freed old one.
 */
final class HeldTranslationTest {
    @Test
    void aMigratedSourceIsReadFromItsNewFrame() {
        TestBench bench = TestBench.of("""
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 2}]
                    memory: {numa: [64MiB, 64MiB], content: bytes}
                    smmu: {type: smmuv3}
                    dma: {type: ats-dma}
                    faults: {type: linux-iopf}
                """);
        MemoryManager memory = bench.memoryManager("node1");
        AddressSpace space = memory.createAddressSpace("held");
        long src = memory.mmap(space, 4096, MapOptions.DEFAULT);
        long dst = memory.mmap(space, 4096, MapOptions.DEFAULT);
        byte[] data = new byte[4096];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 7 + 3);
        }
        memory.write(space, src, data, 0, data.length);
        StreamId stream = new StreamId(1);
        bench.role("node1", Iommu.class).attach(stream, new DomainId(1), space);
        List<DmaCompletion> done = new ArrayList<>();
        bench.role("node1", DmaEngine.class).submit(new DmaDescriptor(1, stream, 0, src, bench.node("node1").id(),
                dst, 4096), done::add);

        bench.runFor(4_000);
        long before = memory.translate(space, src, org.iopf.api.mem.Access.READ).orElseThrow();
        memory.migrate(space, src, 4096, 1 - memory.physicalMemory().numaNodeOf(before));
        assertThat(memory.translate(space, src, org.iopf.api.mem.Access.READ).orElseThrow()).as("moved")
                .isNotEqualTo(before);
        bench.run();

        assertThat(done).hasSize(1);
        assertThat(done.get(0).status()).isEqualTo(DmaStatus.OK);
        byte[] copied = new byte[4096];
        memory.read(space, dst, copied, 0, copied.length);
        assertThat(copied).isEqualTo(data);
        assertThat(bench.counter("node1.dma.atc.invalidations")).isEqualTo(1);
        assertThat(bench.counter("node1.dma.ats.requests")).as("source, destination (miss), destination (retry), "
                + "source again (its shared PTE was cleared: no translation, a page request), source (retry)")
                .isEqualTo(5);
        assertThat(bench.counter("node1.dma.pri.requests")).isEqualTo(2);
    }
}
