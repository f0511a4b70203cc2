package org.iopf.core.io;

import static java.util.Objects.requireNonNull;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes a file so that it is either complete or not there: the content goes to a temporary file
 * beside the target ({@code .results.json.4711.1.tmp}), which is renamed onto the target only once it
 * has been written in full and closed. A write that fails part-way (a full disk, an exception of
 * the content) deletes the temporary file and leaves an earlier target as it was.
 *
 * <p>A target that exists and is not a regular file ({@code /dev/null}, {@code /dev/full}, a named
 * pipe) is written in place: renaming over it would replace the device, not write to it.
 *
 * @since 0.1
 */
public final class AtomicFile {
    /** Writes content to a stream; the stream is buffered and closed by {@link AtomicFile}. */
    @FunctionalInterface
    public interface Content {
        /**
         * Writes everything to {@code out}.
         *
         * @param out where to write, not null; may be closed by the content
         * @throws IOException if writing fails
         */
        void writeTo(OutputStream out) throws IOException;
    }

    /** Writes text content to a writer; the writer is flushed and closed by {@link AtomicFile}. */
    @FunctionalInterface
    public interface TextContent {
        /**
         * Writes everything to {@code out}.
         *
         * @param out where to write, not null
         * @throws IOException if writing fails
         */
        void writeTo(Writer out) throws IOException;
    }

    private static final AtomicLong COUNTER = new AtomicLong();

    private AtomicFile() {
    }

    /**
     * Writes {@code content} to {@code target}, replacing it only once the content is complete.
     *
     * @param target the file, not null; its folder must exist
     * @param content what to write, not null
     * @throws UncheckedIOException if the file cannot be written, with a one-line message naming
     *     it and saying why ({@code cannot write out/results.json: No space left on device})
     */
    public static void write(Path target, Content content) {
        requireNonNull(target, "target is null");
        requireNonNull(content, "content is null");
        if (Files.isDirectory(target)) {
            throw new UncheckedIOException("cannot write " + target + ": it is a folder",
                    new FileAlreadyExistsException(target.toString()));
        }
        try {
            Path real = Files.exists(target) ? target.toRealPath() : target;
            if (Files.exists(real) && !Files.isRegularFile(real)) {
                writeInPlace(real, content);
            } else {
                writeAndRename(real, content);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target + ": " + IoProblem.describe(e, target), e);
        }
    }

    /**
     * Writes the text of {@code content} to {@code target} in UTF-8, as {@link #write(Path, Content)}.
     *
     * @param target the file, not null; its folder must exist
     * @param content what to write, not null
     * @throws UncheckedIOException if the file cannot be written
     */
    public static void writeText(Path target, TextContent content) {
        requireNonNull(content, "content is null");
        write(target, out -> {
            Writer text = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            content.writeTo(text);
            text.flush();
        });
    }

    /**
     * Creates {@code folder} and its parents where missing.
     *
     * @param folder the folder, not null
     * @throws UncheckedIOException if it cannot be created or a file of that name is in the way,
     *     with a one-line message ({@code cannot create the folder out: it exists and is not a folder})
     */
    public static void createFolder(Path folder) {
        requireNonNull(folder, "folder is null");
        try {
            Files.createDirectories(folder.toAbsolutePath());
        } catch (IOException e) {
            String reason = Files.exists(folder) && !Files.isDirectory(folder) ? "it exists and is not a folder"
                    : IoProblem.describe(e, folder);
            throw new UncheckedIOException("cannot create the folder " + folder + ": " + reason, e);
        }
    }

    private static void writeAndRename(Path target, Content content) throws IOException {
        Path temp = target.toAbsolutePath().resolveSibling("." + target.getFileName() + "."
                + ProcessHandle.current().pid() + "." + COUNTER.incrementAndGet() + ".tmp");
        try {
            // CREATE_NEW with the default permissions (the umask's), unlike createTempFile's 0600.
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(temp, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE))) {
                content.writeTo(out);
            }
            move(temp, target);
        } catch (IOException | RuntimeException | Error e) {
            Files.deleteIfExists(temp);
            throw e;
        }
    }

    private static void move(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void writeInPlace(Path target, Content content) throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(target))) {
            content.writeTo(out);
        }
    }
}
