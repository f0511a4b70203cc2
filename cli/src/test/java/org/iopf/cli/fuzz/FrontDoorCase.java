package org.iopf.cli.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;

/**
 * A failure the front-door fuzz test found, kept as a fixed case: a small platform file under
 * {@code src/test/resources/front-door/} whose first comment lines say how to call {@code iopf}
 * on it and how it must end:
 *
 * <pre>
 * # found: what the fuzz test saw (exit 3, a hang, ...)
 * # iopf: validate                     (or: run --max-events 3000 --set workload.messages=1e400)
 * # exit: 2
 * # message: iopf: FILE:12:7: nodes[0].nic0.params.rate: ...   (the start of standard error)
 * </pre>
 *
 * {@code FILE} stands for the case file's path; the file goes after the command's name.
 *
 * @param file the case file
 * @param args the arguments of {@code iopf}, the file's path among them
 * @param exit the exit code it must end with
 * @param message how standard error must start
 */
record FrontDoorCase(Path file, List<String> args, int exit, String message) {
    private static final Path EMPTY_PLUGINS = Path.of("target", "front-door-cases", "plugins").toAbsolutePath();

    /** The case written in {@code file}. */
    static FrontDoorCase read(Path file) {
        try {
            String text = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
            String command = header(text, "iopf", file);
            List<String> args = new ArrayList<>(Arrays.asList(command.split(" ")));
            args.add(1, file.toString());
            args.addAll(List.of("--plugins", EMPTY_PLUGINS.toString()));
            return new FrontDoorCase(file, args, Integer.parseInt(header(text, "exit", file)),
                    header(text, "message", file).replace("FILE", file.toString()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String header(String text, String key, Path file) {
        return text.lines().takeWhile(l -> l.startsWith("#")).filter(l -> l.startsWith("# " + key + ": "))
                .map(l -> new String(l.substring(key.length() + 4).getBytes(StandardCharsets.ISO_8859_1),
                        StandardCharsets.UTF_8))
                .findFirst().orElseThrow(() -> new IllegalStateException(file + " has no '# " + key + ": ' line"));
    }

    /** One test per case file of {@code folder}, by name. */
    static Stream<DynamicTest> tests(Path folder) {
        try (Stream<Path> files = Files.list(folder)) {
            List<Path> cases = files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
            assertThat(cases).as("cases in " + folder).isNotEmpty();
            return cases.stream().map(FrontDoorCase::read)
                    .map(c -> DynamicTest.dynamicTest(c.file().getFileName().toString(), c::check));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Calls {@code iopf} on the case and checks how it ended. */
    void check() throws IOException {
        Files.createDirectories(EMPTY_PLUGINS);
        FrontDoor.Outcome outcome = new FrontDoor(BundledInputs.repositoryRoot(), Duration.ofSeconds(120))
                .call(args.toArray(String[]::new));
        assertThat(outcome.failure()).as("how iopf %s ended: %s", args, outcome.err()).isEmpty();
        assertThat(outcome.exitCode()).as("exit code; standard error: %s", outcome.err()).isEqualTo(exit);
        assertThat(outcome.message()).startsWith(message);
    }

    /** The cases' folder in the test resources. */
    static Path folder(String name) {
        return Path.of("src", "test", "resources", "front-door", name);
    }
}
