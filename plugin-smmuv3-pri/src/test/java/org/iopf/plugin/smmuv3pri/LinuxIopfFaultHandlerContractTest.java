package org.iopf.plugin.smmuv3pri;

import org.iopf.testkit.FaultHandlerContract;

/** {@code linux-iopf} honours the fault-handler contract behind an {@code smmuv3} that stalls (event queue path). */
final class LinuxIopfFaultHandlerContractTest implements FaultHandlerContract {
    @Override
    public String faultHandlerPlatform() {
        return """
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 2}]
                    memory: {numa: [1GiB]}
                    smmu: {type: smmuv3}
                    faults: {type: linux-iopf}
                """;
    }
}
