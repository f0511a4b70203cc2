package org.iopf.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file written by {@link AtomicFile} is complete or absent, never half-written. */
final class AtomicFileTest {
    private static final Path DEV_FULL = Path.of("/dev/full");

    @TempDir
    Path temp;

    @Test
    void writesAndReplacesAFileLeavingNoTemporaryFileBehind() throws IOException {
        Path file = temp.resolve("results.csv");
        AtomicFile.writeText(file, out -> out.write("first\n"));
        AtomicFile.writeText(file, out -> out.write("second\n"));

        assertThat(Files.readString(file)).isEqualTo("second\n");
        assertThat(names(temp)).containsExactly("results.csv");
    }

    @Test
    void aWriteThatFailsMidwayLeavesTheEarlierFileIntactAndNoPartialFile() throws IOException {
        Path file = Files.writeString(temp.resolve("results.json"), "{\"complete\": true}\n");

        assertThatThrownBy(() -> AtomicFile.write(file, out -> {
            out.write("{\"half\": ".getBytes(StandardCharsets.UTF_8));
            out.flush();
            throw new IOException("No space left on device");
        })).isInstanceOf(UncheckedIOException.class)
                .hasMessage("cannot write " + file + ": No space left on device");

        assertThat(Files.readString(file)).isEqualTo("{\"complete\": true}\n");
        assertThat(names(temp)).containsExactly("results.json");
    }

    @Test
    void aNewFileThatFailsMidwayIsNotCreatedAtAll() throws IOException {
        Path file = temp.resolve("throughput.png");

        assertThatThrownBy(() -> AtomicFile.write(file, out -> {
            out.write(new byte[100_000]);
            throw new IllegalStateException("the chart broke");
        })).isInstanceOf(IllegalStateException.class);

        assertThat(names(temp)).isEmpty();
    }

    @Test
    void aFolderThatIsAFileOrAFolderInPlaceOfTheFileIsRefusedInWords() throws IOException {
        Path notAFolder = Files.writeString(temp.resolve("out"), "a file");
        Path inside = notAFolder.resolve("results.json");

        assertThatThrownBy(() -> AtomicFile.writeText(inside, out -> out.write("x")))
                .hasMessage("cannot write " + inside + ": " + notAFolder + " exists and is not a folder");
        assertThatThrownBy(() -> AtomicFile.createFolder(notAFolder))
                .hasMessage("cannot create the folder " + notAFolder + ": it exists and is not a folder");
        assertThatThrownBy(() -> AtomicFile.createFolder(inside))
                .hasMessage("cannot create the folder " + inside + ": " + notAFolder + " exists and is not a folder");
        assertThatThrownBy(() -> AtomicFile.writeText(temp, out -> out.write("x")))
                .hasMessage("cannot write " + temp + ": it is a folder");
        assertThat(Files.readString(notAFolder)).isEqualTo("a file");
    }

    @Test
    void anUnwritableFolderIsPermissionDenied() throws IOException {
        Path folder = Folders.unwritable(temp);
        Path file = folder.resolve("results.json");

        assertThatThrownBy(() -> AtomicFile.writeText(file, out -> out.write("x")))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageMatching("cannot write " + file + ": .*(permission denied|Operation not permitted)");
        assertThatThrownBy(() -> AtomicFile.createFolder(folder.resolve("out")))
                .hasMessageMatching("cannot create the folder " + folder.resolve("out")
                        + ": (permission denied|Operation not permitted)");
        assertThat(Files.exists(file)).isFalse();
    }

    @Test
    void aDeviceIsWrittenInPlaceAndAFullOneFailsWithTheSystemsReason() {
        assumeTrue(Files.exists(DEV_FULL), "no /dev/full on this system");

        assertThatThrownBy(() -> AtomicFile.write(DEV_FULL, out -> out.write(new byte[64 * 1024])))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessage("cannot write /dev/full: No space left on device");
        assertThat(Files.isRegularFile(DEV_FULL)).as("the device is still a device").isFalse();
        AtomicFile.writeText(Path.of("/dev/null"), out -> out.write("discarded"));
        assertThat(Files.isRegularFile(Path.of("/dev/null"))).isFalse();
    }

    private static java.util.List<String> names(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
