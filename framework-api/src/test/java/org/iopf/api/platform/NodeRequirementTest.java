package org.iopf.api.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

final class NodeRequirementTest {
    @Test
    void capabilitiesAndComponentTypesImplyTheirRoles() {
        NodeRequirement r = NodeRequirement.on("source", "sends from it")
                .capability(Capability.ON_DEMAND_REGISTRATION)
                .componentType(Role.DMA_ENGINE, "pldma")
                .role(Role.IOMMU)
                .memory(8192, 4096);
        assertThat(r.nodeParameter()).contains("source");
        assertThat(r.roles()).containsExactlyInAnyOrder(Role.NIC, Role.DMA_ENGINE, Role.IOMMU);
        assertThat(r.capabilities()).containsExactly(Capability.ON_DEMAND_REGISTRATION);
        assertThat(r.componentTypes()).isEqualTo(Map.of(Role.DMA_ENGINE, "pldma"));
        assertThat(r).isEqualTo(new NodeRequirement(Optional.of("source"), "sends from it",
                Set.of(Role.IOMMU), Set.of(Capability.ON_DEMAND_REGISTRATION), Map.of(Role.DMA_ENGINE, "pldma"),
                8192, 4096));
        assertThat(NodeRequirement.onOwnNode("sends its faults to it").nodeParameter()).isEmpty();
    }

    @Test
    void pinnedMemoryIsResidentMemory() {
        assertThatThrownBy(() -> NodeRequirement.on("node", "computes there").memory(4096, 8192))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("8192 pinned of 4096");
        assertThatThrownBy(() -> NodeRequirement.on("node", " ")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aNicIsAssumedToHaveVerbsAndAFaultHandlerToResolveFaults() {
        assertThat(Capability.assumedFor(Set.of(Role.NIC, Role.IOMMU))).containsExactly(Capability.VERBS);
        assertThat(Capability.assumedFor(Set.of(Role.FAULT_HANDLER))).containsExactly(Capability.FAULT_RESOLUTION);
        assertThat(Capability.assumedFor(Set.of(Role.DMA_ENGINE))).isEmpty();
    }
}
