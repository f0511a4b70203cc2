package org.iopf.testkit.reference;

/** Platform texts shared by the reference components' contract tests. */
final class ReferencePlatforms {
    /** Two nodes of the pinned baseline: every role filled by a reference component, content kept as bytes. */
    static final String PINNED_PAIR = """
            nodes:
              - name: node1
                cores: [{cluster: cpu, count: 2}]
                memory: {numa: [1GiB], content: bytes}
                iommu: {type: premapped-iommu}
                dma: {type: plain-dma}
                nic0: {type: pinned-rc-nic}
                faults: {type: terminate}
                buffers: {type: pinned-buffers}
              - name: node2
                cores: [{cluster: cpu, count: 2}]
                memory: {numa: [1GiB], content: bytes}
                iommu: {type: premapped-iommu}
                dma: {type: plain-dma}
                nic0: {type: pinned-rc-nic}
                faults: {type: terminate}
                buffers: {type: pinned-buffers}
            """;

    private ReferencePlatforms() {
    }
}
