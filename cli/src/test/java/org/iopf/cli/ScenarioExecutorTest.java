package org.iopf.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.iopf.api.ApiVersion;
import org.iopf.core.platform.Scenario;
import org.iopf.core.plugin.DefaultPluginHost;
import org.iopf.core.plugin.PluginCache;
import org.iopf.core.plugin.PluginHost;
import org.iopf.core.plugin.PluginInfo;
import org.iopf.core.plugin.PluginStatus;
import org.iopf.core.plugin.TestPlugins;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plugins a run leases. */
final class ScenarioExecutorTest {
    @TempDir
    Path temp;

    @Test
    void aRunLeasesThePluginsOfItsTypesAndThoseOfferingOtherExtensionsItsComponentsMayLookUp() throws IOException {
        Path plugins = Files.createDirectories(temp.resolve("plugins"));
        // the test plugin offers the test-iommu type and a migration policy
        new TestPlugins(temp.resolve("build"), CliHarness.testPluginSources()).iommu("test-iommu", "1.0.0")
                .zipInto(plugins);
        try (PluginHost host = new DefaultPluginHost(plugins)) {
            host.loadAndStartAll();
            ScenarioExecutor executor = new ScenarioExecutor(host, new CliHarness(temp).env().err(), false);
            Scenario coreTypesOnly = executor.read(CliHarness.repositoryRoot()
                    .resolve("scenarios/unmapped-dma-terminates.yaml"));

            assertThat(ScenarioExecutor.pluginsUsed(coreTypesOnly, host.registry())).containsExactly("test-iommu");
        }
    }

    /** Two plugins started once (so the cache knows their types), and a lazy host over them. */
    private PluginHost lazyHostOverTwoPlugins() {
        Path plugins = temp.resolve("plugins");
        for (String id : List.of("alpha", "beta")) {
            new TestPlugins(temp.resolve("build-" + id), CliHarness.testPluginSources()).hostile(id, "")
                    .token("TYPE_NAME", id + "-iommu").zipInto(plugins);
        }
        PluginCache cache = new PluginCache(temp.resolve("cache"));
        try (PluginHost first = new DefaultPluginHost(plugins, cache, ApiVersion.CURRENT)) {
            first.loadAndStartAll();
        }
        PluginHost host = new DefaultPluginHost(plugins, cache, ApiVersion.CURRENT);
        host.loadAndStartLazily();
        return host;
    }

    /** unmapped-dma-terminates with node1's IOMMU of type {@code iommuType}. */
    private Path platformWithIommu(String iommuType) throws IOException {
        String text = Files.readString(CliHarness.repositoryRoot().resolve("scenarios/unmapped-dma-terminates.yaml"));
        return Files.writeString(temp.resolve(iommuType + ".yaml"), text.replaceFirst("premapped-iommu", iommuType));
    }

    @Test
    void readingAPlatformStartsThePluginsOfTheTypesItNamesAndNoOther() throws IOException {
        try (PluginHost host = lazyHostOverTwoPlugins()) {
            ScenarioExecutor executor = new ScenarioExecutor(host, new CliHarness(temp).env().err(), false);
            Scenario coreTypesOnly = executor.read(CliHarness.repositoryRoot()
                    .resolve("scenarios/unmapped-dma-terminates.yaml"));
            assertThat(host.plugins()).isEmpty();

            Scenario alpha = executor.read(platformWithIommu("alpha-iommu"));

            assertThat(host.plugins()).extracting(PluginInfo::id, PluginInfo::status)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple("alpha", PluginStatus.STARTED));
            assertThat(host.deferredPlugins()).containsExactly("beta");
            assertThat(ScenarioExecutor.pluginsUsed(alpha, host.registry())).containsExactly("alpha");

            executor.override(coreTypesOnly, List.of("node2.iommu.type=beta-iommu"));
            assertThat(host.deferredPlugins()).isEmpty();
        }
    }

    @Test
    void aPlatformThatCannotBeReadIsReportedAgainstEveryPluginsTypes() throws IOException {
        try (PluginHost host = lazyHostOverTwoPlugins()) {
            ScenarioExecutor executor = new ScenarioExecutor(host, new CliHarness(temp).env().err(), false);

            assertThatThrownBy(() -> executor.read(platformWithIommu("beta-iomu"))).hasMessageContaining("beta-iommu");
            assertThat(host.deferredPlugins()).isEmpty();
        }
    }
}
