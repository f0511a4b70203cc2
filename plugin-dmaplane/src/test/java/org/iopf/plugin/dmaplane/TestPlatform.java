package org.iopf.plugin.dmaplane;

import org.iopf.api.buffer.BufferManager;
import org.iopf.api.mem.AddressSpace;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.Scenario;
import org.iopf.core.platform.file.PlatformFileReader;
import org.iopf.core.run.Simulation;
import org.iopf.core.sim.EventKernel;

/** Builds a simulation from platform YAML for tests that drive dmaplane directly, without a workload. */
final class TestPlatform {
    static final ExtensionRegistry REGISTRY = ExtensionRegistry.fromClassPath(TestPlatform.class.getClassLoader());

    private final Simulation simulation;

    private TestPlatform(Simulation simulation) {
        this.simulation = simulation;
    }

    /** One node {@code node1} with {@code memory} (a YAML mapping) and dmaplane {@code params}. */
    static TestPlatform oneNode(String memory, String params) {
        return of("nodes:\n  - name: node1\n    cores: [{cluster: cpu, count: 4}]\n    memory: " + memory
                + "\n    dmaplane: {type: dmaplane, params: " + params + "}\n"
                + "workload: {type: dmaplane-numa-bandwidth, params: {node: node1}}\n");
    }

    /** Two nodes {@code node1} and {@code node2} with dmaplane and a 10 Gbps fabric. */
    static TestPlatform twoNodes(String params) {
        String node = "    cores: [{cluster: cpu, count: 4}]\n    memory: {numa: [1GiB]}\n"
                + "    dmaplane: {type: dmaplane, params: " + params + "}\n";
        return of("fabric: {link: {rate: 10Gbps, latency: 14us}, switchLatency: 1us}\nnodes:\n  - name: node1\n" + node
                + "  - name: node2\n" + node + "workload: {type: dmaplane-credit-stream}\n");
    }

    static TestPlatform of(String yaml) {
        Scenario scenario = new PlatformFileReader(REGISTRY).read("test.yaml", yaml);
        return new TestPlatform(Simulation.build(scenario.platform(), REGISTRY));
    }

    Dmaplane device(String node) {
        return (Dmaplane) simulation.node(node).orElseThrow().role(BufferManager.class).orElseThrow();
    }

    AddressSpace process(String node, String name) {
        return simulation.node(node).orElseThrow().memoryManager().createAddressSpace(name);
    }

    EventKernel kernel() {
        return simulation.kernel();
    }

    Simulation simulation() {
        return simulation;
    }
}
