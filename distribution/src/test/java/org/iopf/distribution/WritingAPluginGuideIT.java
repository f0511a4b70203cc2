package org.iopf.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/writing-a-plugin.md} cannot drift from what CI runs: every command line of its
 * {@code ```sh} blocks is a command of {@code .ci/run}, in the guide's order, so each one is
 * exercised on every CI run; and README.md links the guide.
 */
final class WritingAPluginGuideIT {
    private static final Path ROOT = repositoryRoot();

    /** The checkout's root: the first folder up from the working directory that holds {@code .ci/run}. */
    private static Path repositoryRoot() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve(".ci/run"))) {
                return dir;
            }
        }
        throw new IllegalStateException("no .ci/run above " + Path.of("").toAbsolutePath());
    }

    /** The command lines of the guide's {@code ```sh} blocks, without blank lines and comments. */
    static List<String> shellCommands(List<String> markdown) {
        List<String> commands = new ArrayList<>();
        boolean inSh = false;
        for (String line : markdown) {
            String trimmed = line.strip();
            if (!inSh && trimmed.equals("```sh")) {
                inSh = true;
            } else if (inSh && trimmed.equals("```")) {
                inSh = false;
            } else if (inSh && !trimmed.isEmpty() && !trimmed.startsWith("#")) {
                commands.add(trimmed);
            }
        }
        assertThat(inSh).as("an unclosed ```sh block").isFalse();
        return commands;
    }

    @Test
    void everyCommandOfTheGuideIsRunByCiInTheGuidesOrder() throws IOException {
        List<String> commands = shellCommands(Files.readAllLines(ROOT.resolve("docs/writing-a-plugin.md")));
        List<String> ci = Files.readAllLines(ROOT.resolve(".ci/run")).stream().map(String::strip)
                .filter(l -> !l.startsWith("#")).toList();

        assertThat(commands).as("the guide's commands").hasSizeGreaterThanOrEqualTo(10);
        int from = 0;
        for (String command : commands) {
            int at = -1;
            for (int i = from; i < ci.size() && at < 0; i++) {
                if (ci.get(i).contains(command)) {
                    at = i;
                }
            }
            assertThat(at).as("'%s' (docs/writing-a-plugin.md) is run by .ci/run after the guide's previous "
                    + "command", command).isNotNegative();
            from = at;
        }
    }

    @Test
    void theExtractorReadsOnlyShBlocksAndSkipsComments() {
        List<String> markdown = List.of("text", "```sh", "# a comment", "mvn -B verify", "", "```",
                "```java", "int x;", "```", "```sh", "  iopf plugins  ", "```");

        assertThat(shellCommands(markdown)).containsExactly("mvn -B verify", "iopf plugins");
    }

    @Test
    void theReadmeLinksTheGuideAndTheExample() throws IOException {
        String readme = Files.readString(ROOT.resolve("README.md"));

        assertThat(readme).contains("(docs/writing-a-plugin.md)", "examples/third-party-plugin");
        assertThat(ROOT.resolve("examples/third-party-plugin/pom.xml")).isRegularFile();
    }
}
