package org.iopf.core.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.iopf.api.ApiVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The host never deletes or changes a file it did not create, wherever the file sits. */
final class UserFilesSurviveTest {
    @TempDir
    Path plugins;
    @TempDir
    Path elsewhere;
    @TempDir
    Path work;
    @TempDir
    Path cache;

    /** Every file under {@code root} with its bytes. */
    private static Map<Path, byte[]> snapshot(Path root) throws IOException {
        Map<Path, byte[]> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path file : walk.filter(Files::isRegularFile).toList()) {
                files.put(root.relativize(file), Files.readAllBytes(file));
            }
        }
        return files;
    }

    private static void userTree(Path folder) throws IOException {
        Files.createDirectories(folder.resolve("src"));
        Files.writeString(folder.resolve("src/Main.java"), "class Main { /* the user's work */ }\n");
        Files.writeString(folder.resolve("notes.txt"), "do not delete\n");
    }

    @Test
    void aFolderBesideAZipOfItsNameSurvivesLoadUnloadReloadAndClose() throws IOException {
        TestPlugins builder = new TestPlugins(work);
        builder.iommu("foo", "1.0.0").zipInto(plugins, "foo.zip");
        userTree(plugins.resolve("foo"));
        userTree(plugins.resolve("foo-1.0.0"));
        Map<Path, byte[]> before = snapshot(plugins.resolve("foo"));
        Map<Path, byte[]> beforeVersioned = snapshot(plugins.resolve("foo-1.0.0"));

        try (DefaultPluginHost host = new DefaultPluginHost(plugins, new PluginCache(cache), ApiVersion.CURRENT)) {
            assertThat(host.loadAndStartAll()).extracting(PluginInfo::status).containsExactly(PluginStatus.STARTED);
            host.reload("foo");
            host.unload("foo");
            host.load(plugins.resolve("foo.zip"));
            host.loadAndStartAll();
        }

        assertThat(snapshot(plugins.resolve("foo"))).containsExactlyEntriesOf(before);
        assertThat(snapshot(plugins.resolve("foo-1.0.0"))).containsExactlyEntriesOf(beforeVersioned);
        try (Stream<Path> left = Files.list(plugins)) {
            assertThat(left.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("foo.zip", "foo", "foo-1.0.0");
        }
    }

    @Test
    void loadingAZipFromAnotherFolderLeavesItsSiblingsAlone() throws IOException {
        TestPlugins builder = new TestPlugins(work);
        Path victimZip = builder.iommu("victim", "1.0.0").zipInto(elsewhere, "victim.zip");
        userTree(elsewhere.resolve("victim"));
        Map<Path, byte[]> before = snapshot(elsewhere);

        try (DefaultPluginHost host = new DefaultPluginHost(plugins, new PluginCache(cache), ApiVersion.CURRENT)) {
            host.load(victimZip);
            host.reload("victim");
            host.unload("victim");
        }

        assertThat(snapshot(elsewhere)).containsExactlyEntriesOf(before);
    }

    @Test
    void theCacheIsTheOnlyPlaceAZipIsExtractedTo() throws IOException {
        TestPlugins builder = new TestPlugins(work);
        Path zip = builder.iommu("foo", "1.0.0").zipInto(plugins, "foo.zip");
        try (DefaultPluginHost host = new DefaultPluginHost(plugins, new PluginCache(cache), ApiVersion.CURRENT)) {
            host.loadAndStartAll();
            try (Stream<Path> inPlugins = Files.list(plugins)) {
                assertThat(inPlugins.map(p -> p.getFileName().toString())).containsExactly("foo.zip");
            }
            assertThat(cache.resolve(PluginCache.sha256(zip)).resolve("plugin.properties")).exists();
        }
    }
}
