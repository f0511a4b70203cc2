package org.iopf.core.platform.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The YAML tree reader is linear in the text's size and reports what it cannot read (bytes that
 * are not UTF-8, characters YAML does not allow, nesting past its limit) at file, line and column.
 */
final class YamlTreeReaderTest {
    @TempDir
    Path temp;

    @Test
    void aLargePlainScalarIsReadWhole() {
        String big = "a".repeat(4 << 20);

        YamlNode root = new YamlTreeReader("big.yaml").read("description: " + big + "\nseed: 3\n");

        YamlNode.Mapping mapping = (YamlNode.Mapping) root;
        assertThat(((YamlNode.Scalar) mapping.get("description").orElseThrow()).text()).isEqualTo(big);
        assertThat(mapping.entries().get("seed").keyMark()).isEqualTo(new Mark(2, 1));
    }

    @Test
    void aLargePlatformFileIsReadUpToItsFirstError() throws IOException {
        Path file = Files.writeString(temp.resolve("big.yaml"), "x: " + "b".repeat(2 << 20) + "\n");

        assertThatThrownBy(() -> new PlatformFileReader(ReferenceRegistry.create()).read(file))
                .isInstanceOf(PlatformFileException.class)
                .hasMessageStartingWith(file + ":1:1: x: unknown top-level key");
    }

    /**
     * The parser's stream reader copies its unread window on every refill, so the cost of a long
     * scalar is refills x window: the text must arrive in a number of reads that does not grow with
     * its size (with SnakeYAML's default 1 KiB buffer, a 1 MiB scalar took 1,024 reads).
     */
    @Test
    void theTextIsDeliveredInAFixedNumberOfReadsWhateverItsSize() {
        for (int size : new int[] {1 << 10, 64 << 10, 1 << 20}) {
            String text = "description: " + "c".repeat(size) + "\n";
            CountingReader chars = new CountingReader(text);

            new YamlTreeReader("counted.yaml").read(text, chars);

            assertThat(chars.readsWithData).as("reads of a %d-character scalar", size).isLessThanOrEqualTo(2);
        }
    }

    @Test
    void nestingUpToTheLimitIsReadAndOneLevelMoreIsALocatedError() {
        int lists = YamlTreeReader.MAX_DEPTH - 1;
        YamlTreeReader reader = new YamlTreeReader("deep.yaml");
        assertThat(reader.read("a: " + "[".repeat(lists) + "]".repeat(lists))).isInstanceOf(YamlNode.Mapping.class);

        assertThatThrownBy(() -> reader.read("a: " + "[".repeat(lists + 1) + "]".repeat(lists + 1)))
                .isInstanceOf(PlatformFileException.class)
                .hasMessageStartingWith("deep.yaml:1:" + (3 + lists + 1) + ": a[0][0]")
                .hasMessageEndingWith(": nesting deeper than 100 mappings and lists; expected a shallower document");
        assertThatThrownBy(() -> reader.read("a: " + "[".repeat(100_000)))
                .hasMessageContaining("nesting deeper than 100 ");
    }

    @Test
    void bytesThatAreNotUtf8AreReportedWithTheirLineColumnAndOffset() throws IOException {
        Path file = Files.write(temp.resolve("latin1.yaml"),
                "name: x\ndescription: caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));

        assertThatThrownBy(() -> new PlatformFileReader(ReferenceRegistry.create()).read(file))
                .isInstanceOf(PlatformFileException.class)
                .hasMessage(file + ":2:17: (top level): invalid UTF-8 (0xE9 at byte offset 24); "
                        + "expected a UTF-8 text file");
        assertThatThrownBy(() -> PlatformFileText.decode("cut.yaml", new byte[] {'a', ':', ' ', (byte) 0xE2, (byte) 0x82}))
                .hasMessage("cut.yaml:1:4: (top level): invalid UTF-8 (0xE2 0x82 at byte offset 3); "
                        + "expected a UTF-8 text file");
        assertThat(PlatformFileText.decode("ok.yaml", "name: caf\u00e9 \u2014 \uD83D\uDE80\n".getBytes(StandardCharsets.UTF_8)))
                .isEqualTo("name: caf\u00e9 \u2014 \uD83D\uDE80\n");
    }

    @Test
    void aCharacterYamlDoesNotAllowIsReportedWhereItStands() {
        assertThatThrownBy(() -> new YamlTreeReader("bell.yaml").read("name: x\ndescription: \u00e9a\u0007b\n"))
                .isInstanceOf(PlatformFileException.class)
                .hasMessage("bell.yaml:2:16: (top level): the character U+0007 is not allowed in YAML; "
                        + "expected printable text");
    }

    @Test
    void nullsAreThePlainUntaggedOnesOnly() {
        YamlNode.Mapping m = (YamlNode.Mapping) new YamlTreeReader("n.yaml").read("a: ~\nb: null\nc:\nd: 'null'\ne: \"\"\n");

        assertThat(m.entries().values()).extracting(e -> ((YamlNode.Scalar) e.value()).text())
                .containsExactly(null, null, null, "null", "");
    }

    /** A reader over a string that counts the reads that delivered characters. */
    private static final class CountingReader extends Reader {
        private final StringReader text;
        int readsWithData;

        CountingReader(String text) {
            this.text = new StringReader(text);
        }

        @Override
        public int read(char[] buffer, int offset, int length) throws IOException {
            int n = text.read(buffer, offset, length);
            if (n > 0) {
                readsWithData++;
            }
            return n;
        }

        @Override
        public void close() {
            text.close();
        }
    }
}
