package org.iopf.plugin.smmuv3pri;

import org.iopf.testkit.IommuContract;

/**
 * {@code smmuv3} honours the IOMMU contract with a command queue of 2 entries (the driver waits for
 * room on every command) and an event queue of 8 that the terminating handler's answers drain.
 */
final class Smmuv3SmallQueuesIommuContractTest implements IommuContract {
    @Override
    public String iommuPlatform() {
        return """
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 2}]
                    memory: {numa: [1GiB]}
                    smmu: {type: smmuv3, params: {cmdqLog2: 1, evtqLog2: 3}}
                    faults: {type: terminate}
                """;
    }
}
