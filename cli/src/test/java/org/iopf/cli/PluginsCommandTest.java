package org.iopf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.iopf.core.plugin.TestPlugins;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code iopf plugins ...} over a plugins folder, one process (command) at a time. */
final class PluginsCommandTest {
    @TempDir
    Path temp;

    private int run(CliHarness cli, Path plugins, String... args) {
        String[] all = new String[args.length + 2];
        System.arraycopy(args, 0, all, 0, args.length);
        all[args.length] = "--plugins";
        all[args.length + 1] = plugins.toString();
        return cli.run(all);
    }

    @Test
    void loadInstallsAZipThatListInfoDisableEnableAndUnloadThenSee() throws IOException {
        Path plugins = Files.createDirectories(temp.resolve("plugins"));
        Path zip = new TestPlugins(temp.resolve("build"), CliHarness.testPluginSources()).iommu("test-iommu", "1.0.0")
                .zipInto(temp.resolve("downloads"));
        CliHarness cli = new CliHarness(temp);

        assertThat(run(cli, plugins, "plugins", "load", zip.toString())).isZero();
        assertThat(cli.out()).contains("loaded test-iommu 1.0.0 (STARTED)", "components:  test-iommu",
                "workloads:   test-translate");
        assertThat(plugins.resolve(zip.getFileName())).isRegularFile();

        cli.clear();
        assertThat(run(cli, plugins, "plugins", "list")).isZero();
        assertThat(cli.out()).containsPattern("test-iommu +1\\.0\\.0 +STARTED +>=0\\.2\\.0 & <0\\.3\\.0 +test-iommu, "
                + "test-translate");

        cli.clear();
        assertThat(run(cli, plugins, "plugins", "disable", "test-iommu")).isZero();
        assertThat(run(cli, plugins, "components", "test-iommu")).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(run(cli, plugins, "plugins", "info", "test-iommu")).isZero();
        assertThat(cli.out()).contains("state:       DISABLED");

        cli.clear();
        assertThat(run(cli, plugins, "plugins", "enable", "test-iommu")).isZero();
        assertThat(run(cli, plugins, "components", "test-iommu")).isZero();
        assertThat(cli.out()).contains("identity IOMMU 1.0.0");

        cli.clear();
        assertThat(run(cli, plugins, "plugins", "unload", "test-iommu")).isZero();
        assertThat(cli.out()).contains("unloaded test-iommu; moved " + zip.getFileName());
        assertThat(plugins.resolve(zip.getFileName())).doesNotExist();
        assertThat(plugins.resolve(".unloaded").resolve(zip.getFileName())).isRegularFile();
        assertThat(run(cli, plugins, "plugins", "info", "test-iommu")).isEqualTo(ExitCode.BAD_INPUT);
    }

    @Test
    void userFilesBesideTheZipAndInUnloadedSurviveByteForByte() throws IOException {
        Path plugins = Files.createDirectories(temp.resolve("plugins"));
        TestPlugins builder = new TestPlugins(temp.resolve("build"), CliHarness.testPluginSources());
        Path zip = builder.iommu("test-iommu", "1.0.0").zipInto(temp.resolve("downloads"), "victim.zip");
        Path besideDownload = Files.createDirectories(temp.resolve("downloads/victim/src"));
        Files.writeString(besideDownload.resolve("Main.java"), "class Main {}\n");
        Path besideInstalled = Files.createDirectories(plugins.resolve("victim/src"));
        Files.writeString(besideInstalled.resolve("Main.java"), "class Installed {}\n");
        Path earlierUnload = Files.createDirectories(plugins.resolve(".unloaded")).resolve("victim.zip");
        Files.writeString(earlierUnload, "an older file the user keeps");
        CliHarness cli = new CliHarness(temp);

        assertThat(run(cli, plugins, "plugins", "load", zip.toString())).isZero();
        assertThat(run(cli, plugins, "plugins", "list")).isZero();
        assertThat(run(cli, plugins, "plugins", "unload", "test-iommu")).isZero();

        assertThat(besideDownload.resolve("Main.java")).hasContent("class Main {}");
        assertThat(besideInstalled.resolve("Main.java")).hasContent("class Installed {}");
        assertThat(earlierUnload).hasContent("an older file the user keeps");
        assertThat(plugins.resolve(".unloaded/victim-2.zip")).hasSameBinaryContentAs(zip);
        assertThat(cli.out()).contains("moved victim.zip to " + plugins.resolve(".unloaded/victim-2.zip"));
    }

    @Test
    void aPluginForAnotherApiIsRefusedAndNotInstalled() throws IOException {
        Path plugins = Files.createDirectories(temp.resolve("plugins"));
        Path zip = new TestPlugins(temp.resolve("build"), CliHarness.testPluginSources()).iommu("future", "2.0.0")
                .requires(">=0.3.0").zipInto(temp.resolve("downloads"));
        CliHarness cli = new CliHarness(temp);
        assertThat(run(cli, plugins, "plugins", "load", zip.toString())).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(cli.err()).contains("plugin 'future' 2.0.0 requires iopf API >=0.3.0 but this is iopf API 0.2.0");
        assertThat(plugins.resolve(zip.getFileName())).doesNotExist();
    }

    @Test
    void aFailingPluginIsReportedAndTheOthersStillServe() throws IOException {
        Path plugins = Files.createDirectories(temp.resolve("plugins"));
        TestPlugins builder = new TestPlugins(temp.resolve("build"), CliHarness.testPluginSources());
        builder.failingStart("broken").zipInto(plugins);
        builder.iommu("test-iommu", "1.0.0").zipInto(plugins);
        CliHarness cli = new CliHarness(temp);
        assertThat(run(cli, plugins, "plugins", "list")).isZero();
        assertThat(cli.err()).contains("warning: plugin 'broken' failed");
        assertThat(cli.out()).containsPattern("broken +1\\.0\\.0 +FAILED").containsPattern("test-iommu +1\\.0\\.0 +STARTED");
    }
}
