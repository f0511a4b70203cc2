package org.iopf.core.plugin;

import com.google.inject.Module;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.iopf.api.platform.ComponentType;
import org.pf4j.Plugin;
import org.slf4j.Logger;

/**
 * Builds test-only plugin zips from {@code src/test/plugin-sources/<tree>}: replaces
 * {@code @TOKEN@}s, compiles against framework-api, PF4J, Guice, jakarta.inject and SLF4J with
 * PF4J's annotation processor, and packs {@code plugin.properties} and {@code lib/<id>.jar}.
 * Public, and shipped in framework-core's test jar, so that the CLI's tests build the same plugins.
 */
public final class TestPlugins {
    private static final Map<String, String> PLUGIN_CLASSES = Map.of(
            "test-iommu", "org.iopf.testplugin.iommu.TestIommuPlugin",
            "failing-start", "org.iopf.testplugin.failing.FailingPlugin",
            "hostile", "org.iopf.testplugin.hostile.HostilePlugin");

    private final Path work;
    private final Path sources;
    private int builds;

    /**
     * Builds into {@code work} from core's {@code src/test/plugin-sources}, found from the module
     * the test runs in (core, or a sibling module holding core's tests that need other modules).
     */
    public TestPlugins(Path work) {
        this(work, coreSources(Path.of(System.getProperty("basedir", "."))));
    }

    private static Path coreSources(Path module) {
        Path own = module.resolve("src/test/plugin-sources");
        return Files.isDirectory(own) ? own : module.resolve("../framework-core/src/test/plugin-sources").normalize();
    }

    /** Builds into {@code work} from the plugin source trees under {@code sources}. */
    public TestPlugins(Path work, Path sources) {
        this.work = Objects.requireNonNull(work, "work is null");
        this.sources = Objects.requireNonNull(sources, "sources is null");
    }

    /** A test-iommu plugin: component type {@code test-iommu}, workload type {@code test-translate}. */
    public Spec iommu(String id, String version) {
        return new Spec("test-iommu", id, version).token("TYPE_NAME", "test-iommu")
                .token("WORKLOAD_NAME", "test-translate").token("LATENCY", "10ns");
    }

    /** A plugin whose start throws {@code no licence server}. */
    public Spec failingStart(String id) {
        return new Spec("failing-start", id, "1.0.0");
    }

    /**
     * A plugin whose {@code start()} runs {@code startBody} (Java statements; {@code recurse(0)} and
     * {@code sleepForever()} are at hand) and whose component type {@code hostile-iommu} declares
     * no parameters and an empty module unless {@link Spec#token} sets {@code PARAMETERS} or {@code MODULE}.
     */
    public Spec hostile(String id, String startBody) {
        return new Spec("hostile", id, "1.0.0").token("START", startBody).token("TYPE_NAME", "hostile-iommu")
                .token("PARAMETERS", "return List.of();")
                .token("MODULE", "return binder -> { };");
    }

    /** What to build. */
    public final class Spec {
        private final String tree;
        private final String id;
        private final String version;
        private String requires = ">=0.2.0 & <0.3.0";
        private String provider = "iopf tests";
        private String descriptor;
        private final Map<String, String> tokens = new HashMap<>();

        Spec(String tree, String id, String version) {
            this.tree = tree;
            this.id = id;
            this.version = version;
            tokens.put("VERSION", version);
        }

        public Spec token(String name, String value) {
            tokens.put(name, value);
            return this;
        }

        public Spec requires(String constraint) {
            this.requires = constraint;
            return this;
        }

        /** Names {@code provider} in the descriptor ({@code iopf} makes it a stock plugin). */
        public Spec provider(String provider) {
            this.provider = provider;
            return this;
        }

        /** Packs {@code properties} as {@code plugin.properties} instead of the descriptor the spec implies. */
        public Spec rawDescriptor(String properties) {
            this.descriptor = properties;
            return this;
        }

        /** Builds the zip and moves it atomically to {@code folder/fileName}. */
        public Path zipInto(Path folder, String fileName) {
            try {
                Files.createDirectories(folder);
                Files.createDirectories(work);
                Path built = work.resolve("zip-" + (++builds) + ".zip");
                try (OutputStream out = Files.newOutputStream(built)) {
                    out.write(zip());
                }
                return Files.move(built, folder.resolve(fileName), StandardCopyOption.REPLACE_EXISTING,
                        StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /**
         * Builds a plain plugin jar (descriptor in {@code META-INF/MANIFEST.MF}: Plugin-Id,
         * Plugin-Version, Plugin-Requires, Plugin-Class) and moves it to {@code folder}.
         */
        public Path jarInto(Path folder) {
            try {
                Files.createDirectories(folder);
                Files.createDirectories(work);
                Path built = work.resolve("jar-" + (++builds) + ".jar");
                Files.write(built, jar(compile(), manifest()));
                return Files.move(built, folder.resolve(id + "-" + version + ".jar"),
                        StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private String manifest() {
            return "Manifest-Version: 1.0\r\nPlugin-Id: " + id + "\r\nPlugin-Version: " + version
                    + "\r\nPlugin-Requires: " + requires + "\r\nPlugin-Class: " + PLUGIN_CLASSES.get(tree)
                    + "\r\nPlugin-Provider: iopf tests\r\nPlugin-Description: " + tree + " " + version + "\r\n\r\n";
        }

        /** Builds the zip into {@code folder} named {@code <id>-<version>.zip}. */
        public Path zipInto(Path folder) {
            return zipInto(folder, id + "-" + version + ".zip");
        }

        private byte[] zip() throws IOException {
            Path classes = compile();
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
                zip.putNextEntry(new ZipEntry("plugin.properties"));
                zip.write(properties().getBytes(StandardCharsets.ISO_8859_1));
                zip.closeEntry();
                zip.putNextEntry(new ZipEntry("lib/" + id + ".jar"));
                zip.write(jar(classes, null));
                zip.closeEntry();
            }
            return bytes.toByteArray();
        }

        private String properties() {
            if (descriptor != null) {
                return descriptor;
            }
            return "plugin.id=" + id + "\nplugin.class=" + PLUGIN_CLASSES.get(tree) + "\nplugin.version=" + version
                    + "\nplugin.requires=" + requires + "\nplugin.provider=" + provider + "\nplugin.description=" + tree
                    + " " + version + "\n";
        }

        private Path compile() throws IOException {
            int n = ++builds;
            Path sources = work.resolve("src-" + n);
            Path classes = work.resolve("classes-" + n);
            Files.createDirectories(classes);
            Path root = TestPlugins.this.sources.resolve(tree);
            List<String> files = new ArrayList<>();
            try (Stream<Path> walk = Files.walk(root)) {
                for (Path file : walk.filter(p -> p.toString().endsWith(".java")).toList()) {
                    String text = Files.readString(file);
                    for (Map.Entry<String, String> token : tokens.entrySet()) {
                        text = text.replace("@" + token.getKey() + "@", token.getValue());
                    }
                    Path target = sources.resolve(root.relativize(file).toString());
                    Files.createDirectories(target.getParent());
                    Files.writeString(target, text);
                    files.add(target.toString());
                }
            }
            String classPath = String.join(java.io.File.pathSeparator, locationOf(ComponentType.class),
                    locationOf(Plugin.class), locationOf(Module.class), locationOf(jakarta.inject.Inject.class),
                    locationOf(Logger.class));
            List<String> args = new ArrayList<>(List.of("--release", "17", "-classpath", classPath,
                    "-processorpath", classPath, "-processor", "org.pf4j.processor.ExtensionAnnotationProcessor",
                    "-d", classes.toString()));
            args.addAll(files);
            JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
            ByteArrayOutputStream errors = new ByteArrayOutputStream();
            int status = compiler.run(null, errors, errors, args.toArray(String[]::new));
            if (status != 0) {
                throw new IllegalStateException("test plugin " + tree + " does not compile:\n" + errors);
            }
            return classes;
        }
    }

    private static byte[] jar(Path classes, String manifest) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream jar = new ZipOutputStream(bytes); Stream<Path> walk = Files.walk(classes)) {
            if (manifest != null) {
                jar.putNextEntry(new ZipEntry("META-INF/MANIFEST.MF"));
                jar.write(manifest.getBytes(StandardCharsets.UTF_8));
                jar.closeEntry();
            }
            for (Path file : walk.filter(Files::isRegularFile).sorted().toList()) {
                jar.putNextEntry(new ZipEntry(classes.relativize(file).toString().replace('\\', '/')));
                jar.write(Files.readAllBytes(file));
                jar.closeEntry();
            }
        }
        return bytes.toByteArray();
    }

    private static String locationOf(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
