package org.iopf.core.io;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/** Places a test can write nothing into. */
final class Folders {
    private Folders() {
    }

    /**
     * A folder in which no file can be created: {@code parent/locked} made read-only, or, when that
     * does not stop this user (root), {@code /sys}, where not even root may create a file.
     */
    static Path unwritable(Path parent) throws IOException {
        Path locked = Files.createDirectory(parent.resolve("locked"));
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("r-xr-xr-x"));
        if (!canCreateIn(locked)) {
            return locked;
        }
        Path sys = Path.of("/sys");
        assumeTrue(Files.isDirectory(sys) && !canCreateIn(sys), "no folder here refuses this user's files");
        return sys;
    }

    private static boolean canCreateIn(Path folder) {
        try {
            Files.delete(Files.createFile(folder.resolve(".iopf-probe")));
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
