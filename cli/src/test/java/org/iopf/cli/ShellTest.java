package org.iopf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.ref.WeakReference;
import java.nio.file.Files;
import java.nio.file.Path;
import org.iopf.core.plugin.DefaultPluginHost;
import org.iopf.core.plugin.PluginHost;
import org.iopf.core.plugin.TestPlugins;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shell driven programmatically: hot loading while a session is running. */
final class ShellTest {
    private static final String PLATFORM = """
            name: plugin-iommu
            nodes:
              - name: node1
                iommu: {type: test-iommu, params: {lookupLatency: 25ns}}
            workload:
              type: test-translate
            expect:
              - {metric: workload.latency, value: 25ns, tolerance: 0ns}
            """;

    @TempDir
    Path temp;

    @Test
    void aZipDroppedIntoTheWatchedFolderIsUsableWithoutARestartAndCanBeUnloadedAfterTheRun() throws IOException {
        Path plugins = Files.createDirectories(temp.resolve("plugins"));
        Path platform = Files.writeString(temp.resolve("plugin-iommu.yaml"), PLATFORM);
        CliHarness cli = new CliHarness(temp);
        try (PluginHost host = new DefaultPluginHost(plugins); Shell shell = new Shell(host, cli.env())) {
            shell.watchPluginsFolder();
            assertThat(shell.execute("components test-iommu")).isEqualTo(ExitCode.BAD_INPUT);
            assertThat(cli.err()).contains("no component or workload type 'test-iommu'");

            new TestPlugins(temp.resolve("build"), CliHarness.testPluginSources()).iommu("test-iommu", "1.0.0")
                    .zipInto(plugins);
            assertThat(shell.execute("scan")).isZero();
            assertThat(cli.out()).contains("[plugins] plugin 'test-iommu' 1.0.0 loaded from test-iommu-1.0.0.zip",
                    "component types [test-iommu], workload types [test-translate]");

            cli.clear();
            assertThat(shell.execute("components test-iommu")).isZero();
            assertThat(cli.out()).contains("test-iommu", "identity IOMMU 1.0.0", "lookupLatency", "plugin test-iommu");

            cli.clear();
            assertThat(shell.execute("run " + platform + " --format json")).isZero();
            assertThat(cli.out()).contains("\"workload.latency\"");

            cli.clear();
            assertThat(shell.execute("inspect workload")).isZero();
            assertThat(cli.out()).contains("workload.latency");

            cli.clear();
            assertThat(shell.execute("unload test-iommu")).isZero();
            assertThat(shell.execute("components test-iommu")).isEqualTo(ExitCode.BAD_INPUT);
            assertThat(shell.execute("run " + platform)).isEqualTo(ExitCode.BAD_INPUT);
            assertThat(cli.err()).contains("unknown component type 'test-iommu'");
        }
    }

    @Test
    void afterARunAndAnUnloadTheShellHoldsNothingOfThePlugin() throws IOException {
        Path plugins = Files.createDirectories(temp.resolve("plugins"));
        Path platform = Files.writeString(temp.resolve("plugin-iommu.yaml"), PLATFORM);
        CliHarness cli = new CliHarness(temp);
        new TestPlugins(temp.resolve("build"), CliHarness.testPluginSources()).iommu("test-iommu", "1.0.0")
                .zipInto(plugins);
        try (PluginHost host = new DefaultPluginHost(plugins); Shell shell = new Shell(host, cli.env())) {
            host.loadAndStartAll();
            WeakReference<ClassLoader> loader = pluginLoader(host);
            assertThat(shell.execute("run " + platform)).isZero();
            assertThat(shell.execute("inspect")).isZero();
            assertThat(shell.execute("unload test-iommu")).isZero();
            assertThat(collected(loader)).as("the plugin's class loader is collected").isTrue();
            assertThat(shell.execute("inspect workload.latency")).isZero();
            assertThat(cli.out()).contains("workload.latency");
        }
    }

    private static WeakReference<ClassLoader> pluginLoader(PluginHost host) {
        return new WeakReference<>(host.registry().find("test-iommu").orElseThrow().getClass().getClassLoader());
    }

    /** Asks for collections until the reference clears or 50 rounds pass; no wall-clock waiting. */
    private static boolean collected(WeakReference<?> ref) {
        for (int round = 0; round < 50 && ref.get() != null; round++) {
            System.gc();
            byte[][] garbage = new byte[64][];
            for (int i = 0; i < garbage.length; i++) {
                garbage[i] = new byte[64 * 1024];
            }
        }
        return ref.get() == null;
    }

    @Test
    void aNewerVersionIsPickedUpByReload() throws IOException {
        Path plugins = Files.createDirectories(temp.resolve("plugins"));
        CliHarness cli = new CliHarness(temp);
        TestPlugins builder = new TestPlugins(temp.resolve("build"), CliHarness.testPluginSources());
        Path zip = builder.iommu("test-iommu", "1.0.0").zipInto(plugins, "test-iommu.zip");
        try (PluginHost host = new DefaultPluginHost(plugins); Shell shell = new Shell(host, cli.env())) {
            assertThat(shell.execute("load " + zip)).isZero();
            assertThat(cli.out()).contains("loaded test-iommu 1.0.0 (STARTED)");
            builder.iommu("test-iommu", "1.1.0").zipInto(plugins, "test-iommu.zip");
            assertThat(shell.execute("reload test-iommu")).isZero();
            assertThat(cli.out()).contains("reloaded test-iommu 1.1.0 (STARTED)");
            cli.clear();
            shell.execute("components test-iommu");
            assertThat(cli.out()).contains("identity IOMMU 1.1.0");
        }
    }

    @Test
    void badCommandsExitWithTwoAndExitEndsTheSession() throws IOException {
        CliHarness cli = new CliHarness(temp);
        try (PluginHost host = new DefaultPluginHost(Files.createDirectories(temp.resolve("plugins")));
                Shell shell = new Shell(host, cli.env())) {
            assertThat(shell.execute("frobnicate")).isEqualTo(ExitCode.BAD_INPUT);
            assertThat(shell.execute("unload nothing-here")).isEqualTo(ExitCode.BAD_INPUT);
            assertThat(shell.execute("inspect")).isEqualTo(ExitCode.BAD_INPUT);
            assertThat(cli.err()).contains("unknown command 'frobnicate'", "Type 'help'", "unknown plugin 'nothing-here'",
                    "nothing has run yet").doesNotContain("\tat ");
            assertThat(shell.execute("")).isZero();
            assertThat(shell.exitRequested()).isFalse();
            assertThat(shell.execute("exit")).isZero();
            assertThat(shell.exitRequested()).isTrue();
        }
    }
}
