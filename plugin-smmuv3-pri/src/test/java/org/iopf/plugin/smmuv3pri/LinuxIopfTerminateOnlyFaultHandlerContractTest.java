package org.iopf.plugin.smmuv3pri;

import org.iopf.testkit.FaultHandlerContract;

/**
 * {@code linux-iopf} honours the fault-handler contract behind an {@code smmuv3} that cannot stall
 * (IDR0.STALL_MODEL terminate-only): events are recorded without a stall tag and the handler's
 * answer reaches the device through the driver, with a tiny event queue that wraps many times.
 */
final class LinuxIopfTerminateOnlyFaultHandlerContractTest implements FaultHandlerContract {
    @Override
    public String faultHandlerPlatform() {
        return """
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 1}]
                    memory: {numa: [1GiB]}
                    smmu: {type: smmuv3, params: {stallModel: terminate-only, evtqLog2: 7, streamTable: linear, sidBits: 8}}
                    faults: {type: linux-iopf}
                """;
    }
}
