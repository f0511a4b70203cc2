package org.iopf.core.platform;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.Module;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.iopf.api.platform.Capability;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.NodeRequirement;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.ParameterType;
import org.iopf.api.platform.Parameters;
import org.iopf.api.platform.Role;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadType;
import org.iopf.core.mem.MemoryManagerConfig;
import org.iopf.reference.DemandPagingFaultHandlerType;
import org.iopf.reference.PinnedBufferManagerType;
import org.iopf.reference.PlainDmaEngineType;
import org.iopf.reference.PremappedIommuType;
import org.iopf.reference.TerminatingFaultHandlerType;
import org.iopf.reference.rc.PinnedRcNicType;
import org.iopf.core.run.DefaultPlatforms;
import org.iopf.core.sim.CoreGroup;
import org.iopf.reference.workload.DmaCopyStreamType;
import org.iopf.reference.workload.PingPongType;
import org.iopf.reference.workload.RdmaWriteStreamType;
import org.junit.jupiter.api.Test;

/** What workloads and components declare they need of their nodes, checked before anything is built. */
final class ScenarioValidatorTest {
    private final ExtensionRegistry registry = registry();
    private final ScenarioValidator validator = new ScenarioValidator(registry);

    private static ExtensionRegistry registry() {
        ExtensionRegistry registry = new ExtensionRegistry();
        registry.register(new PremappedIommuType(), "test");
        registry.register(new PlainDmaEngineType(), "test");
        registry.register(new PinnedRcNicType(), "test");
        registry.register(new TerminatingFaultHandlerType(), "test");
        registry.register(new DemandPagingFaultHandlerType(), "test");
        registry.register(new PinnedBufferManagerType(), "test");
        registry.register(new IommuNeeding("fault-raiser", List.of(NodeRequirement.onOwnNode("sends its faults to it")
                .capability(Capability.FAULT_RESOLUTION))), "test");
        registry.register(new IommuNeeding("misdeclared", List.of(NodeRequirement.on("peer", "talks to it")
                .role(Role.NIC))), "test");
        registry.registerWorkload(new RdmaWriteStreamType(), "test");
        registry.registerWorkload(new PingPongType(), "test");
        registry.registerWorkload(new DmaCopyStreamType(), "test");
        registry.registerWorkload(new DrivesPlainDma(), "test");
        return registry;
    }

    private static NodeSpec node(String name, MemorySpec memory, ComponentSpec... components) {
        return new NodeSpec(name, memory, List.of(new CoreGroup("cpu", 2)), List.of(components));
    }

    private static NodeSpec node(String name, ComponentSpec... components) {
        return node(name, MemorySpec.of(1L << 30), components);
    }

    private static PlatformSpec platform(NodeSpec... nodes) {
        PlatformSpec base = DefaultPlatforms.pinnedBaseline(1);
        return new PlatformSpec(1, base.defaultLink(), 0, List.of(nodes));
    }

    @Test
    void theBaselineMeetsWhatEveryBuiltInWorkloadNeeds() {
        PlatformSpec baseline = DefaultPlatforms.pinnedBaseline(1);
        for (String workload : List.of("rdma-write-stream", "ping-pong", "dma-copy-stream")) {
            assertThatCode(() -> validator.validate(baseline, new WorkloadSpec(workload, Map.of())))
                    .as(workload).doesNotThrowAnyException();
        }
    }

    @Test
    void aNodeWithoutTheRoleIsNamedWithTheNodesThatHaveIt() {
        PlatformSpec platform = platform(node("zynq", ComponentSpec.of("iommu", "premapped-iommu")),
                node("host", ComponentSpec.of("nic0", "pinned-rc-nic")));
        assertThatThrownBy(() -> validator.validate(platform, new WorkloadSpec("rdma-write-stream",
                Map.of("source", "zynq", "target", "host"))))
                .isInstanceOf(InvalidScenarioException.class)
                .hasMessage("workload.params.source: node 'zynq' has no NIC (rdma-write-stream writes from it); "
                        + "nodes with a NIC: [host]");
    }

    @Test
    void aDmaCopyNeedsADmaEngineOnItsNode() {
        PlatformSpec platform = platform(node("host", ComponentSpec.of("iommu", "premapped-iommu"),
                ComponentSpec.of("nic0", "pinned-rc-nic")));
        assertThatThrownBy(() -> validator.validate(platform, new WorkloadSpec("dma-copy-stream",
                Map.of("node", "host"))))
                .hasMessage("workload.params.node: node 'host' has no DMA engine (dma-copy-stream copies with it); "
                        + "nodes with a DMA engine: none");
    }

    @Test
    void aRoleFilledByAnotherTypeThanTheOneNeededIsNamed() {
        PlatformSpec platform = platform(node("a", ComponentSpec.of("iommu", "premapped-iommu")),
                node("b", ComponentSpec.of("iommu", "premapped-iommu"), ComponentSpec.of("dma", "plain-dma")));
        assertThatThrownBy(() -> validator.validate(platform, new WorkloadSpec("drives-plain-dma",
                Map.of("node", "a"))))
                .hasMessage("workload.params.node: node 'a' has no DMA engine (drives-plain-dma drives it); nodes "
                        + "with a DMA engine: [b]");
        assertThatCode(() -> validator.validate(platform, new WorkloadSpec("drives-plain-dma", Map.of("node", "b"))))
                .doesNotThrowAnyException();
    }

    @Test
    void aComponentsNeedOnItsOwnNodeIsCheckedAgainstTheCapabilitiesOfTheTypesThere() {
        PlatformSpec terminating = platform(node("host", ComponentSpec.of("smmu", "fault-raiser"),
                ComponentSpec.of("faults", "terminate")));
        assertThatThrownBy(() -> validator.validatePlatform(terminating))
                .isInstanceOf(InvalidScenarioException.class)
                .hasMessage("nodes[0].smmu: node 'host' has fault handler 'faults' (terminate) without fault "
                        + "resolution (fault-raiser 'smmu' sends its faults to it); fault handler types with fault "
                        + "resolution: [demand-paging]");
        PlatformSpec without = platform(node("host", ComponentSpec.of("smmu", "fault-raiser")));
        assertThatThrownBy(() -> validator.validatePlatform(without))
                .hasMessageStartingWith("nodes[0].smmu: node 'host' has no fault handler (fault-raiser 'smmu' sends "
                        + "its faults to it); fault handler types: [demand-paging, terminate]");
        assertThatCode(() -> validator.validatePlatform(platform(node("host", ComponentSpec.of("smmu", "fault-raiser"),
                ComponentSpec.of("faults", "demand-paging"))))).doesNotThrowAnyException();
    }

    @Test
    void memoryAddsUpOverTheRequirementsOnANode() {
        NodeSpec small = node("node1", MemorySpec.of(8L << 20), ComponentSpec.of("nic0", "pinned-rc-nic"));
        PlatformSpec platform = platform(small);
        // one 4 MiB buffer on each side of a write from node1 to itself: 8 MiB, all of it
        assertThatCode(() -> validator.validate(platform, new WorkloadSpec("rdma-write-stream", Map.of(
                "source", "node1", "target", "node1", "messageSize", "1MiB", "concurrency", "4"))))
                .doesNotThrowAnyException();
        // ping-pong holds two buffers on its source and one on its target: 12 MiB
        assertThatThrownBy(() -> validator.validate(platform, new WorkloadSpec("ping-pong", Map.of(
                "source", "node1", "target", "node1", "messageSize", "1MiB", "concurrency", "4"))))
                .hasMessage("workload.params.source: node 'node1' cannot pin the 12 MiB that ping-pong (source, "
                        + "target) pins there: it has 8 MiB of memory, pinnable limit unlimited");
    }

    @Test
    void onDemandBuffersNeedMemoryButOnlyTheirPinnedFractionIsPinned() {
        NodeSpec limited = node("node1", MemorySpec.of(1L << 30).withManager(MemoryManagerConfig.defaults()
                .withPinnableLimit(1L << 20).withSwap(0)), ComponentSpec.of("iommu", "premapped-iommu"),
                ComponentSpec.of("dma", "plain-dma"));
        PlatformSpec platform = platform(limited);
        assertThatThrownBy(() -> validator.validate(platform, new WorkloadSpec("dma-copy-stream", Map.of(
                "blockSize", "1MiB", "concurrency", "2"))))
                .hasMessage("workload.params.node: node 'node1' cannot pin the 4 MiB that dma-copy-stream (node) pins "
                        + "there: it has 1 GiB of memory, pinnable limit 1 MiB");
        assertThatCode(() -> validator.validate(platform, new WorkloadSpec("dma-copy-stream", Map.of(
                "blockSize", "1MiB", "concurrency", "2", "onDemand", "true", "resident", "0.5", "pinned", "0.25"))))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> validator.validate(platform, new WorkloadSpec("dma-copy-stream", Map.of(
                "blockSize", "1GiB", "concurrency", "2", "onDemand", "true"))))
                .hasMessage("workload.params.node: node 'node1' cannot hold the 4 GiB that dma-copy-stream (node) "
                        + "keeps resident there: it has 1 GiB of memory and 0 B of swap");
    }

    @Test
    void aNodeWithoutMemoryHoldsNothingEvenWithSwap() {
        NodeSpec empty = node("node1", MemorySpec.of(0), ComponentSpec.of("iommu", "premapped-iommu"),
                ComponentSpec.of("dma", "plain-dma"));
        assertThatThrownBy(() -> validator.validate(platform(empty), new WorkloadSpec("dma-copy-stream", Map.of(
                "blockSize", "4KiB", "concurrency", "1", "onDemand", "true", "resident", "0.0"))))
                .hasMessage("workload.params.node: node 'node1' has no memory (memory: {numa: [0B]}) but "
                        + "dma-copy-stream (node) keeps 8 KiB resident there");
    }

    @Test
    void whatWouldBeSwappedOutIsBoundedPerNode() {
        // fingerprints: the buffers' bytes are not kept in the heap (ContentHeapBudget)
        NodeSpec small = node("node1", new MemorySpec(org.iopf.core.mem.SlitNumaTopology.singleNode(1L << 30),
                org.iopf.api.mem.ContentMode.FINGERPRINT, MemoryManagerConfig.defaults()),
                ComponentSpec.of("iommu", "premapped-iommu"),
                ComponentSpec.of("dma", "plain-dma"));
        // four slots of two 2 GiB buffers on demand: 16 GiB resident, 15 GiB beyond memory, within 64 GiB of swap
        assertThatCode(() -> validator.validate(platform(small), new WorkloadSpec("dma-copy-stream", Map.of(
                "blockSize", "2GiB", "concurrency", "4", "onDemand", "true"))))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> validator.validate(platform(small), new WorkloadSpec("dma-copy-stream", Map.of(
                "blockSize", "2GiB", "concurrency", "5", "onDemand", "true"))))
                .hasMessage("workload.params.node: node 'node1' would swap out 19 GiB of the 20 GiB that "
                        + "dma-copy-stream (node) keeps resident there (it has 1 GiB of memory); iopf simulates at "
                        + "most 16 GiB of swapped-out memory per node");
    }

    @Test
    void parametersAreCheckedAgainWithThePathOfTheFile() {
        PlatformSpec baseline = DefaultPlatforms.pinnedBaseline(1);
        NodeSpec first = baseline.nodes().get(0);
        NodeSpec changed = new NodeSpec(first.name(), first.memory(), first.cores(), List.of(
                new ComponentSpec("nic0", "pinned-rc-nic", Map.of("localAckTimeout", "64"))));
        assertThatThrownBy(() -> validator.validatePlatform(platform(changed, baseline.nodes().get(1))))
                .hasMessage("nodes[0].nic0.params.localAckTimeout: '64' is out of range; expected a whole number in "
                        + "0..31");
        assertThatThrownBy(() -> validator.validate(baseline, new WorkloadSpec("rdma-write-stream",
                Map.of("messages", "4294967296"))))
                .hasMessage("workload.params.messages: '4294967296' is out of range; expected a whole number in "
                        + "1..1000000000");
        assertThatThrownBy(() -> validator.validate(baseline, new WorkloadSpec("rdma-write-stream",
                Map.of("target", "node3"))))
                .hasMessage("workload.params.target: no node 'node3'; expected one of the platform's nodes "
                        + "[node1, node2] (did you mean 'node1'?)");
    }

    @Test
    void aComponentTypeThatPlacesItsRequirementOnAnotherNodeIsABugOfTheType() {
        assertThatThrownBy(() -> validator.validatePlatform(platform(node("host",
                ComponentSpec.of("iommu", "misdeclared")))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("misdeclared declares a requirement on the node of its parameter 'peer'");
    }

    /** An IOMMU type, never built here, that declares {@code requirements}. */
    private record IommuNeeding(String name, List<NodeRequirement> needs) implements ComponentType {
        @Override
        public String description() {
            return "declares " + needs;
        }

        @Override
        public Set<Role> roles() {
            return Set.of(Role.IOMMU);
        }

        @Override
        public List<NodeRequirement> requirements(Parameters parameters) {
            return needs;
        }

        @Override
        public Module module(ComponentContext context) {
            throw new UnsupportedOperationException("never built here");
        }
    }

    /** A workload that needs the DMA engine of its node to be a plain-dma. */
    private static final class DrivesPlainDma implements WorkloadType {
        @Override
        public String name() {
            return "drives-plain-dma";
        }

        @Override
        public String description() {
            return "drives a plain-dma";
        }

        @Override
        public List<ParameterSpec> parameters() {
            return List.of(ParameterSpec.of("node", ParameterType.NODE,
                    "node1", "the node", ""));
        }

        @Override
        public List<NodeRequirement> requirements(Parameters parameters) {
            return List.of(NodeRequirement.on("node", "drives it").componentType(Role.DMA_ENGINE, "plain-dma"));
        }

        @Override
        public Workload create(WorkloadContext context) {
            throw new UnsupportedOperationException("never run here");
        }
    }
}
