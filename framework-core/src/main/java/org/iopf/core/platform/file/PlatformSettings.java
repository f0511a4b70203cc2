package org.iopf.core.platform.file;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.Scenario;

/**
 * Reads a platform file with values given on the command line ({@code run --set PATH=VALUE}) in
 * place of the file's, at any path a sweep's axis may name: {@code seed},
 * {@code fabric.link.rate=25Gbps}, {@code nodes[0].memory.numa=[8GiB, 8GiB]},
 * {@code node1.cores=[{cluster: cpu, count: 8}]}, {@code node2.faults.type=demand-paging},
 * {@code workload.type=rdma-read-stream}, {@code workload.params.messageSize=64KiB} (paths as
 * {@link PlatformPath} describes them). A value is YAML, read as if it stood in the file, and the
 * whole file is then checked by {@link PlatformFileReader}; an error names the setting.
 *
 * @since 0.1
 */
public final class PlatformSettings {
    private final PlatformFileReader reader;

    /**
     * Settings checked against {@code registry}.
     *
     * @param registry the known component and workload types, not null
     */
    public PlatformSettings(ExtensionRegistry registry) {
        this.reader = new PlatformFileReader(requireNonNull(registry, "registry is null"));
    }

    /**
     * The scenario of {@code file} with {@code settings} in place.
     *
     * @param file the platform file, not null
     * @param settings {@code PATH=VALUE} each, not null
     * @throws PlatformFileException if the file itself is bad
     * @throws PlatformSettingException if a setting is
     */
    public Scenario read(Path file, List<String> settings) {
        requireNonNull(file, "file is null");
        requireNonNull(settings, "settings is null");
        String source = file.toString();
        YamlNode.Mapping root = PlatformFileReader.tree(source, PlatformFileText.read(file, "platform file"));
        reader.read(source, root);
        List<TreeEdit> edits = new ArrayList<>();
        for (String setting : settings) {
            edits.add(edit(setting, root));
        }
        return new EditedPlatformReader(reader).read(source, root, edits);
    }

    private static TreeEdit edit(String setting, YamlNode.Mapping root) {
        int eq = setting.indexOf('=');
        if (eq <= 0) {
            throw new PlatformSettingException(setting, "", "expected PATH=VALUE, such as fabric.link.rate=25Gbps or "
                    + "nodes[0].memory.numa=[8GiB, 8GiB]");
        }
        PlatformPath path;
        try {
            path = PlatformPath.resolve(setting.substring(0, eq), root);
        } catch (IllegalArgumentException e) {
            throw new PlatformSettingException(setting, "", e.getMessage());
        }
        String text = setting.substring(eq + 1);
        YamlNode value;
        try {
            value = text.isBlank() ? new YamlNode.Scalar(Mark.START, "", null) : new YamlTreeReader("--set").read(text);
        } catch (PlatformFileException e) {
            throw new PlatformSettingException(setting, path.text(), "the value is not YAML: " + e.problem());
        }
        return new TreeEdit(path, value, new Origin(setting));
    }

    /** An edit given on the command line: its errors name the setting. */
    private record Origin(String setting) implements EditOrigin {
        @Override
        public RuntimeException error(String path, int line, int column, String problem) {
            return error(path, problem);
        }

        @Override
        public RuntimeException error(String path, String problem) {
            return new PlatformSettingException(setting, path, problem);
        }

        @Override
        public Mark mark() {
            return Mark.START;
        }
    }
}
