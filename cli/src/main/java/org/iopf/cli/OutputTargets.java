package org.iopf.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks, before a run, that the places its outputs go can take them, so that a run of an hour is
 * not lost to an {@code --out} that names a file; and tries every output even when one fails.
 */
final class OutputTargets {
    private OutputTargets() {
    }

    /**
     * Refuses a {@code folder} that exists and is not a folder.
     *
     * @param option the option that named it, for the message
     * @param folder the folder, created later if missing; null when the option was not given
     */
    static void checkFolder(String option, Path folder) {
        if (folder != null && Files.exists(folder) && !Files.isDirectory(folder)) {
            throw new BadInputException(option + " " + folder + ": it exists and is not a folder; expected a folder "
                    + "(created if missing)");
        }
    }

    /**
     * Refuses a {@code file} that is a folder, or whose folder is a file.
     *
     * @param option the option that named it, for the message
     * @param file the file, replaced later; null when the option was not given
     */
    static void checkFile(String option, Path file) {
        if (file == null) {
            return;
        }
        if (Files.isDirectory(file)) {
            throw new BadInputException(option + " " + file + ": it is a folder; expected a file name");
        }
        Path folder = file.toAbsolutePath().getParent();
        if (folder != null && Files.exists(folder) && !Files.isDirectory(folder)) {
            throw new BadInputException(option + " " + file + ": " + folder + " is not a folder");
        }
    }

    /**
     * Runs {@code other} after {@code failure} of an earlier output, so that one failing output
     * does not cost the others; a failure of {@code other} is kept as suppressed by {@code failure}.
     */
    static void alsoTry(RuntimeException failure, Runnable other) {
        try {
            other.run();
        } catch (RuntimeException e) {
            failure.addSuppressed(e);
        }
    }
}
