package org.iopf.core.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.iopf.api.dma.DmaEngine;
import org.iopf.api.fault.FaultHandler;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.nic.Nic;
import org.iopf.api.platform.Role;
import org.iopf.core.node.SimNode;
import org.iopf.core.run.DefaultPlatforms;
import org.iopf.core.run.Simulation;
import org.iopf.core.sim.CoreGroup;
import org.junit.jupiter.api.Test;

final class NodeAssemblerTest {
    private static final ExtensionRegistry REGISTRY = ExtensionRegistry.fromClassPath(
            NodeAssemblerTest.class.getClassLoader());

    private static Simulation build(ComponentSpec... components) {
        NodeSpec node = new NodeSpec("node1", MemorySpec.of(1L << 30), List.of(new CoreGroup("cpu", 1)),
                List.of(components));
        PlatformSpec base = DefaultPlatforms.pinnedBaseline(1);
        return Simulation.build(new PlatformSpec(1, base.defaultLink(), 0, List.of(node)), REGISTRY);
    }

    @Test
    void everyRoleOfTheBaselineIsFilledAndConnected() {
        Simulation sim = Simulation.build(DefaultPlatforms.pinnedBaseline(1), REGISTRY);
        SimNode node = sim.node("node1").orElseThrow();
        assertThat(node.role(Iommu.class)).isPresent();
        assertThat(node.role(DmaEngine.class)).isPresent();
        assertThat(node.role(Nic.class)).isPresent();
        assertThat(node.componentType(Role.FAULT_HANDLER)).contains("terminate");
        assertThat(node.componentType(Role.NIC)).contains("pinned-rc-nic");
    }

    @Test
    void eachNodeGetsItsOwnComponentInstances() {
        Simulation sim = Simulation.build(DefaultPlatforms.pinnedBaseline(1), REGISTRY);
        Iommu first = sim.node("node1").orElseThrow().requireRole(Iommu.class);
        Iommu second = sim.node("node2").orElseThrow().requireRole(Iommu.class);
        assertThat(first).isNotSameAs(second);
        assertThat(sim.node("node1").orElseThrow().requireRole(FaultHandler.class))
                .isNotSameAs(sim.node("node2").orElseThrow().requireRole(FaultHandler.class));
    }

    @Test
    void aMissingRoleNamesTheNodeTheRoleAndTheComponentThatNeedsIt() {
        assertThatThrownBy(() -> build(ComponentSpec.of("dma", "plain-dma")))
                .isInstanceOf(AssemblyException.class)
                .hasMessage("cannot assemble node 'node1' with components [DMA_ENGINE=dma (plain-dma)]: a component "
                        + "needs role IOMMU (Iommu) but no component on the node fills it (needed by 'dma' (plain-dma))");
    }

    @Test
    void twoNicsOnOneNodeAreTwoPortsAndTheFirstDeclaredIsTheDefault() {
        SimNode node = build(ComponentSpec.of("nic0", "pinned-rc-nic"), ComponentSpec.of("nic1", "pinned-rc-nic"))
                .node("node1").orElseThrow();
        Nic nic0 = node.requireComponent("nic0", Nic.class);
        Nic nic1 = node.requireComponent("nic1", Nic.class);

        assertThat(nic1).isNotSameAs(nic0);
        assertThat(node.roles(Nic.class)).containsExactly(nic0, nic1);
        assertThat(node.requireRole(Nic.class)).isSameAs(nic0);
        assertThat(nic0.endpoint().toString()).isEqualTo("node1:nic0");
        assertThat(nic1.endpoint().toString()).isEqualTo("node1:nic1");
        assertThat(node.component("nic1", Iommu.class)).isEmpty();
        assertThatThrownBy(() -> node.requireComponent("nic2", Nic.class)).hasMessage(
                "node 'node1' has no component 'nic2'; it has [nic0, nic1]");
        assertThatThrownBy(() -> node.requireComponent("nic1", Iommu.class)).hasMessage(
                "component 'nic1' on node 'node1' is a pinned-rc-nic, which fills no Iommu role");
    }

    @Test
    void aFurtherComponentOfARoleIsBuiltWithTheNodesDefaultForEachRoleItNeeds() {
        // dma1 shares its role with dma0, so it gets an injector of its own; plain-dma needs an IOMMU,
        // which only the node's default (iommu0, through DefaultRoles) can give it there
        SimNode node = build(ComponentSpec.of("iommu0", "premapped-iommu"), ComponentSpec.of("iommu1", "premapped-iommu"),
                ComponentSpec.of("dma0", "plain-dma"), ComponentSpec.of("dma1", "plain-dma")).node("node1").orElseThrow();

        assertThat(node.roles(Iommu.class)).hasSize(2).doesNotHaveDuplicates();
        assertThat(node.requireRole(Iommu.class)).isSameAs(node.requireComponent("iommu0", Iommu.class));
        assertThat(node.roles(DmaEngine.class)).containsExactly(node.requireComponent("dma0", DmaEngine.class),
                node.requireComponent("dma1", DmaEngine.class)).doesNotHaveDuplicates();
    }

    @Test
    void aFurtherComponentWhoseNeededRoleHasNoDefaultNamesTheMissingRole() {
        assertThatThrownBy(() -> build(ComponentSpec.of("dma0", "plain-dma"), ComponentSpec.of("dma1", "plain-dma")))
                .isInstanceOf(AssemblyException.class).hasMessageContaining("needs role IOMMU");
    }

    @Test
    void aSecondFaultHandlerIsRefusedNamingBoth() {
        assertThatThrownBy(() -> build(ComponentSpec.of("faults", "terminate"), ComponentSpec.of("faults2", "terminate")))
                .isInstanceOf(AssemblyException.class)
                .hasMessage("node 'node1': role FAULT_HANDLER is filled twice, by 'faults' (terminate) and 'faults2' "
                        + "(terminate); the node's fault sink hands its faults to one handler");
    }

    @Test
    void aComponentThatFailsWhileCreatedIsNamedWithItsReason() {
        assertThatThrownBy(() -> build(new ComponentSpec("nic0", "pinned-rc-nic", Map.of("mtu", "1000"))))
                .isInstanceOf(AssemblyException.class)
                .hasMessageStartingWith("cannot assemble node 'node1' with components [NIC=nic0 (pinned-rc-nic)]: "
                        + "a component failed while being created (needed by 'nic0' (pinned-rc-nic)): "
                        + "IllegalArgumentException: node1/nic0: mtu must be a power of two");
    }

    @Test
    void badParametersAreReportedBeforeAnythingIsCreated() {
        assertThatThrownBy(() -> build(new ComponentSpec("iommu", "premapped-iommu", Map.of("lookupLatncy", "1us"))))
                .isInstanceOf(InvalidScenarioException.class)
                .hasMessage("nodes[0].iommu.params.lookupLatncy: unknown parameter; known parameters are "
                        + "[lookupLatency] (did you mean 'lookupLatency'?)");
    }

    @Test
    void anUnknownComponentTypeSuggestsTheNearest() {
        assertThatThrownBy(() -> build(ComponentSpec.of("iommu", "premaped-iommu")))
                .hasMessageEndingWith("(did you mean 'premapped-iommu'?)");
    }
}
