package org.iopf.plugin.smmuv3pri;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.testkit.TestBench;

/** A node with an smmuv3 (parameters given) and a fault handler, a process with 1 MiB mapped, and a fake endpoint. */
final class SmmuBench {
    /** An endpoint that records what reaches it over PCIe. */
    static final class FakeEndpoint implements AtsPort {
        final List<int[]> responses = new ArrayList<>();
        final List<long[]> invalidations = new ArrayList<>();
        long answerNanos = 500;

        @Override
        public void prgResponse(int ssid, int prgi, int code) {
            responses.add(new int[] {ssid, prgi, code});
        }

        @Override
        public long invalidateAtc(int ssid, long va, long length) {
            invalidations.add(new long[] {ssid, va, length});
            return answerNanos;
        }
    }

    static final StreamId STREAM = new StreamId(5);
    static final DomainId DOMAIN = new DomainId(2);

    final TestBench bench;
    final Smmuv3Iommu smmu;
    final MemoryManager memory;
    final AddressSpace space;
    final long va;
    final FakeEndpoint endpoint = new FakeEndpoint();

    SmmuBench(String smmuParams, String handler) {
        bench = TestBench.of("""
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 2}]
                    memory: {numa: [256MiB]}
                    smmu: {type: smmuv3, params: {%s}}
                    faults: {type: %s}
                """.formatted(smmuParams, handler));
        smmu = (Smmuv3Iommu) bench.role("node1", Iommu.class);
        memory = bench.memoryManager("node1");
        space = memory.createAddressSpace("bench");
        va = memory.mmap(space, 1 << 20, MapOptions.DEFAULT);
    }

    /** Attaches the stream with the fake endpoint behind it (ATS on, PRI instead of stalls). */
    SmmuBench withEndpoint() {
        smmu.attach(STREAM, DOMAIN, space);
        smmu.connectEndpoint(STREAM, endpoint);
        return this;
    }

    long counter(String name) {
        return bench.counter(name);
    }
}
