package org.iopf.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/** {@code plugins/.unloaded/}, where {@code plugins unload} moves a plugin's file: nothing there is overwritten. */
final class UnloadedFolder {
    private UnloadedFolder() {
    }

    /** {@code name} in {@code folder}, or {@code name-2}, {@code name-3}, ... (before the extension) if taken. */
    static Path freeName(Path folder, String name) {
        Path candidate = folder.resolve(name);
        int dot = name.lastIndexOf('.');
        String stem = dot > 0 ? name.substring(0, dot) : name;
        String extension = dot > 0 ? name.substring(dot) : "";
        for (int n = 2; Files.exists(candidate); n++) {
            candidate = folder.resolve(stem + "-" + n + extension);
        }
        return candidate;
    }
}
