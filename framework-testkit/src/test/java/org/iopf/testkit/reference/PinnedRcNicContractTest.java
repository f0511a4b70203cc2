package org.iopf.testkit.reference;

import org.iopf.testkit.NicContract;

/** The core reference NIC {@code pinned-rc-nic} honours the NIC role (pinned regions only). */
final class PinnedRcNicContractTest implements NicContract {
    @Override
    public String nicPlatform() {
        return """
                seed: 1
                fabric:
                  link: {rate: 100Gbps, latency: 500ns, loss: 0.0}
                  switchLatency: 300ns
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 2}]
                    memory: {numa: [1GiB], content: bytes}
                    iommu: {type: premapped-iommu}
                    nic0: {type: pinned-rc-nic}
                    faults: {type: terminate}
                  - name: node2
                    cores: [{cluster: cpu, count: 2}]
                    memory: {numa: [1GiB], content: bytes}
                    iommu: {type: premapped-iommu}
                    nic0: {type: pinned-rc-nic}
                    faults: {type: terminate}
                """;
    }
}
