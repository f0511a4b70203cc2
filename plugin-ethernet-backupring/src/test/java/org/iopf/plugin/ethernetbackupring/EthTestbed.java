package org.iopf.plugin.ethernetbackupring;

import java.util.HashMap;
import java.util.Map;
import org.iopf.api.observe.Tracer;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.Scenario;
import org.iopf.core.platform.file.PlatformFileReader;
import org.iopf.core.report.RunResult;
import org.iopf.core.run.SimWorkloadContext;
import org.iopf.core.run.Simulation;

/** Builds the two-node 10 GbE platform of the scenarios and runs eth-stream on it. */
final class EthTestbed {
    static final ExtensionRegistry REGISTRY = ExtensionRegistry.fromClassPath(EthTestbed.class.getClassLoader());

    private static final String PLATFORM = """
            name: eth-testbed
            seed: 1
            fabric:
              link: {rate: 10Gbps, latency: 500ns, loss: 0.0}
              switchLatency: 300ns
            nodes:
              - name: node1
                cores: [{cluster: cpu, count: 4}]
                memory: {numa: [1GiB], content: fingerprint}
                iommu: {type: premapped-iommu}
                nic0: {type: eth-nic%s}
                faults: {type: eth-os-faults}
              - name: node2
                cores: [{cluster: cpu, count: 4}]
                memory:
                  numa: [1GiB, 1GiB]
                  distances: [[10, 21], [21, 10]]
                  content: fingerprint
                iommu: {type: premapped-iommu}
                nic0: {type: eth-nic%s}
                faults: {type: %s}
            workload:
              type: eth-stream
            """;

    private EthTestbed() {
    }

    /** A fresh simulation of the testbed; {@code nicParams} ({@code ", params: {...}"}) go to both NICs. */
    static Simulation simulation(String nicParams) {
        return simulation(nicParams, Tracer.NONE);
    }

    /** A fresh simulation of the testbed that traces into {@code tracer}. */
    static Simulation simulation(String nicParams, Tracer tracer) {
        return simulation(nicParams, "eth-os-faults", tracer);
    }

    /** A fresh simulation whose receiving node has the fault handler {@code receiverFaults}. */
    static Simulation simulation(String nicParams, String receiverFaults, Tracer tracer) {
        ExtensionRegistry registry = REGISTRY.copy();
        registry.register(new SilentFaultHandlerType(), "test");
        Scenario scenario = new PlatformFileReader(registry).read("eth-testbed.yaml",
                PLATFORM.formatted(nicParams, nicParams, receiverFaults));
        return Simulation.build(scenario.platform(), registry, tracer);
    }

    /** Runs eth-stream on a testbed whose receiving node has the fault handler {@code receiverFaults}. */
    static RunResult run(String nicParams, String receiverFaults, Map<String, String> params) {
        Simulation sim = simulation(nicParams, receiverFaults, Tracer.NONE);
        SimWorkloadContext run = sim.run(new EthStreamType(), new HashMap<>(params));
        return RunResult.of("eth-testbed", sim, run, 0);
    }

    /** Runs eth-stream with {@code params} on a fresh testbed and returns its result. */
    static RunResult run(String nicParams, Map<String, String> params) {
        Simulation sim = simulation(nicParams);
        SimWorkloadContext run = sim.run(new EthStreamType(), new HashMap<>(params));
        return RunResult.of("eth-testbed", sim, run, 0);
    }

    /** A figure that must exist. */
    static double value(RunResult result, String name) {
        return result.value(name).orElseThrow(() -> new AssertionError("no figure " + name));
    }
}
