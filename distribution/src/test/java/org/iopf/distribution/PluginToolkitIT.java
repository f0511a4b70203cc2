package org.iopf.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plugin toolkit is a library of each plugin, not a package of the host: every stock plugin
 * zip carries {@code lib/framework-toolkit-*.jar}, and a plugin loaded by the host as shipped takes
 * the toolkit's classes from its own class loader — one copy per plugin, none of them the host's.
 */
final class PluginToolkitIT {
    private static final String TOOLKIT_CLASS = "org.iopf.toolkit.workload.WorkloadMetrics";
    private static final Path DISTRIBUTION = Path.of(System.getProperty("iopf.distribution", "target/iopf"));

    @TempDir
    Path temp;

    @Test
    void everyStockPluginZipCarriesTheToolkitJar() throws IOException {
        List<Path> zips = files(DISTRIBUTION.resolve("plugins"), ".zip");
        assertThat(zips).hasSize(8);
        for (Path zip : zips) {
            try (ZipFile file = new ZipFile(zip.toFile())) {
                assertThat(file.stream().map(e -> e.getName()))
                        .as("entries of %s", zip.getFileName())
                        .anyMatch(name -> name.matches("lib/framework-toolkit-[^/]+\\.jar"));
            }
        }
    }

    @Test
    void eachPluginLoadsItsOwnCopyOfTheToolkit() throws Exception {
        Path plugins = Files.createDirectories(temp.resolve("plugins"));
        for (Path zip : files(DISTRIBUTION.resolve("plugins"), ".zip")) {
            Files.copy(zip, plugins.resolve(zip.getFileName()));
        }
        List<URL> host = new ArrayList<>();
        for (Path jar : files(DISTRIBUTION.resolve("lib"), ".jar")) {
            host.add(jar.toUri().toURL());
        }
        host.add(ToolkitProbe.class.getProtectionDomain().getCodeSource().getLocation());
        try (URLClassLoader shipped = new URLClassLoader(host.toArray(URL[]::new),
                ClassLoader.getPlatformClassLoader())) {
            Method probe = shipped.loadClass(ToolkitProbe.class.getName())
                    .getMethod("probe", Path.class, Path.class, String.class);
            @SuppressWarnings("unchecked")
            Map<String, Class<?>[]> found = (Map<String, Class<?>[]>) probe.invoke(null, plugins,
                    temp.resolve("cache"), TOOLKIT_CLASS);

            assertThat(found).hasSize(8);
            List<Class<?>> copies = new ArrayList<>();
            found.forEach((plugin, classes) -> {
                ClassLoader pluginLoader = classes[0].getClassLoader();
                assertThat(pluginLoader).as("plugin %s's class loader", plugin).isNotSameAs(shipped);
                assertThat(classes[1].getClassLoader()).as("%s as plugin %s loads it", TOOLKIT_CLASS, plugin)
                        .isSameAs(pluginLoader);
                copies.add(classes[1]);
            });
            assertThat(copies).doesNotHaveDuplicates();
        }
    }

    private static List<Path> files(Path folder, String suffix) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(p -> p.getFileName().toString().endsWith(suffix)).sorted().toList();
        }
    }
}
