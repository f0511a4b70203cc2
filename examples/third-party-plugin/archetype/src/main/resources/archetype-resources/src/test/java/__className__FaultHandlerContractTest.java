package ${package};

import org.iopf.testkit.FaultHandlerContract;

/** {@code ${pluginId}} honours the fault-handler role: the testkit's suite runs here. */
final class ${className}FaultHandlerContractTest implements FaultHandlerContract {
    @Override
    public String faultHandlerPlatform() {
        return """
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 2}]
                    memory: {numa: [1GiB], content: bytes}
                    iommu: {type: premapped-iommu}
                    dma: {type: plain-dma}
                    faults: {type: ${pluginId}, params: {depth: 4}}
                """;
    }

    @Override
    public boolean resolvesFaults() {
        return true;
    }
}
