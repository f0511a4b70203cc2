package org.iopf.core.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.Role;
import org.iopf.reference.PremappedIommuType;
import org.junit.jupiter.api.Test;

final class ExtensionRegistryTest {
    @Test
    void findsEveryReferenceComponentThroughServiceLoader() {
        ExtensionRegistry registry = ExtensionRegistry.fromClassPath(getClass().getClassLoader());
        assertThat(registry.all()).extracting(r -> r.type().name())
                .contains("premapped-iommu", "plain-dma", "pinned-buffers", "terminate", "pinned-rc-nic");
        assertThat(registry.all()).flatExtracting(r -> r.type().roles())
                .contains(Role.IOMMU, Role.DMA_ENGINE, Role.BUFFER_MANAGER, Role.FAULT_HANDLER, Role.NIC);
    }

    @Test
    void twoTypesWithOneNameIsAnErrorNamingBothSources() {
        ExtensionRegistry registry = new ExtensionRegistry();
        registry.register(new PremappedIommuType(), "class path");
        assertThatThrownBy(() -> registry.register(new PremappedIommuType(), "plugin acme 1.0"))
                .hasMessage("two component types are named 'premapped-iommu': one from class path, "
                        + "one from plugin acme 1.0");
    }

    @Test
    void unknownTypeSuggestsTheNearest() {
        ExtensionRegistry registry = ExtensionRegistry.fromClassPath(getClass().getClassLoader());
        assertThatThrownBy(() -> registry.require("pinned-rc-nc"))
                .hasMessageContaining("unknown component type 'pinned-rc-nc'")
                .hasMessageEndingWith("(did you mean 'pinned-rc-nic'?)");
    }

    @Test
    void unregisteringASourceRemovesItsTypes() {
        ExtensionRegistry registry = new ExtensionRegistry();
        ComponentType type = new PremappedIommuType();
        registry.register(type, "plugin x");
        registry.unregisterSource("plugin x");
        assertThat(registry.find("premapped-iommu")).isEmpty();
    }
}
