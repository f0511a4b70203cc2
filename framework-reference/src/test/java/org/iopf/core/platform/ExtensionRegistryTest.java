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
    void twoTypesWithOneNameInOneLibraryIsAnErrorNamingBothSources() {
        ExtensionRegistry registry = new ExtensionRegistry();
        registry.register(new PremappedIommuType(), "class path");
        assertThatThrownBy(() -> registry.register(new PremappedIommuType(), "class path again"))
                .hasMessage("two component types are named 'core:premapped-iommu': one from class path, "
                        + "one from class path again");
    }

    @Test
    void aClassPathTypeBelongsToTheLibraryItsJarNames() {
        ExtensionRegistry registry = ExtensionRegistry.fromClassPath(getClass().getClassLoader());
        ExtensionRegistry.Registered premapped = registry.registration("premapped-iommu").orElseThrow();
        assertThat(premapped.library().id()).isEqualTo("core");
        assertThat(premapped.qualifiedName()).isEqualTo("core:premapped-iommu");
        assertThat(premapped.version()).isEqualTo(premapped.library().version()).doesNotContain("${").isNotBlank();
        assertThat(registry.find("core:premapped-iommu")).containsSame(premapped.type());
        assertThat(registry.workloadRegistration("rdma-write-stream").orElseThrow().qualifiedName())
                .isEqualTo("core:rdma-write-stream");
    }

    @Test
    void twoLibrariesMayHaveATypeOfOneNameAndTheOwnNameThenIsAmbiguous() {
        ExtensionRegistry registry = new ExtensionRegistry();
        PremappedIommuType ours = new PremappedIommuType();
        PremappedIommuType theirs = new PremappedIommuType();
        registry.register(ours, "plugin ours 1.0", java.util.Optional.of("ours"), new Library("ours", "1.0"));
        assertThat(registry.find("premapped-iommu")).containsSame(ours);
        registry.register(theirs, "plugin theirs 2.1", java.util.Optional.of("theirs"), new Library("theirs", "2.1"));

        assertThat(registry.find("premapped-iommu")).isEmpty();
        assertThat(registry.componentAmbiguity("premapped-iommu")).hasValue(
                "component type 'premapped-iommu' is in 2 libraries; write one of "
                        + "[ours:premapped-iommu, theirs:premapped-iommu]");
        assertThatThrownBy(() -> registry.require("premapped-iommu")).hasMessageContaining("write one of");
        assertThat(registry.find("ours:premapped-iommu")).containsSame(ours);
        assertThat(registry.find("theirs:premapped-iommu")).containsSame(theirs);
        assertThat(registry.registration("theirs:premapped-iommu").orElseThrow().version()).isEqualTo("2.1");
        assertThat(registry.componentNames()).containsExactly("premapped-iommu");
        assertThat(registry.pluginsOf(java.util.List.of("theirs:premapped-iommu"))).containsExactly("theirs");

        registry.unregisterSource("plugin theirs 2.1");
        assertThat(registry.find("premapped-iommu")).containsSame(ours);
    }

    @Test
    void aTypeThatDeclaresItsOwnVersionKeepsIt() {
        ExtensionRegistry registry = new ExtensionRegistry();
        registry.register(new ComponentType() {
            @Override
            public String name() {
                return "lab-iommu";
            }

            @Override
            public String description() {
                return "a test type";
            }

            @Override
            public java.util.Set<Role> roles() {
                return java.util.Set.of(Role.IOMMU);
            }

            @Override
            public String version() {
                return "3.2";
            }

            @Override
            public com.google.inject.Module module(org.iopf.api.platform.ComponentContext context) {
                return binder -> { };
            }
        }, "test", java.util.Optional.empty(), new Library("lab", "1.0"));
        assertThat(registry.registration("lab-iommu").orElseThrow().version()).isEqualTo("3.2");
        assertThatThrownBy(() -> registry.require("nolib:lab-iommu"))
                .hasMessageContaining("unknown component type 'nolib:lab-iommu'");
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
