package org.iopf.core.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class PluginWatcherTest {
    @TempDir
    Path plugins;
    @TempDir
    Path work;

    @Test
    void aZipDroppedInIsLoadedByAScanAndItsDeletionUnloadsIt() throws Exception {
        DefaultPluginHost host = new DefaultPluginHost(plugins);
        host.loadAndStartAll();
        BlockingQueue<PluginEvent> heard = new LinkedBlockingQueue<>();
        try (PluginWatcher watcher = host.watch(heard::add)) {
            Path zip = new TestPlugins(work).iommu("test-iommu", "1.0.0").zipInto(plugins);

            List<PluginEvent> loaded = watcher.scanOnce();
            assertThat(host.registry().find("test-iommu")).isPresent();
            assertThat(host.plugin("test-iommu").orElseThrow().status()).isEqualTo(PluginStatus.STARTED);
            assertThat(loaded.isEmpty() || loaded.get(0).kind() == PluginEvent.Kind.LOADED).isTrue();

            Files.delete(zip);
            watcher.scanOnce();
            assertThat(host.plugin("test-iommu")).isEmpty();
            assertThat(host.registry().find("test-iommu")).isEmpty();
        }
        assertThat(heard).extracting(PluginEvent::kind, PluginEvent::pluginId).containsExactlyInAnyOrder(
                org.assertj.core.groups.Tuple.tuple(PluginEvent.Kind.LOADED, "test-iommu"),
                org.assertj.core.groups.Tuple.tuple(PluginEvent.Kind.UNLOADED, "test-iommu"));
    }

    @Test
    void theWatcherThreadLoadsAZipDroppedInWithoutAScanCall() throws Exception {
        DefaultPluginHost host = new DefaultPluginHost(plugins);
        BlockingQueue<PluginEvent> heard = new LinkedBlockingQueue<>();
        try (PluginWatcher watcher = host.watch(heard::add)) {
            new TestPlugins(work).iommu("test-iommu", "1.0.0").zipInto(plugins);

            PluginEvent event = heard.poll(30, TimeUnit.SECONDS);

            assertThat(event).isNotNull();
            assertThat(event.kind()).isEqualTo(PluginEvent.Kind.LOADED);
            assertThat(event.pluginId()).isEqualTo("test-iommu");
            assertThat(event.message()).isEqualTo("plugin 'test-iommu' 1.0.0 loaded from test-iommu-1.0.0.zip, started");
            assertThat(host.registry().find("test-iommu")).isPresent();
        }
    }

    @Test
    void aDeletedPluginInUseStaysUntilReleasedAndAScanThenUnloadsIt() throws Exception {
        Path zip = new TestPlugins(work).iommu("test-iommu", "1.0.0").zipInto(plugins);
        DefaultPluginHost host = new DefaultPluginHost(plugins);
        host.loadAndStartAll();
        BlockingQueue<PluginEvent> heard = new LinkedBlockingQueue<>();
        try (PluginWatcher watcher = host.watch(heard::add);
                PluginLease lease = host.lease(List.of("test-iommu"), "run of x.yaml")) {
            Files.delete(zip);

            List<PluginEvent> events = watcher.scanOnce();

            assertThat(host.registry().find("test-iommu")).isPresent();
            if (!events.isEmpty()) {
                assertThat(events.get(0).message()).isEqualTo("test-iommu-1.0.0.zip was deleted but plugin "
                        + "'test-iommu' is in use by run of x.yaml; stop that run first");
            }
            lease.close();
            watcher.scanOnce();
            assertThat(host.plugin("test-iommu")).isEmpty();
        }
    }

    @Test
    void aPluginUnloadedByHandIsLeftAloneByScansUntilItsFileChanges() {
        TestPlugins builder = new TestPlugins(work);
        builder.iommu("test-iommu", "1.0.0").zipInto(plugins, "test-iommu.zip");
        DefaultPluginHost host = new DefaultPluginHost(plugins);
        host.loadAndStartAll();
        host.unload("test-iommu");

        assertThat(host.scan(true)).isEmpty();
        assertThat(host.plugin("test-iommu")).isEmpty();

        builder.iommu("test-iommu", "1.1.0").zipInto(plugins, "test-iommu.zip");
        touchLater(plugins.resolve("test-iommu.zip"));
        assertThat(host.scan(true)).extracting(PluginEvent::kind).containsExactly(PluginEvent.Kind.LOADED);
        assertThat(host.plugin("test-iommu").orElseThrow().version()).isEqualTo("1.1.0");
    }

    private static void touchLater(Path file) {
        try {
            Files.setLastModifiedTime(file, java.nio.file.attribute.FileTime.fromMillis(
                    Files.getLastModifiedTime(file).toMillis() + 10_000));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
