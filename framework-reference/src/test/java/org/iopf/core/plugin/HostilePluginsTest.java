package org.iopf.core.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.iopf.api.ApiVersion;
import org.iopf.core.platform.AssemblyException;
import org.iopf.core.platform.ComponentSpec;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.MemorySpec;
import org.iopf.core.platform.NodeSpec;
import org.iopf.core.platform.PlatformSpec;
import org.iopf.core.run.DefaultPlatforms;
import org.iopf.core.run.Simulation;
import org.iopf.core.sim.CoreGroup;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Plugins that misbehave, broken and hostile files in the plugins folder: each is refused or
 * marked failed with a one-line reason, nothing is written outside the folder and the cache, and
 * the other plugins keep working.
 */
final class HostilePluginsTest {
    @TempDir
    Path plugins;
    @TempDir
    Path work;
    @TempDir
    Path cacheRoot;
    private String previousLimit;

    @BeforeEach
    void rememberCallLimit() {
        previousLimit = System.getProperty(PluginCallGuard.LIMIT_PROPERTY);
    }

    @AfterEach
    void restoreCallLimit() {
        if (previousLimit == null) {
            System.clearProperty(PluginCallGuard.LIMIT_PROPERTY);
        } else {
            System.setProperty(PluginCallGuard.LIMIT_PROPERTY, previousLimit);
        }
    }

    private TestPlugins builder;

    /** One builder per test: two would compile into the same work folders. */
    private TestPlugins builder() {
        if (builder == null) {
            builder = new TestPlugins(work);
        }
        return builder;
    }

    private DefaultPluginHost host() {
        return new DefaultPluginHost(plugins, new PluginCache(cacheRoot), ApiVersion.CURRENT);
    }

    /** Loads the folder with a good plugin beside the hostile one; the good one must start. */
    private PluginInfo loadBesideAGoodPlugin(DefaultPluginHost host, String hostileId) {
        builder().iommu("good", "1.0.0").zipInto(plugins);
        List<PluginInfo> infos = host.loadAndStartAll();
        assertThat(infos).filteredOn(i -> i.id().equals("good")).singleElement()
                .satisfies(good -> assertThat(good.status()).as(good.failure().orElse(""))
                        .isEqualTo(PluginStatus.STARTED));
        assertThat(host.registry().find("test-iommu")).isPresent();
        return infos.stream().filter(i -> i.id().equals(hostileId)).findFirst().orElseThrow();
    }

    private static void assertOneLine(PluginInfo info, String expected) {
        assertThat(info.failure()).hasValueSatisfying(reason -> assertThat(reason).contains(expected)
                .doesNotContain("\n").doesNotContain("\tat "));
    }

    @Test
    void aStartThatThrowsAnErrorFailsItsPluginOnly() {
        builder().hostile("asserting", "throw new AssertionError(\"invariant broken\");").zipInto(plugins);
        try (DefaultPluginHost host = host()) {
            PluginInfo info = loadBesideAGoodPlugin(host, "asserting");
            assertThat(info.status()).isEqualTo(PluginStatus.FAILED);
            assertOneLine(info, "plugin 'asserting' 1.0.0 failed to start: AssertionError: invariant broken");
        }
    }

    @Test
    void aStartThatOverflowsTheStackFailsItsPluginOnly() {
        builder().hostile("deep", "recurse(0);").zipInto(plugins);
        try (DefaultPluginHost host = host()) {
            PluginInfo info = loadBesideAGoodPlugin(host, "deep");
            assertThat(info.status()).isEqualTo(PluginStatus.FAILED);
            assertOneLine(info, "plugin 'deep' 1.0.0 failed to start: StackOverflowError");
        }
    }

    @Test
    void aStartThatNeverReturnsIsAbandonedAfterTheLimit() {
        builder().iommu("good", "1.0.0").zipInto(plugins);
        try (DefaultPluginHost warm = host()) {
            warm.loadAndStartAll(); // class loading of a cold JVM does not count against the short limit below
        }
        builder().hostile("sleeper", "sleepForever();").zipInto(plugins);
        System.setProperty(PluginCallGuard.LIMIT_PROPERTY, "1");
        try (DefaultPluginHost host = host()) {
            PluginInfo info = loadBesideAGoodPlugin(host, "sleeper");
            assertThat(info.status()).isEqualTo(PluginStatus.FAILED);
            assertOneLine(info, "plugin 'sleeper' 1.0.0 did not start within 1 s");
        }
    }

    @Test
    void aPluginCannotEndTheProcess() {
        builder().hostile("exiter", "System.exit(0);").zipInto(plugins);
        builder().hostile("halter", "Runtime.getRuntime().halt(3);").zipInto(plugins);
        try (DefaultPluginHost host = host()) {
            PluginInfo exiter = loadBesideAGoodPlugin(host, "exiter");
            PluginInfo halter = host.plugin("halter").orElseThrow();
            // still here: neither call ended this JVM
            assertThat(exiter.status()).isEqualTo(PluginStatus.FAILED);
            assertOneLine(exiter, "failed to start: SecurityException: " + ExitCallRewriter.REFUSAL);
            assertThat(halter.status()).isEqualTo(PluginStatus.FAILED);
            assertOneLine(halter, "failed to start: SecurityException: " + ExitCallRewriter.REFUSAL);
        }
    }

    @Test
    void aTypeWhoseParametersThrowFailsItsPluginAtStartNotEveryLaterCommand() {
        builder().hostile("bad-params", "").token("PARAMETERS", "throw new IllegalStateException(\"oops\");")
                .zipInto(plugins);
        try (DefaultPluginHost host = host()) {
            PluginInfo info = loadBesideAGoodPlugin(host, "bad-params");
            assertThat(info.status()).isEqualTo(PluginStatus.FAILED);
            assertOneLine(info, "cannot create its extension org.iopf.testplugin.hostile.HostileType: "
                    + "IllegalStateException: oops");
            ExtensionRegistry registry = host.registry();
            assertThat(registry.find("hostile-iommu")).isEmpty();
        }
    }

    @Test
    void aModuleThatThrowsAnErrorFailsTheAssemblyWithALocatedMessageNotTheProcess() {
        builder().hostile("bad-module", "").token("MODULE", "throw new AssertionError(\"no module today\");")
                .zipInto(plugins);
        try (DefaultPluginHost host = host()) {
            assertThat(host.loadAndStartAll()).extracting(PluginInfo::status).containsExactly(PluginStatus.STARTED);
            NodeSpec node = new NodeSpec("node1", MemorySpec.of(1L << 30), List.of(new CoreGroup("cpu", 1)),
                    List.of(ComponentSpec.of("iommu", "hostile-iommu")));
            PlatformSpec base = DefaultPlatforms.pinnedBaseline(1);
            assertThatThrownBy(() -> Simulation.build(new PlatformSpec(1, base.defaultLink(), 0, List.of(node)),
                    host.registry()))
                    .isInstanceOf(AssemblyException.class)
                    .hasMessageContaining("component type 'hostile-iommu' could not give its module: "
                            + "java.lang.AssertionError: no module today");
        }
    }

    @Test
    void descriptorsWithoutAnIdWithAControlCharacterOrABadVersionAreListedAsFailed() {
        TestPlugins builder = builder();
        builder.iommu("x", "1.0.0").rawDescriptor("plugin.version=1.0.0\nplugin.class=x.Y\n")
                .zipInto(plugins, "no-id.zip");
        builder.iommu("x", "1.0.0").rawDescriptor("plugin.id=evil\\nid\nplugin.version=1.0.0\n")
                .zipInto(plugins, "newline-id.zip");
        builder.iommu("x", "1.0.0").rawDescriptor("plugin.id=vers\nplugin.version=one\n")
                .zipInto(plugins, "bad-version.zip");
        try (DefaultPluginHost host = host()) {
            loadBesideAGoodPlugin(host, "good");
            List<PluginInfo> infos = host.plugins();
            assertThat(infos).extracting(PluginInfo::id, PluginInfo::status).containsExactly(
                    tuple("bad-version", PluginStatus.FAILED), tuple("good", PluginStatus.STARTED),
                    tuple("newline-id", PluginStatus.FAILED), tuple("no-id", PluginStatus.FAILED));
            assertOneLine(infos.get(0), "plugin 'vers' in bad-version.zip has version 'one', which is not a "
                    + "semantic version");
            assertOneLine(infos.get(2), "newline-id.zip has an unusable plugin id 'evil\\u000aid'");
            assertOneLine(infos.get(3), "no-id.zip has a plugin descriptor without a plugin id");
        }
    }

    @Test
    void aNonZipAnEmptyZipAndAZipThatEscapesItsFolderAreListedAsFailed() throws IOException {
        Files.write(plugins.resolve("garbage.zip"), "not a zip".getBytes(StandardCharsets.UTF_8));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            zip.putNextEntry(new ZipEntry("plugin.properties"));
            zip.write("plugin.id=slip\nplugin.version=1.0.0\n".getBytes(StandardCharsets.UTF_8));
            zip.putNextEntry(new ZipEntry("../outside.txt"));
            zip.write(1);
        }
        Files.write(plugins.resolve("slip.zip"), bytes.toByteArray());
        try (DefaultPluginHost host = host()) {
            loadBesideAGoodPlugin(host, "good");
            List<PluginInfo> infos = host.plugins();
            assertThat(infos).extracting(PluginInfo::id, PluginInfo::status).containsExactly(
                    tuple("garbage", PluginStatus.FAILED), tuple("good", PluginStatus.STARTED),
                    tuple("slip", PluginStatus.FAILED));
            assertOneLine(infos.get(0), "garbage.zip is not a readable zip");
            assertOneLine(infos.get(2), "slip.zip has an entry '../outside.txt' that escapes the plugin's folder");
        }
        assertThat(plugins.getParent().resolve("outside.txt")).doesNotExist();
        assertThat(cacheRoot.resolve("outside.txt")).doesNotExist();
    }

    @Test
    void ofTwoVersionsOfOneIdTheNewestLoadsAndTheOtherIsIgnoredWithAReason() {
        builder().iommu("twice", "0.1.0").zipInto(plugins);
        builder().iommu("twice", "0.1.1").token("TYPE_NAME", "twice-iommu").zipInto(plugins);
        try (DefaultPluginHost host = host()) {
            List<PluginInfo> infos = host.loadAndStartAll();
            assertThat(infos).extracting(PluginInfo::version, PluginInfo::status).containsExactly(
                    tuple("0.1.1", PluginStatus.STARTED), tuple("0.1.0", PluginStatus.IGNORED));
            assertOneLine(infos.get(1), "plugin 'twice' 0.1.0 in twice-0.1.0.zip is ignored: 0.1.1 from "
                    + "twice-0.1.1.zip is loaded instead (the newest version)");
            assertThat(host.registry().find("twice-iommu")).isPresent();
        }
    }

    @Test
    void aZipReusingAStockIdLosesToTheStockPluginWhateverItsVersion() {
        builder().iommu("pldma", "0.1.0").provider(DefaultPluginHost.STOCK_PROVIDER).token("TYPE_NAME", "stock-iommu")
                .zipInto(plugins, "plugin-pldma-0.1.0-plugin.zip");
        builder().iommu("pldma", "9.9.9").token("TYPE_NAME", "impostor-iommu").zipInto(plugins, "aaa-pldma.zip");
        try (DefaultPluginHost host = host()) {
            List<PluginInfo> infos = host.loadAndStartAll();
            assertThat(infos).extracting(PluginInfo::version, PluginInfo::status).containsExactly(
                    tuple("0.1.0", PluginStatus.STARTED), tuple("9.9.9", PluginStatus.IGNORED));
            assertOneLine(infos.get(1), "is loaded instead (the stock plugin)");
            assertThat(host.registry().find("stock-iommu")).isPresent();
            assertThat(host.registry().find("impostor-iommu")).isEmpty();
        }
    }

    @Test
    void aNewcomerWhoseTypeNameClashesWithAStockTypeStartsBesideItInItsOwnLibrary() {
        builder().iommu("zzz-stock", "0.1.0").provider(DefaultPluginHost.STOCK_PROVIDER)
                .token("TYPE_NAME", "shared-name").zipInto(plugins);
        builder().iommu("aaa-newcomer", "1.0.0").token("TYPE_NAME", "shared-name")
                .token("WORKLOAD_NAME", "newcomer-translate").zipInto(plugins);
        try (DefaultPluginHost host = host()) {
            List<PluginInfo> infos = host.loadAndStartAll();
            assertThat(infos).extracting(PluginInfo::id, PluginInfo::status).containsExactly(
                    tuple("aaa-newcomer", PluginStatus.STARTED), tuple("zzz-stock", PluginStatus.STARTED));
            assertThat(host.registry().find("zzz-stock:shared-name")).isPresent();
            assertThat(host.registry().find("aaa-newcomer:shared-name")).isPresent();
            assertThat(host.registry().componentAmbiguity("shared-name")).hasValue("component type 'shared-name' "
                    + "is in 2 libraries; write one of [aaa-newcomer:shared-name, zzz-stock:shared-name]");
        }
    }

    @Test
    void everyLibraryWithATypeOfTheAmbiguousNameIsListed() {
        builder().iommu("twins", "1.0.0").token("TYPE_NAME", "premapped-iommu").zipInto(plugins);
        builder().iommu("twins-b", "1.0.0").token("TYPE_NAME", "premapped-iommu").token("WORKLOAD_NAME", "b-translate")
                .zipInto(plugins);
        try (DefaultPluginHost host = host()) {
            assertThat(host.loadAndStartAll()).extracting(PluginInfo::status)
                    .containsOnly(PluginStatus.STARTED);
            assertThat(host.registry().componentAmbiguity("premapped-iommu")).hasValueSatisfying(m -> assertThat(m)
                    .contains("in 3 libraries").contains("core:premapped-iommu", "twins:premapped-iommu",
                            "twins-b:premapped-iommu"));
        }
    }
}
