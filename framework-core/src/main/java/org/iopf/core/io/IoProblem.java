package org.iopf.core.io;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;

/**
 * Why a file could not be read or written, in words: {@code permission denied},
 * {@code No space left on device}, {@code no such file or folder}, instead of an exception's
 * class name.
 *
 * @since 0.1
 */
public final class IoProblem {
    private IoProblem() {
    }

    /**
     * The reason of {@code e} in a few words. When a folder on the way to {@code subject} is a file,
     * that is the reason ({@code /tmp/out exists and is not a folder}); otherwise the file that
     * {@code e} concerns is named when it is not {@code subject} ({@code /out/results.json:
     * permission denied} for a subject {@code /out}).
     *
     * @param e the failure, not null
     * @param subject the file or folder the caller was working on; may be null
     * @return one line
     */
    public static String describe(IOException e, Path subject) {
        requireNonNull(e, "e is null");
        if (subject != null) {
            for (Path p = subject.toAbsolutePath().getParent(); p != null; p = p.getParent()) {
                if (Files.exists(p) && !Files.isDirectory(p)) {
                    return p + " exists and is not a folder";
                }
            }
        }
        String reason = reason(e);
        if (e instanceof FileSystemException fs && fs.getFile() != null
                && (subject == null || !Path.of(fs.getFile()).toAbsolutePath().equals(subject.toAbsolutePath()))) {
            return fs.getFile() + ": " + reason;
        }
        return reason;
    }

    private static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file or folder";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "already exists";
        }
        if (e instanceof NotDirectoryException) {
            return "not a folder";
        }
        if (e instanceof FileSystemException fs) {
            return fs.getReason() != null ? fs.getReason() : e.getClass().getSimpleName();
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }
}
