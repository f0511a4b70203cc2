package org.iopf.plugin.zynqsmmu;

import org.iopf.testkit.FaultHandlerContract;

/**
 * {@code exanest-faults} in its first implementation (no batching, no page pool, full IOTLB
 * invalidation, socket polling, FIDELITY A7) honours the fault-handler contract too, behind the
 * default {@code zynq-smmu}.
 */
final class ExanestFirstImplementationFaultHandlerContractTest implements FaultHandlerContract {
    @Override
    public String faultHandlerPlatform() {
        return """
                nodes:
                  - name: node1
                    cores: [{cluster: a53, count: 4}, {cluster: r5, count: 2}]
                    memory: {numa: [1GiB]}
                    smmu: {type: zynq-smmu}
                    faults: {type: exanest-faults, params: {preset: first-implementation}}
                """;
    }
}
