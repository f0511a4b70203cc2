package org.iopf.plugin.uvm;

import org.iopf.testkit.FaultHandlerContract;

/**
 * The UVM driver honours the fault-handler contract for faults the node's IOMMU raises (its ATS
 * path): each is faulted in through the OS, mapped into the faulting domain and retried, or
 * terminated.
 */
final class UvmDriverFaultHandlerContractTest implements FaultHandlerContract {
    @Override
    public String faultHandlerPlatform() {
        return """
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 2}]
                    memory: {numa: [1GiB]}
                    iommu: {type: premapped-iommu}
                    gpu: {type: uvm-gpu, params: {deviceMemory: 64MiB}}
                    faults: {type: uvm-driver}
                """;
    }
}
