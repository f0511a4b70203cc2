package org.iopf.core.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.iopf.api.sim.CpuCore;
import org.iopf.api.sim.DataRate;
import org.junit.jupiter.api.Test;

final class NodeResourcesTest {
    private final EventKernel kernel = new EventKernel();
    private final NodeResources resources =
            new NodeResources(kernel, List.of(new CoreGroup("a53", 4), new CoreGroup("r5", 2)));

    @Test
    void coresAreNamedByClusterAndIndexInDeclarationOrder() {
        assertThat(resources.cores()).extracting(CpuCore::name)
                .containsExactly("a53.0", "a53.1", "a53.2", "a53.3", "r5.0", "r5.1");
        assertThat(resources.cores("r5")).extracting(CpuCore::name).containsExactly("r5.0", "r5.1");
        assertThat(resources.cores("x86")).isEmpty();
        assertThat(resources.core("a53.2")).map(CpuCore::cluster).contains("a53");
        assertThat(resources.core("a53.4")).isEmpty();
    }

    @Test
    void requireCoreNamesTheKnownCores() {
        assertThatThrownBy(() -> resources.requireCore("m4.0"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("m4.0").hasMessageContaining("r5.1");
    }

    @Test
    void bandwidthResourcesHaveUniqueNames() {
        var pcie = resources.bandwidth("pcie", DataRate.gbps(16));
        assertThat(pcie.name()).isEqualTo("pcie");
        assertThat(pcie.rate()).isEqualTo(DataRate.gbps(16));
        assertThatThrownBy(() -> resources.bandwidth("pcie", DataRate.gbps(8)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("pcie");
        assertThat(resources.bandwidthResources()).containsExactly(pcie);
    }

    @Test
    void rejectsBadCoreGroups() {
        assertThatThrownBy(() -> new CoreGroup("a53", 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new CoreGroup("a.53", 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new NodeResources(kernel, List.of(new CoreGroup("r5", 1), new CoreGroup("r5", 1))))
                .hasMessageContaining("r5");
    }
}
