package org.iopf.plugin.ethernetbackupring;

import org.iopf.testkit.FaultHandlerContract;

/**
 * {@code eth-os-faults} honours the fault-handler contract on the platform its scenarios use: a
 * node behind {@code premapped-iommu} (every parameter at its default, 64 KiB fault-around).
 */
final class EthOsFaultsFaultHandlerContractTest implements FaultHandlerContract {
    @Override
    public String faultHandlerPlatform() {
        return """
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 4}]
                    memory: {numa: [1GiB]}
                    iommu: {type: premapped-iommu}
                    faults: {type: eth-os-faults}
                """;
    }
}
