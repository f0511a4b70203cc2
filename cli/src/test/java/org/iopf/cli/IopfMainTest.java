package org.iopf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

final class IopfMainTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return IopfMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void runPrintsMeasuredFiguresOfTheDefaultScenario() {
        assertThat(run("run", "--messages", "4", "--message-size", "256KiB", "--seed", "9")).isZero();
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(text).contains("(seed 9)", "4 x 262144 B, 0 errors", "every byte arrived intact")
                .containsPattern("throughput\\s+9[0-9]\\.[0-9]{3}Gbps");
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void badInputExitsWithTwoAndSaysWhy() {
        assertThat(run()).isEqualTo(2);
        assertThat(run("run", "--speed", "9")).isEqualTo(2);
        assertThat(run("run", "--message-size", "4 parsecs")).isEqualTo(2);
        assertThat(run("run", "--seed", "x")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("usage: iopf run", "unknown option --speed",
                "unknown unit 'parsecs'",
                "--seed takes a whole number, not 'x'");
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
    }
}
