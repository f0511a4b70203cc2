package org.iopf.plugin.pldma;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.iopf.api.fabric.LinkSpec;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.sim.DataRate;
import org.iopf.api.sim.Time;
import org.iopf.core.mem.MemoryManagerConfig;
import org.iopf.core.node.SimNode;
import org.iopf.core.platform.ComponentSpec;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.MemorySpec;
import org.iopf.core.platform.NodeSpec;
import org.iopf.core.platform.PlatformSpec;
import org.iopf.core.run.Simulation;
import org.iopf.core.sim.CoreGroup;

/**
 * Two ExaNeSt-like nodes (4 A53 + 2 R5 cores) with core's reference IOMMU, the demand-paging (or
 * terminating) fault handler and a PLDMA each, joined by the fabric; a process with a library on
 * each node.
 */
final class PldmaTestbed {
    static final ExtensionRegistry REGISTRY = ExtensionRegistry.fromClassPath(PldmaTestbed.class.getClassLoader());
    static final StreamId STREAM = new StreamId(1);
    static final DomainId DOMAIN = new DomainId(1);

    final Simulation sim;
    final SimNode node1;
    final SimNode node2;
    final PldmaEngine engine1;
    final PldmaEngine engine2;
    final AddressSpace space1;
    final AddressSpace space2;
    final PldmaLibrary library1;
    final PldmaLibrary library2;
    final List<RdmaCompletion> completions = new ArrayList<>();

    /** A builder of the platform's knobs. */
    static final class Config {
        final Map<String, String> pldma = new HashMap<>();
        final Map<String, String> faults = new HashMap<>();
        double loss;
        String faultHandler = "demand-paging";
        boolean pinned;
        long pinnableLimit = -1;
        long seed = 1;
        org.iopf.api.observe.Tracer tracer = org.iopf.api.observe.Tracer.NONE;

        Config tracer(org.iopf.api.observe.Tracer value) {
            this.tracer = value;
            return this;
        }

        Config pldma(String key, String value) {
            pldma.put(key, value);
            return this;
        }

        Config faults(String key, String value) {
            faults.put(key, value);
            return this;
        }

        Config loss(double probability) {
            this.loss = probability;
            return this;
        }

        Config faultHandler(String type) {
            this.faultHandler = type;
            return this;
        }

        Config pinned(boolean on) {
            this.pinned = on;
            return this;
        }

        Config pinnableLimit(long bytes) {
            this.pinnableLimit = bytes;
            return this;
        }

        Config seed(long value) {
            this.seed = value;
            return this;
        }

        PldmaTestbed build() {
            return new PldmaTestbed(this);
        }
    }

    static Config config() {
        return new Config();
    }

    static PldmaTestbed standard() {
        return config().build();
    }

    private PldmaTestbed(Config config) {
        MemoryManagerConfig manager = MemoryManagerConfig.defaults();
        if (config.pinnableLimit >= 0) {
            manager = manager.withPinnableLimit(config.pinnableLimit);
        }
        MemorySpec memory = MemorySpec.of(2L << 30).withManager(manager);
        LinkSpec link = new LinkSpec(DataRate.gbps(100), Time.nanos(500), config.loss);
        List<NodeSpec> nodes = new ArrayList<>();
        for (String name : List.of("node1", "node2")) {
            nodes.add(new NodeSpec(name, memory, List.of(new CoreGroup("a53", 4), new CoreGroup("r5", 2)), List.of(
                    ComponentSpec.of("iommu", "premapped-iommu"),
                    new ComponentSpec("dma", "pldma", Map.copyOf(config.pldma)),
                    new ComponentSpec("faults", config.faultHandler, Map.copyOf(config.faults)))));
        }
        this.sim = Simulation.build(new PlatformSpec(config.seed, link, Time.nanos(300), nodes), REGISTRY,
                config.tracer);
        this.node1 = sim.node("node1").orElseThrow();
        this.node2 = sim.node("node2").orElseThrow();
        this.engine1 = (PldmaEngine) node1.requireRole(org.iopf.api.dma.DmaEngine.class);
        this.engine2 = (PldmaEngine) node2.requireRole(org.iopf.api.dma.DmaEngine.class);
        this.space1 = node1.memoryManager().createAddressSpace("app1");
        this.space2 = node2.memoryManager().createAddressSpace("app2");
        this.library1 = PldmaLibrary.open(node1, space1, STREAM, DOMAIN, config.pinned);
        this.library2 = PldmaLibrary.open(node2, space2, STREAM, DOMAIN, config.pinned);
    }

    /** Maps {@code length} bytes in {@code space} on {@code node}, untouched (nothing resident). */
    static long map(SimNode node, AddressSpace space, long length) {
        return node.memoryManager().mmap(space, length, MapOptions.DEFAULT);
    }

    /** Fills {@code [va, va+length)} with deterministic content (makes it resident). */
    static void fill(SimNode node, AddressSpace space, long va, long length, long seed) {
        node.memoryManager().fill(space, va, length, seed);
    }

    static byte[] read(SimNode node, AddressSpace space, long va, int length) {
        byte[] bytes = new byte[length];
        MemoryManager memory = node.memoryManager();
        memory.read(space, va, bytes, 0, length);
        return bytes;
    }

    void run() {
        sim.kernel().run();
    }

    /** A counter's or gauge's value by full name ({@code node1.dma.retransmissions}); 0 if absent. */
    long metric(String name) {
        var value = sim.metrics().snapshot().get(name);
        if (value instanceof org.iopf.core.observe.MetricValue.CounterValue c) {
            return c.value();
        }
        if (value instanceof org.iopf.core.observe.MetricValue.GaugeValue g) {
            return g.value();
        }
        return 0;
    }
}
