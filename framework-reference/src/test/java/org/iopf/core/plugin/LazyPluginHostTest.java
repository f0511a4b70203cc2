package org.iopf.core.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.iopf.api.ApiVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link PluginHost#loadAndStartLazily()}: plugins a caller does not name stay unloaded. */
final class LazyPluginHostTest {
    @TempDir
    Path plugins;
    @TempDir
    Path work;

    private PluginCache cache() {
        return new PluginCache(work.resolve("cache"));
    }

    private DefaultPluginHost host() {
        return new DefaultPluginHost(plugins, cache(), ApiVersion.CURRENT);
    }

    private void quietPlugin(String id) {
        new TestPlugins(work.resolve("build-" + id)).hostile(id, "").token("TYPE_NAME", id + "-iommu").zipInto(plugins);
    }

    @Test
    void aPluginWhoseTypesAStartRecordedIsHeldBackUntilOneOfItsTypesIsAskedFor() {
        quietPlugin("alpha");
        quietPlugin("beta");
        try (DefaultPluginHost first = host()) {
            assertThat(first.loadAndStartAll()).extracting(PluginInfo::status)
                    .containsExactly(PluginStatus.STARTED, PluginStatus.STARTED);
        }
        try (DefaultPluginHost host = host()) {
            assertThat(host.loadAndStartLazily()).isEmpty();
            assertThat(host.deferredPlugins()).containsExactlyInAnyOrder("alpha", "beta");
            assertThat(host.registry().registration("alpha-iommu")).isEmpty();

            assertThat(host.startDeferred(Set.of("premapped-iommu", "rdma-write-stream"))).isFalse();
            assertThat(host.startDeferred(Set.of("alpha-iommu"))).isTrue();

            assertThat(host.plugin("alpha").orElseThrow().status()).isEqualTo(PluginStatus.STARTED);
            assertThat(host.plugin("beta")).isEmpty();
            assertThat(host.deferredPlugins()).containsExactly("beta");
            assertThat(host.registry().registration("alpha-iommu")).isPresent();
            assertThat(host.registry().registration("beta-iommu")).isEmpty();

            assertThat(host.startDeferred(Set.of("beta:no-such-type"))).isTrue();
            assertThat(host.plugin("beta").orElseThrow().status()).isEqualTo(PluginStatus.STARTED);
            assertThat(host.deferredPlugins()).isEmpty();
        }
    }

    @Test
    void aZipNotStartedBeforeIsLoadedAtOnceAndRecordsItsTypesForTheNextHost() {
        quietPlugin("alpha");
        try (DefaultPluginHost host = host()) {
            assertThat(host.loadAndStartLazily()).singleElement()
                    .satisfies(info -> assertThat(info.status()).isEqualTo(PluginStatus.STARTED));
            assertThat(host.deferredPlugins()).isEmpty();
        }
        Path extracted = cache().extract(plugins.resolve(onlyFile()));
        assertThat(cache().types(extracted)).hasValueSatisfying(types -> {
            assertThat(types.id()).isEqualTo("alpha");
            assertThat(types.componentTypes()).containsExactly("alpha-iommu");
            assertThat(types.workloadTypes()).isEmpty();
            assertThat(types.otherExtensions()).isFalse();
        });
    }

    @Test
    void aPluginOfferingExtensionsOfOtherExtensionPointsIsNeverHeldBack() {
        // test-iommu offers a migration policy, which any component may look up
        new TestPlugins(work.resolve("build")).iommu("test-iommu", "1.0.0").zipInto(plugins);
        quietPlugin("alpha");
        try (DefaultPluginHost first = host()) {
            first.loadAndStartAll();
        }
        try (DefaultPluginHost host = host()) {
            host.loadAndStartLazily();
            assertThat(host.plugin("test-iommu").orElseThrow().status()).isEqualTo(PluginStatus.STARTED);
            assertThat(host.deferredPlugins()).containsExactly("alpha");
        }
    }

    @Test
    void startAllDeferredAndALaterFullLoadStartEveryHeldBackPlugin() {
        quietPlugin("alpha");
        quietPlugin("beta");
        try (DefaultPluginHost first = host()) {
            first.loadAndStartAll();
        }
        try (DefaultPluginHost host = host()) {
            host.loadAndStartLazily();
            assertThat(host.startAllDeferred()).isTrue();
            assertThat(host.plugins()).extracting(PluginInfo::status)
                    .containsExactly(PluginStatus.STARTED, PluginStatus.STARTED);
            assertThat(host.startAllDeferred()).isFalse();
        }
        try (DefaultPluginHost host = host()) {
            host.loadAndStartLazily();
            assertThat(host.loadAndStartAll()).extracting(PluginInfo::status)
                    .containsExactly(PluginStatus.STARTED, PluginStatus.STARTED);
            assertThat(host.deferredPlugins()).isEmpty();
        }
    }

    @Test
    void aRecordMadeForAnotherApiVersionIsNotUsed() {
        quietPlugin("alpha");
        try (DefaultPluginHost first = new DefaultPluginHost(plugins, cache(), "0.2.7")) {
            first.loadAndStartAll();
        }
        try (DefaultPluginHost host = host()) {
            host.loadAndStartLazily();
            assertThat(host.deferredPlugins()).isEmpty();
            assertThat(host.plugin("alpha").orElseThrow().status()).isEqualTo(PluginStatus.STARTED);
        }
    }

    private Path onlyFile() {
        try (var files = Files.list(plugins)) {
            return files.findFirst().orElseThrow().getFileName();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
