package org.iopf.core.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.ref.WeakReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.iopf.api.hmm.MigrationPolicyFactory;
import org.iopf.api.iommu.Iommu;
import org.iopf.core.observe.MetricValue;
import org.iopf.core.platform.ComponentSpec;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.MemorySpec;
import org.iopf.core.platform.NodeSpec;
import org.iopf.core.platform.PlatformSpec;
import org.iopf.core.run.DefaultPlatforms;
import org.iopf.core.run.Simulation;
import org.iopf.core.sim.CoreGroup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class PluginHostTest {
    @TempDir
    Path plugins;
    @TempDir
    Path work;

    private TestPlugins testPlugins() {
        return new TestPlugins(work);
    }

    /** Builds a one-node simulation whose IOMMU is {@code iommuType} and runs the plugin's workload. */
    private static long translationLatency(ExtensionRegistry registry, String iommuType) {
        NodeSpec node = new NodeSpec("node1", MemorySpec.of(1L << 30), List.of(new CoreGroup("cpu", 1)),
                List.of(ComponentSpec.of("iommu", iommuType)));
        PlatformSpec base = DefaultPlatforms.pinnedBaseline(1);
        Simulation sim = Simulation.build(new PlatformSpec(1, base.defaultLink(), 0, List.of(node)), registry);
        sim.run(registry.requireWorkload("test-translate"), Map.of());
        MetricValue.CounterValue latency = (MetricValue.CounterValue) sim.metrics().snapshot().get("workload.latency");
        return latency.value();
    }

    @Test
    void aPluginIsLoadedStartedAndItsTypesJoinTheClassPathOnes() {
        testPlugins().iommu("test-iommu", "1.0.0").zipInto(plugins);
        DefaultPluginHost host = new DefaultPluginHost(plugins);

        List<PluginInfo> infos = host.loadAndStartAll();

        assertThat(infos).singleElement().satisfies(info -> {
            assertThat(info.id()).isEqualTo("test-iommu");
            assertThat(info.version()).isEqualTo("1.0.0");
            assertThat(info.requires()).isEqualTo(">=0.2.0 & <0.3.0");
            assertThat(info.status()).isEqualTo(PluginStatus.STARTED);
            assertThat(info.componentTypes()).containsExactly("test-iommu");
            assertThat(info.workloadTypes()).containsExactly("test-translate");
            assertThat(info.failure()).isEmpty();
            assertThat(info.inUseBy()).isEmpty();
        });
        ExtensionRegistry registry = host.registry();
        assertThat(registry.registration("test-iommu").orElseThrow().pluginId()).contains("test-iommu");
        assertThat(registry.registration("test-iommu").orElseThrow().source()).isEqualTo("plugin test-iommu 1.0.0");
        assertThat(registry.workloadRegistration("test-translate").orElseThrow().pluginId()).contains("test-iommu");
        assertThat(registry.registration("premapped-iommu").orElseThrow().pluginId()).isEmpty();
    }

    @Test
    void extensionsOfOtherApiExtensionPointsAreOfferedWhileThePluginIsStarted() {
        testPlugins().iommu("test-iommu", "1.0.0").zipInto(plugins);
        DefaultPluginHost host = new DefaultPluginHost(plugins);
        host.loadAndStartAll();

        // a migration policy packaged in a plugin zip, as a component's context offers it
        assertThat(host.registry().extensions(MigrationPolicyFactory.class)).extracting(MigrationPolicyFactory::name)
                .contains("test-never-migrate");
        assertThat(host.registry().pluginsOfOtherExtensions()).containsExactly("test-iommu");

        host.unload("test-iommu");
        assertThat(host.registry().pluginsOfOtherExtensions()).isEmpty();
        assertThat(host.registry().extensions(MigrationPolicyFactory.class)).extracting(MigrationPolicyFactory::name)
                .doesNotContain("test-never-migrate");
    }

    @Test
    void aPlainJarWithItsDescriptorInTheManifestIsAPluginToo() {
        testPlugins().iommu("jar-iommu", "1.2.0").jarInto(plugins);
        DefaultPluginHost host = new DefaultPluginHost(plugins);

        assertThat(host.loadAndStartAll()).singleElement().satisfies(info -> {
            assertThat(info.id()).isEqualTo("jar-iommu");
            assertThat(info.version()).isEqualTo("1.2.0");
            assertThat(info.status()).isEqualTo(PluginStatus.STARTED);
            assertThat(info.path().getFileName()).hasToString("jar-iommu-1.2.0.jar");
        });
        assertThat(host.registry().registration("test-iommu").orElseThrow().source())
                .isEqualTo("plugin jar-iommu 1.2.0");
        host.close();
        assertThat(host.plugins()).isEmpty();
    }

    @Test
    void aSimulationAssemblesAndRunsWithThePluginsIommu() {
        testPlugins().iommu("test-iommu", "1.0.0").zipInto(plugins);
        DefaultPluginHost host = new DefaultPluginHost(plugins);
        host.loadAndStartAll();

        assertThat(translationLatency(host.registry(), "test-iommu")).isEqualTo(10);
    }

    @Test
    void aPluginSeesTheApiButNotTheCore() throws Exception {
        testPlugins().iommu("test-iommu", "1.0.0").zipInto(plugins);
        DefaultPluginHost host = new DefaultPluginHost(plugins);
        host.loadAndStartAll();
        ClassLoader loader = host.registry().require("test-iommu").getClass().getClassLoader();

        assertThat(loader).isNotSameAs(getClass().getClassLoader());
        assertThat(loader.loadClass(Iommu.class.getName())).isSameAs(Iommu.class);
        assertThatThrownBy(() -> loader.loadClass(Simulation.class.getName()))
                .isInstanceOf(ClassNotFoundException.class)
                .hasMessageContaining("is not in plugin 'test-iommu'");
        assertThat(loader.getResource("META-INF/services/org.iopf.api.platform.ComponentType")).isNull();
    }

    @Test
    void aLeasedPluginCannotBeStoppedUnloadedReloadedOrDisabled() {
        testPlugins().iommu("test-iommu", "1.0.0").zipInto(plugins);
        DefaultPluginHost host = new DefaultPluginHost(plugins);
        host.loadAndStartAll();
        PluginLease lease = host.lease(List.of("test-iommu"), "run of examples/x.yaml");
        String message = "plugin 'test-iommu' is in use by run of examples/x.yaml; stop that run first";

        assertThatThrownBy(() -> host.unload("test-iommu")).isInstanceOf(PluginInUseException.class)
                .hasMessage(message);
        assertThatThrownBy(() -> host.stop("test-iommu")).isInstanceOf(PluginInUseException.class)
                .hasMessage(message);
        assertThatThrownBy(() -> host.reload("test-iommu")).isInstanceOf(PluginInUseException.class)
                .hasMessage(message);
        assertThatThrownBy(() -> host.disable("test-iommu")).isInstanceOf(PluginInUseException.class)
                .hasMessage(message);
        assertThat(host.plugin("test-iommu").orElseThrow().inUseBy()).containsExactly("run of examples/x.yaml");

        lease.close();
        lease.close();
        host.unload("test-iommu");
        assertThat(host.plugins()).isEmpty();
        assertThat(host.registry().find("test-iommu")).isEmpty();
    }

    @Test
    void anUnloadedPluginsClassLoaderIsCollected() {
        testPlugins().iommu("test-iommu", "1.0.0").zipInto(plugins);
        DefaultPluginHost host = new DefaultPluginHost(plugins);
        host.loadAndStartAll();
        WeakReference<ClassLoader> loader = useThePluginInASimulation(host);
        assertThat(loader.get()).as("the loaded plugin's class loader").isNotNull();

        host.unload("test-iommu");

        for (int i = 0; i < 50 && loader.get() != null; i++) {
            System.gc();
            byte[][] garbage = new byte[64][];
            for (int j = 0; j < garbage.length; j++) {
                garbage[j] = new byte[64 * 1024];
            }
        }
        assertThat(loader.get()).as("the unloaded plugin's class loader").isNull();
    }

    /** Everything that touches plugin classes stays in this frame; only a weak reference leaves it. */
    private static WeakReference<ClassLoader> useThePluginInASimulation(PluginHost host) {
        ExtensionRegistry registry = host.registry();
        try (PluginLease lease = host.lease(registry.pluginsOf(List.of("test-iommu")), "run of gc-test")) {
            assertThat(lease.pluginIds()).containsExactly("test-iommu");
            assertThat(translationLatency(registry, "test-iommu")).isEqualTo(10);
        }
        return new WeakReference<>(registry.require("test-iommu").getClass().getClassLoader());
    }

    @Test
    void reloadPicksUpTheNewerVersionAtTheSamePath() {
        TestPlugins builder = testPlugins();
        builder.iommu("test-iommu", "1.0.0").zipInto(plugins, "test-iommu.zip");
        DefaultPluginHost host = new DefaultPluginHost(plugins);
        host.loadAndStartAll();
        assertThat(host.registry().require("test-iommu").description()).isEqualTo("identity IOMMU 1.0.0");

        builder.iommu("test-iommu", "1.1.0").token("LATENCY", "20ns").zipInto(plugins, "test-iommu.zip");
        PluginInfo reloaded = host.reload("test-iommu");

        assertThat(reloaded.version()).isEqualTo("1.1.0");
        assertThat(reloaded.status()).isEqualTo(PluginStatus.STARTED);
        ExtensionRegistry registry = host.registry();
        assertThat(registry.require("test-iommu").description()).isEqualTo("identity IOMMU 1.1.0");
        assertThat(registry.require("test-iommu").parameters().get(0).defaultValue()).contains("20ns");
        assertThat(translationLatency(registry, "test-iommu")).isEqualTo(20);
    }

    @Test
    void aPluginRequiringAnotherApiVersionIsRefusedNamingBothVersions() {
        Path zip = testPlugins().iommu("acme", "2.0.0").requires(">=0.3.0").zipInto(plugins);
        DefaultPluginHost host = new DefaultPluginHost(plugins, "0.2.0");

        assertThatThrownBy(() -> host.load(zip)).isInstanceOf(PluginVersionMismatchException.class)
                .hasMessage("plugin 'acme' 2.0.0 requires iopf API >=0.3.0 but this is iopf API 0.2.0");
        assertThat(host.plugin("acme").orElseThrow().status()).isEqualTo(PluginStatus.FAILED);
        assertThat(host.registry().find("test-iommu")).isEmpty();
    }

    @Test
    void theStockRangeAdmitsPatchVersionsButNotTheNextMinor() {
        testPlugins().iommu("test-iommu", "1.0.0").zipInto(plugins);

        assertThat(new DefaultPluginHost(plugins, "0.2.7").loadAndStartAll())
                .extracting(PluginInfo::status).containsExactly(PluginStatus.STARTED);
        assertThat(new DefaultPluginHost(plugins, "0.3.0").loadAndStartAll()).singleElement()
                .satisfies(info -> assertThat(info.failure()).contains(
                        "plugin 'test-iommu' 1.0.0 requires iopf API >=0.2.0 & <0.3.0 but this is iopf API 0.3.0"));
    }

    @Test
    void failingPluginsAreMarkedFailedAndTheOthersWork() {
        TestPlugins builder = testPlugins();
        builder.iommu("test-iommu", "1.0.0").zipInto(plugins);
        builder.failingStart("test-failing").zipInto(plugins);
        builder.iommu("test-future", "1.0.0").requires(">=9.0.0").token("TYPE_NAME", "future-iommu")
                .token("WORKLOAD_NAME", "future-translate").zipInto(plugins);
        DefaultPluginHost host = new DefaultPluginHost(plugins);

        List<PluginInfo> infos = host.loadAndStartAll();

        assertThat(infos).extracting(PluginInfo::id, PluginInfo::status).containsExactly(
                org.assertj.core.groups.Tuple.tuple("test-failing", PluginStatus.FAILED),
                org.assertj.core.groups.Tuple.tuple("test-future", PluginStatus.FAILED),
                org.assertj.core.groups.Tuple.tuple("test-iommu", PluginStatus.STARTED));
        assertThat(host.plugin("test-failing").orElseThrow().failure())
                .contains("plugin 'test-failing' 1.0.0 failed to start: IllegalStateException: no licence server");
        assertThat(host.plugin("test-future").orElseThrow().failure())
                .contains("plugin 'test-future' 1.0.0 requires iopf API >=9.0.0 but this is iopf API 0.2.0");
        assertThat(translationLatency(host.registry(), "test-iommu")).isEqualTo(10);
    }

    @Test
    void aPluginTypeNamedLikeAClassPathTypeStartsInItsOwnLibraryAndTheNameThenNeedsOne() {
        testPlugins().iommu("test-dup", "1.0.0").token("TYPE_NAME", "premapped-iommu")
                .token("WORKLOAD_NAME", "dup-translate").zipInto(plugins);
        DefaultPluginHost host = new DefaultPluginHost(plugins);

        assertThat(host.loadAndStartAll()).extracting(PluginInfo::status).containsExactly(PluginStatus.STARTED);

        ExtensionRegistry registry = host.registry();
        assertThat(registry.registration("core:premapped-iommu").orElseThrow().pluginId()).isEmpty();
        ExtensionRegistry.Registered theirs = registry.registration("test-dup:premapped-iommu").orElseThrow();
        assertThat(theirs.pluginId()).hasValue("test-dup");
        assertThat(theirs.version()).isEqualTo("1.0.0");
        assertThat(registry.find("premapped-iommu")).isEmpty();
        assertThat(registry.componentAmbiguity("premapped-iommu")).hasValue("component type 'premapped-iommu' is in 2 "
                + "libraries; write one of [core:premapped-iommu, test-dup:premapped-iommu]");
        assertThat(registry.workloadRegistration("dup-translate").orElseThrow().qualifiedName())
                .isEqualTo("test-dup:dup-translate");
    }

    @Test
    void anUnknownIdSuggestsTheNearest() {
        testPlugins().iommu("test-iommu", "1.0.0").zipInto(plugins);
        DefaultPluginHost host = new DefaultPluginHost(plugins);
        host.loadAndStartAll();

        assertThatThrownBy(() -> host.unload("tset-iommu")).isInstanceOf(UnknownPluginException.class)
                .hasMessage("unknown plugin 'tset-iommu'; known plugins are [test-iommu] (did you mean 'test-iommu'?)");
    }

    @Test
    void stopAndStartTakeTheTypesOutAndBack() {
        testPlugins().iommu("test-iommu", "1.0.0").zipInto(plugins);
        DefaultPluginHost host = new DefaultPluginHost(plugins);
        host.loadAndStartAll();

        host.stop("test-iommu");
        assertThat(host.plugin("test-iommu").orElseThrow().status()).isEqualTo(PluginStatus.STOPPED);
        assertThat(host.registry().find("test-iommu")).isEmpty();
        assertThatThrownBy(() -> host.lease(List.of("test-iommu"), "run of x.yaml"))
                .hasMessage("plugin 'test-iommu' is stopped, not started; run of x.yaml cannot use it");

        host.start("test-iommu");
        assertThat(host.registry().find("test-iommu")).isPresent();
    }

    @Test
    void aDisabledPluginStaysDisabledAcrossHostsUntilEnabled() {
        testPlugins().iommu("test-iommu", "1.0.0").zipInto(plugins);
        DefaultPluginHost host = new DefaultPluginHost(plugins);
        host.loadAndStartAll();

        host.disable("test-iommu");
        assertThat(host.plugin("test-iommu").orElseThrow().status()).isEqualTo(PluginStatus.DISABLED);
        assertThat(host.registry().find("test-iommu")).isEmpty();

        DefaultPluginHost next = new DefaultPluginHost(plugins);
        assertThat(next.loadAndStartAll()).extracting(PluginInfo::status).containsExactly(PluginStatus.DISABLED);
        next.enable("test-iommu");
        assertThat(next.plugin("test-iommu").orElseThrow().status()).isEqualTo(PluginStatus.STARTED);
        assertThat(next.registry().find("test-iommu")).isPresent();
    }
}
