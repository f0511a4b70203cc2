package org.iopf.testkit.reference;

import org.iopf.testkit.FaultHandlerContract;

/** The reference {@code terminate} handler honours the fault-handler contract: it terminates every fault, once. */
final class TerminatingFaultHandlerContractTest implements FaultHandlerContract {
    @Override
    public String faultHandlerPlatform() {
        return """
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 2}]
                    memory: {numa: [1GiB]}
                    iommu: {type: premapped-iommu}
                    faults: {type: terminate}
                """;
    }

    @Override
    public boolean resolvesFaults() {
        return false;
    }
}
