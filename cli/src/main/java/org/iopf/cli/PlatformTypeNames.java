package org.iopf.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.iopf.core.platform.file.PlatformFileReader;

/**
 * The component and workload type names a platform file or {@code --set} values mention: a hint
 * for the plugin host, which starts the plugins declaring them before the file is read.
 */
final class PlatformTypeNames {
    private PlatformTypeNames() {
    }

    /** The names under {@code type} keys anywhere in the platform file; none if it cannot be parsed. */
    static Set<String> in(Path file) {
        return PlatformFileReader.typeNames(file);
    }

    /** The values of {@code --set TARGET.type=NAME} settings. */
    static Set<String> inSettings(List<String> settings) {
        Set<String> names = new TreeSet<>();
        for (String setting : settings) {
            int eq = setting.indexOf('=');
            if (eq > 0 && setting.substring(0, eq).strip().endsWith(".type")) {
                names.add(setting.substring(eq + 1).strip());
            }
        }
        return names;
    }
}
