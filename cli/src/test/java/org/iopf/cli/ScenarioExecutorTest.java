package org.iopf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.iopf.core.platform.Scenario;
import org.iopf.core.plugin.DefaultPluginHost;
import org.iopf.core.plugin.PluginHost;
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
}
