package org.iopf.plugin.zynqsmmu;

import org.iopf.testkit.FaultHandlerContract;

/**
 * {@code exanest-faults} honours the fault-handler contract behind the {@code zynq-smmu} it pairs
 * with (stall mode, negative caching), as the ExaNeSt node runs them (every parameter at its default).
 */
final class ExanestFaultsFaultHandlerContractTest implements FaultHandlerContract {
    @Override
    public String faultHandlerPlatform() {
        return """
                nodes:
                  - name: node1
                    cores: [{cluster: a53, count: 4}, {cluster: r5, count: 2}]
                    memory: {numa: [1GiB]}
                    smmu: {type: zynq-smmu}
                    faults: {type: exanest-faults}
                """;
    }
}
